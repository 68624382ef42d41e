import { randomBytes } from "node:crypto";
import { startFakeKubernetesApiServer, type FakeKubernetesApiServer } from "./api-server.ts";
import { DEMO_CLUSTER, demoClusterFixtures } from "./fixtures.ts";
import { ANNOTATION_AUTH_PROVIDER, type ClusterDetails } from "../../app/lib/kubernetes/clusters.server";

// The embedded default's demo cluster in one call: the fake API server with
// the demo fixtures, dated from its start, behind a token of its own so that
// only the portal that started it reads it, even on loopback.

export type DemoCluster = { server: FakeKubernetesApiServer; name: string; title: string; url: string; serviceAccountToken: string };
/** Where a running demo cluster answers and its token: what worker processes are handed by the one that started it (server/workers.js). */
export type DemoClusterAddress = Omit<DemoCluster, "server">;

export async function startDemoCluster(now: Date = new Date()): Promise<DemoCluster> {
  const serviceAccountToken = randomBytes(24).toString("base64url");
  const server = await startFakeKubernetesApiServer({ ...demoClusterFixtures(now), token: serviceAccountToken });
  return { server, name: DEMO_CLUSTER.name, title: DEMO_CLUSTER.title, url: server.url, serviceAccountToken };
}

/**
 * The demo cluster as the Kubernetes service lists it: a service account's
 * token, and plain HTTP on loopback (client-node takes an http: URL only with
 * TLS verification off).
 */
export function demoClusterDetails(demo: DemoClusterAddress, requestTimeoutMs: number): ClusterDetails {
  return {
    name: demo.name,
    title: demo.title,
    url: demo.url,
    authMetadata: { [ANNOTATION_AUTH_PROVIDER]: "serviceAccount", serviceAccountToken: demo.serviceAccountToken },
    skipTLSVerify: true,
    skipMetricsLookup: false,
    // Its rent-payments services roll out with Argo Rollouts (fixtures/rollouts.ts): listed as a
    // cluster's own custom resources, so a deployment's kubernetes.customResources stays its own.
    customResources: [{ group: "argoproj.io", apiVersion: "v1alpha1", plural: "rollouts" }],
    requestTimeoutMs,
  };
}
