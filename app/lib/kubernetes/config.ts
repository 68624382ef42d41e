import { z } from "zod";
import { configDuration } from "../config/duration";
import { configBoolean, isHttpUrl } from "../config/values";

// The `kubernetes` config keys, in the shape of Backstage's kubernetes-backend
// (ConfigClusterLocator, CatalogClusterLocator, KubernetesBuilder): where the
// clusters come from, how each is authenticated, which custom resources are
// read, the frontend's switches, and Atrium's own per-cluster time limit.
// A cluster whose auth provider no strategy knows stops start-up with
// Backstage's message, as its DispatchStrategy.validate does.

/** The auth providers Atrium has a strategy for (auth/strategies.server.ts), by Backstage's names. */
export const KUBERNETES_AUTH_PROVIDERS = ["serviceAccount", "oidc", "google", "aks", "aws", "localKubectlProxy"] as const;
export type KubernetesAuthProviderName = (typeof KUBERNETES_AUTH_PROVIDERS)[number];

/** How long one cluster may take to answer a request for an entity's objects before it is reported as an error of its own. */
export const DEFAULT_CLUSTER_REQUEST_TIMEOUT_MS = 10_000;

export const unknownAuthProviderMessage = (authProvider: string) => `authProvider "${authProvider}" has no KubernetesAuthProvider defined for it`;
export const missingOidcProviderMessage = (authProvider: string) => `KubernetesAuthProviders has no oidcProvider configured for ${authProvider}`;

export const isKnownAuthProvider = (value: string): value is KubernetesAuthProviderName => (KUBERNETES_AUTH_PROVIDERS as readonly string[]).includes(value);

const customResource = z.object({
  group: z.string().min(1),
  apiVersion: z.string().min(1),
  plural: z.string().min(1),
});

const jsonObject = z.record(z.string(), z.unknown());

const configCluster = z
  .object({
    name: z.string().min(1),
    title: z.string().optional(),
    url: z.string().refine(isHttpUrl, { message: "must be an absolute http(s) URL" }),
    authProvider: z.string().min(1),
    serviceAccountToken: z.string().optional(),
    caData: z.string().optional(),
    caFile: z.string().optional(),
    skipTLSVerify: configBoolean.default(false),
    skipMetricsLookup: configBoolean.default(false),
    dashboardUrl: z.string().optional(),
    dashboardApp: z.string().optional(),
    dashboardParameters: jsonObject.optional(),
    oidcTokenProvider: z.string().optional(),
    // Backstage's free-form map of the strategies' settings (kubernetes.io/aws-assume-role, ...).
    authMetadata: z.record(z.string(), z.string()).optional(),
    customResources: z.array(customResource).optional(),
    // Atrium's: this cluster's own time limit, over kubernetes.clusterRequestTimeout.
    requestTimeout: configDuration.optional(),
  })
  .superRefine((cluster, ctx) => {
    if (!isKnownAuthProvider(cluster.authProvider)) ctx.addIssue({ code: "custom", path: ["authProvider"], message: unknownAuthProviderMessage(cluster.authProvider) });
    if (cluster.authProvider === "oidc" && !cluster.oidcTokenProvider) ctx.addIssue({ code: "custom", path: ["oidcTokenProvider"], message: missingOidcProviderMessage("oidc") });
  });

const configLocator = z.object({ type: z.literal("config"), clusters: z.array(configCluster).default([]) });
const catalogLocator = z.object({ type: z.literal("catalog") });

// The type is checked first, so an unknown locator is named as such rather than as a union's mismatch.
const clusterLocator = z.looseObject({ type: z.enum(["config", "catalog"]) }).pipe(z.discriminatedUnion("type", [configLocator, catalogLocator]));

export const kubernetesConfigSchema = z
  .object({
    // Backstage knows only multiTenant (every cluster may hold every entity's objects).
    serviceLocatorMethod: z.object({ type: z.literal("multiTenant", { error: "must be 'multiTenant', the only service locator Atrium (and Backstage) has" }) }).default({ type: "multiTenant" }),
    clusterLocatorMethods: z.array(clusterLocator).default([]),
    customResources: z.array(customResource).default([]),
    frontend: z
      .object({
        podDelete: z.object({ enabled: configBoolean.default(false) }).prefault({}),
        podExecTerminal: z.object({ enabled: configBoolean.default(false) }).prefault({}),
      })
      .prefault({}),
    // Atrium's: how long each cluster may take to answer one request for an
    // entity's objects; past it that cluster is one error in the answer.
    clusterRequestTimeout: configDuration.default(DEFAULT_CLUSTER_REQUEST_TIMEOUT_MS),
    // Atrium's: a simulated cluster on loopback, started with the server and
    // listed as "demo-cluster" (server/demo-kubernetes/), so the embedded
    // default's example entities show workloads. Off unless switched on.
    demoCluster: configBoolean.default(false),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.clusterLocatorMethods.forEach((method, index) => {
      if (method.type !== "config") return;
      method.clusters.forEach((cluster, clusterIndex) => {
        if (seen.has(cluster.name))
          ctx.addIssue({ code: "custom", path: ["clusterLocatorMethods", index, "clusters", clusterIndex, "name"], message: `The cluster '${cluster.name}' is configured twice` });
        seen.add(cluster.name);
      });
    });
  });

export type KubernetesConfig = z.output<typeof kubernetesConfigSchema>;
export type ConfigCluster = z.output<typeof configCluster>;
