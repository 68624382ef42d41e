import { formatRelativeTime, parseKubernetesTime } from "./relative-time";
import type { KubernetesObject } from "./types";

// Argo Rollouts' canary as a rollout row shows it, after Backstage's
// kubernetes-react (`CustomResources/ArgoRollouts/Rollout.tsx` and
// `StepsProgress.tsx`). A rollout is a custom resource, so its fields are
// read defensively: the API server hands over whatever the manifest holds.

export type CanaryStep =
  { setWeight: number } | { pause: { duration?: string | number } } | { analysis: { templates: Array<{ templateName: string; clusterScope?: boolean }> } } | Record<string, unknown>;

type RolloutStatus = {
  currentStepIndex?: number;
  pauseConditions?: Array<{ reason?: string; startTime?: string }>;
  conditions?: Array<{ type?: string; status?: string; reason?: string; message?: string }>;
};

type RolloutSpec = { strategy?: { canary?: { steps?: CanaryStep[] } } };

function rolloutSpec(rollout: KubernetesObject): RolloutSpec {
  return (rollout.spec ?? {}) as RolloutSpec;
}

function rolloutStatus(rollout: KubernetesObject): RolloutStatus {
  return (rollout.status ?? {}) as RolloutStatus;
}

/** A step's label: "setWeight 20%", "infinite pause", "pause for 10m", or the analysis templates' lines. */
export type StepLabel = { kind: "text"; text: string } | { kind: "analysis"; heading: "analysis templates:"; templates: string[] };

export function canaryStepLabel(step: CanaryStep): StepLabel {
  if ("setWeight" in step) return { kind: "text", text: `setWeight ${String(step.setWeight)}%` };
  if ("pause" in step) {
    const duration = (step.pause as { duration?: string | number } | undefined)?.duration;
    return { kind: "text", text: duration === undefined ? "infinite pause" : `pause for ${duration}` };
  }
  if ("analysis" in step) {
    const templates = (step.analysis as { templates?: Array<{ templateName?: string; clusterScope?: boolean }> } | undefined)?.templates ?? [];
    return { kind: "analysis", heading: "analysis templates:", templates: templates.map((template) => `${template.templateName}${template.clusterScope ? " (cluster scoped)" : ""}`) };
  }
  return { kind: "text", text: "unknown step" };
}

export const CANARY_PROMOTED_LABEL = "Canary promoted";

export type StepperStep = { label: StepLabel; state: "completed" | "active" | "pending" };

export type RolloutStepper = { steps: StepperStep[]; activeStep: number };

/**
 * The canary steps and a final 'Canary promoted' step. The active step is
 * the rollout's current step index; at or past the step count the canary is
 * being promoted, so the index moves one further and 'Canary promoted' shows
 * done as well. An aborted rollout has no active step (-1): every step shows
 * inactive rather than the first one looking current.
 */
export function rolloutStepper(rollout: KubernetesObject): RolloutStepper {
  const canarySteps = rolloutSpec(rollout).strategy?.canary?.steps ?? [];
  const currentStepIndex = rolloutStatus(rollout).currentStepIndex ?? 0;
  const aborted = rolloutAbortedMessage(rollout) !== undefined;
  const activeStep = aborted ? -1 : currentStepIndex >= canarySteps.length ? currentStepIndex + 1 : currentStepIndex;
  const labels: StepLabel[] = [...canarySteps.map(canaryStepLabel), { kind: "text", text: CANARY_PROMOTED_LABEL }];
  return {
    activeStep,
    steps: labels.map((label, index) => ({
      label,
      state: activeStep < 0 ? "pending" : index < activeStep ? "completed" : index === activeStep ? "active" : "pending",
    })),
  };
}

/** The message of a Progressing=False condition with reason RolloutAborted; its presence is the 'Aborted' badge. */
export function rolloutAbortedMessage(rollout: KubernetesObject): string | undefined {
  return rolloutStatus(rollout).conditions?.find((condition) => condition.type === "Progressing" && condition.status === "False" && condition.reason === "RolloutAborted")?.message;
}

/** When the canary paused at a pause step, or undefined when it is not paused there. */
export function rolloutPausedSince(rollout: KubernetesObject): Date | undefined {
  return parseKubernetesTime(rolloutStatus(rollout).pauseConditions?.find((condition) => condition.reason === "CanaryPauseStep")?.startTime);
}

/** The 'Paused (3 minutes ago)' badge's text, or undefined when not paused at a canary step. */
export function rolloutPausedText(rollout: KubernetesObject, now: Date = new Date()): string | undefined {
  const since = rolloutPausedSince(rollout);
  return since ? `Paused (${formatRelativeTime(since, now)})` : undefined;
}
