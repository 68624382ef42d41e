import { describe, expect, it } from "vitest";
import { canaryStepLabel, rolloutAbortedMessage, rolloutPausedText, rolloutStepper } from "./rollout";
import type { KubernetesObject } from "./types";

const NOW = new Date("2026-11-28T10:00:00Z");

const steps = [
  { setWeight: 20 },
  { pause: { duration: "10m" } },
  { analysis: { templates: [{ templateName: "success-rate" }, { templateName: "latency", clusterScope: true }] } },
  { setWeight: 60 },
  { pause: {} },
];

function rollout(status: Record<string, unknown>): KubernetesObject {
  return {
    apiVersion: "argoproj.io/v1alpha1",
    kind: "Rollout",
    metadata: { name: "checkout", namespace: "shop", uid: "ro-1" },
    spec: { replicas: 5, strategy: { canary: { steps } } },
    status,
  };
}

const texts = (stepper: ReturnType<typeof rolloutStepper>) => stepper.steps.map((step) => (step.label.kind === "text" ? step.label.text : step.label.templates.join(" | ")));

describe("canaryStepLabel", () => {
  it("labels each kind of step as Backstage's stepper does", () => {
    expect(canaryStepLabel({ setWeight: 20 })).toEqual({ kind: "text", text: "setWeight 20%" });
    expect(canaryStepLabel({ pause: { duration: "10m" } })).toEqual({ kind: "text", text: "pause for 10m" });
    expect(canaryStepLabel({ pause: { duration: 30 } })).toEqual({ kind: "text", text: "pause for 30" });
    expect(canaryStepLabel({ pause: {} })).toEqual({ kind: "text", text: "infinite pause" });
    expect(canaryStepLabel(steps[2])).toEqual({ kind: "analysis", heading: "analysis templates:", templates: ["success-rate", "latency (cluster scoped)"] });
    expect(canaryStepLabel({ experiment: { templates: [] } })).toEqual({ kind: "text", text: "unknown step" });
  });
});

describe("rolloutStepper", () => {
  it("adds a final 'Canary promoted' step and marks the current step active", () => {
    const stepper = rolloutStepper(rollout({ currentStepIndex: 1 }));
    expect(texts(stepper)).toEqual(["setWeight 20%", "pause for 10m", "success-rate | latency (cluster scoped)", "setWeight 60%", "infinite pause", "Canary promoted"]);
    expect(stepper.activeStep).toBe(1);
    expect(stepper.steps.map((step) => step.state)).toEqual(["completed", "active", "pending", "pending", "pending", "pending"]);
  });

  it("starts at the first step when the rollout has no index yet", () => {
    expect(rolloutStepper(rollout({})).activeStep).toBe(0);
  });

  it("moves one past the count once every step is done, so 'Canary promoted' shows done too", () => {
    const stepper = rolloutStepper(rollout({ currentStepIndex: 5 }));
    expect(stepper.activeStep).toBe(6);
    expect(stepper.steps.every((step) => step.state === "completed")).toBe(true);
  });

  it("shows every step inactive when the rollout is aborted", () => {
    const aborted = rollout({
      currentStepIndex: 2,
      conditions: [
        { type: "Progressing", status: "False", reason: "RolloutAborted", message: 'Rollout aborted update to revision 4: Metric "success-rate" assessed Failed due to failed (3) > failureLimit (2)' },
      ],
    });
    const stepper = rolloutStepper(aborted);
    expect(stepper.activeStep).toBe(-1);
    expect(stepper.steps.every((step) => step.state === "pending")).toBe(true);
  });
});

describe("rolloutAbortedMessage", () => {
  it("is the message of a Progressing=False condition with reason RolloutAborted", () => {
    const message = 'Rollout aborted update to revision 4: Metric "success-rate" assessed Failed due to failed (3) > failureLimit (2)';
    expect(
      rolloutAbortedMessage(
        rollout({
          conditions: [
            { type: "Available", status: "True" },
            { type: "Progressing", status: "False", reason: "RolloutAborted", message },
          ],
        }),
      ),
    ).toBe(message);
  });

  it("is absent for a rollout that progresses, or is stuck for another reason", () => {
    expect(rolloutAbortedMessage(rollout({ conditions: [{ type: "Progressing", status: "True", reason: "NewReplicaSetAvailable", message: "Rollout is healthy" }] }))).toBeUndefined();
    expect(rolloutAbortedMessage(rollout({ conditions: [{ type: "Progressing", status: "False", reason: "ProgressDeadlineExceeded", message: "timed out" }] }))).toBeUndefined();
  });
});

describe("rolloutPausedText", () => {
  it("says since when the canary paused at a pause step", () => {
    expect(rolloutPausedText(rollout({ currentStepIndex: 1, pauseConditions: [{ reason: "CanaryPauseStep", startTime: "2026-11-28T09:57:00Z" }] }), NOW)).toBe("Paused (3 minutes ago)");
  });

  it("says nothing when paused for another reason or not at all", () => {
    expect(rolloutPausedText(rollout({ pauseConditions: [{ reason: "BlueGreenPause", startTime: "2026-11-28T09:57:00Z" }] }), NOW)).toBeUndefined();
    expect(rolloutPausedText(rollout({ currentStepIndex: 0 }), NOW)).toBeUndefined();
  });
});
