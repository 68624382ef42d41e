import type { V1ContainerStatus, V1Pod } from "@kubernetes/client-node";
import { queryFlag } from "./query-flags.ts";
import { failureStatus, type KubernetesStatus } from "./status.ts";

// `pods/{name}/log` as the kubelet answers it through the API server: the
// container's current log, or with `previous=true` the log of its last
// terminated instance; 400 with the real server's wording when the container
// is not named in a pod of several, does not exist, has not started, or has
// no previous instance.

export type PodLogs = Record<string, string>;

type LogAnswer = { text: string } | { status: KubernetesStatus };

function containerChoice(pod: V1Pod, requested: string | null): string | KubernetesStatus {
  const podName = pod.metadata?.name ?? "";
  const names = (pod.spec?.containers ?? []).map((container) => container.name);
  if (!requested) {
    if (names.length === 1) return names[0];
    return failureStatus(400, `a container name must be specified for pod ${podName}, choose one of: [${names.join(" ")}]`);
  }
  if (!names.includes(requested)) return failureStatus(400, `container ${requested} is not valid for pod ${podName}`);
  return requested;
}

function tail(text: string, tailLines: string | null, limitBytes: string | null): string {
  let result = text;
  const lines = tailLines === null ? NaN : Number.parseInt(tailLines, 10);
  if (Number.isInteger(lines) && lines >= 0) {
    const all = result.endsWith("\n") ? result.slice(0, -1).split("\n") : result.split("\n");
    result = lines === 0 ? "" : `${all.slice(-lines).join("\n")}\n`;
  }
  const bytes = limitBytes === null ? NaN : Number.parseInt(limitBytes, 10);
  if (Number.isInteger(bytes) && bytes > 0) result = Buffer.from(result).subarray(0, bytes).toString("utf8");
  return result;
}

export function podLog(pod: V1Pod, query: URLSearchParams, logs: PodLogs): LogAnswer {
  const container = containerChoice(pod, query.get("container"));
  if (typeof container !== "string") return { status: container };
  const namespace = pod.metadata?.namespace ?? "default";
  const podName = pod.metadata?.name ?? "";
  const previous = queryFlag(query, "previous");
  const status: V1ContainerStatus | undefined = pod.status?.containerStatuses?.find((candidate) => candidate.name === container);
  const key = `${namespace}/${podName}/${container}${previous ? "/previous" : ""}`;
  const stored = logs[key];
  if (stored === undefined) {
    if (previous && !status?.lastState?.terminated) return { status: failureStatus(400, `previous terminated container "${container}" in pod "${podName}" not found`) };
    const waiting = status?.state?.waiting;
    if (!previous && (!status || (waiting && status.restartCount === 0 && !status.lastState?.terminated))) {
      const why = waiting?.message ?? waiting?.reason ?? "ContainerCreating";
      return { status: failureStatus(400, `container "${container}" in pod "${podName}" is waiting to start: ${why}`) };
    }
  }
  return { text: tail(stored ?? "", query.get("tailLines"), query.get("limitBytes")) };
}
