import type { V1Container, V1ContainerStatus, V1Pod } from "@kubernetes/client-node";
import { parseKubernetesTime } from "./relative-time";
import type { DetectedError, ProposedFix, ResourceRef } from "./types";

// What a pod's container statuses say is wrong, with Backstage's wording
// (kubernetes-common `error-detection/pods.ts`): Backstage's own frontend and
// ours show these strings, so they stay verbatim, including the fix
// explanations that speak of the pod's first such container only.

const POD_ERROR_SEVERITY = 4;

function podRef(pod: V1Pod): ResourceRef {
  return { name: pod.metadata?.name ?? "unknown pod", namespace: pod.metadata?.namespace ?? "unknown namespace", kind: "Pod", apiGroup: "v1" };
}

/**
 * Not ready, running, with a readiness probe, and past the time the probe may
 * take: start + initialDelaySeconds + periodSeconds × failureThreshold. Unset
 * probe fields count as 0, as in Backstage (not Kubernetes' defaults).
 */
export function isReadinessProbeTakingTooLong(container: V1Container, status: V1ContainerStatus, now: Date): boolean {
  const probe = container.readinessProbe;
  const startedAt = parseKubernetesTime(status.state?.running?.startedAt);
  if (status.ready || !startedAt || !probe) return false;
  const graceSeconds = (probe.initialDelaySeconds ?? 0) + (probe.periodSeconds ?? 0) * (probe.failureThreshold ?? 0);
  return startedAt.getTime() + graceSeconds * 1000 < now.getTime();
}

function readinessProbeFix(pod: V1Pod): ProposedFix {
  const firstUnready = pod.status?.containerStatuses?.find((status) => status.ready === false);
  return {
    errorType: "ReadinessProbeFailed",
    rootCauseExplanation: `The container ${firstUnready?.name} failed to start properly, but is not crashing`,
    actions: ["Ensure that the container starts correctly locally", "Check the container's logs looking for error during startup"],
    type: "events",
    podName: pod.metadata?.name ?? "",
  };
}

function waitingFix(pod: V1Pod): ProposedFix | undefined {
  const statuses = pod.status?.containerStatuses ?? [];
  const waitingContainer = statuses.find((status) => status.state?.waiting !== undefined);
  const reason = statuses.map((status) => status.state?.waiting).find((waiting) => waiting?.reason !== undefined)?.reason;
  switch (reason) {
    case "InvalidImageName":
      return {
        errorType: "InvalidImageName",
        rootCauseExplanation: "The image in the pod is invalid",
        actions: ["Ensure the image name is correct and valid image name"],
        type: "docs",
        docsLink: "https://docs.docker.com/engine/reference/commandline/tag/#extended-description",
      };
    case "ImagePullBackOff":
      return {
        errorType: "ImagePullBackOff",
        rootCauseExplanation: "The image either could not be found or Kubernetes does not have permission to pull it",
        actions: ["Ensure the image name is correct", "Ensure Kubernetes has permission to pull this image"],
        type: "docs",
        docsLink: "https://kubernetes.io/docs/concepts/containers/images/#imagepullbackoff",
      };
    case "CrashLoopBackOff":
      return {
        errorType: "CrashLoopBackOff",
        rootCauseExplanation: `The container ${waitingContainer?.name} has crashed many times, it will be exponentially restarted until it stops crashing`,
        actions: ["Check the crash logs for stacktraces"],
        type: "logs",
        container: waitingContainer?.name ?? "unknown",
      };
    case "CreateContainerConfigError":
      return {
        errorType: "CreateContainerConfigError",
        rootCauseExplanation: "There is missing or mismatching configuration required to start the container",
        actions: ["Ensure ConfigMaps references in the Deployment manifest are correct and the keys exist", "Ensure Secrets references in the Deployment manifest are correct and the keys exist"],
        type: "docs",
        docsLink: "https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/",
      };
    default:
      return undefined;
  }
}

function restartFix(pod: V1Pod): ProposedFix | undefined {
  const lastTerminatedContainer = (pod.status?.containerStatuses ?? []).find((status) => status.lastState?.terminated !== undefined);
  const lastTerminated = lastTerminatedContainer?.lastState?.terminated;
  if (!lastTerminatedContainer || !lastTerminated) return undefined;
  switch (lastTerminated.reason) {
    case "Unknown":
    case "Error":
      return {
        errorType: lastTerminated.reason,
        rootCauseExplanation: `This container has exited with a non-zero exit code (${lastTerminated.exitCode})`,
        actions: ["Check the crash logs for stacktraces"],
        container: lastTerminatedContainer.name,
        type: "logs",
      };
    case "OOMKilled":
      return {
        errorType: "OOMKilled",
        rootCauseExplanation: `The container "${lastTerminatedContainer.name}" has crashed because it has tried to use more memory that it has been allocated`,
        actions: ["Increase the amount of memory assigned to the container", "Ensure the application is memory bounded and is not trying to consume too much memory"],
        docsLink: "https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/#exceed-a-container-s-memory-limit",
        type: "docs",
      };
    default:
      return undefined;
  }
}

/** A proposed fix is left out, not set to undefined, so the errors compare and serialise as Backstage's do. */
function podError(pod: V1Pod, type: string, message: string, occurrenceCount: number, proposedFix: ProposedFix | undefined): DetectedError {
  const error: DetectedError = { type, severity: POD_ERROR_SEVERITY, message, sourceRef: podRef(pod), occurrenceCount };
  if (proposedFix) error.proposedFix = proposedFix;
  return error;
}

function readinessErrors(pod: V1Pod, now: Date): DetectedError[] {
  const specs = new Map((pod.spec?.containers ?? []).map((container) => [container.name, container]));
  return (pod.status?.containerStatuses ?? []).flatMap((status) => {
    // A status without its spec cannot be judged; Backstage would throw here.
    const container = specs.get(status.name);
    if (!container || !isReadinessProbeTakingTooLong(container, status, now)) return [];
    return [podError(pod, "readiness-probe-taking-too-long", `The container ${container.name} failed to start properly, but is not crashing`, 1, readinessProbeFix(pod))];
  });
}

function waitingErrors(pod: V1Pod): DetectedError[] {
  return (pod.status?.containerStatuses ?? [])
    .filter((status) => status.state?.waiting?.message !== undefined)
    .map((status) => podError(pod, "container-waiting", status.state?.waiting?.message ?? "container waiting", 1, waitingFix(pod)));
}

function restartErrors(pod: V1Pod): DetectedError[] {
  return (pod.status?.containerStatuses ?? [])
    .filter((status) => status.restartCount > 0)
    .map((status) => podError(pod, "containers-restarting", `container=${status.name} restarted ${status.restartCount} times`, status.restartCount, restartFix(pod)));
}

/** Each pod's errors in Backstage's order: readiness, waiting, restarting. */
export function detectPodErrors(pods: V1Pod[], now: Date): DetectedError[] {
  return pods.flatMap((pod) => [...readinessErrors(pod, now), ...waitingErrors(pod), ...restartErrors(pod)]);
}
