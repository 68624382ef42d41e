import { describe, expect, it } from "vitest";
import type { ClusterDetails } from "../clusters.server";
import { credentialFor } from "./strategies.server";

// Which token each auth provider sends to its cluster, and the messages when
// the request lacks the user's token.

function cluster(authMetadata: Record<string, string>): ClusterDetails {
  return { name: "c1", url: "https://c1.example", authMetadata, skipTLSVerify: false, skipMetricsLookup: false, requestTimeoutMs: 1000 };
}

describe("credentialFor", () => {
  it("sends a service account's configured token", async () => {
    expect(await credentialFor(cluster({ "kubernetes.io/auth-provider": "serviceAccount", serviceAccountToken: "sa-token" }), {})).toEqual({ type: "bearer token", token: "sa-token" });
  });

  it("sends the user's google and aks tokens from the request's auth map, and says which is missing", async () => {
    expect(await credentialFor(cluster({ "kubernetes.io/auth-provider": "google" }), { google: "g-token" })).toEqual({ type: "bearer token", token: "g-token" });
    expect(await credentialFor(cluster({ "kubernetes.io/auth-provider": "aks" }), { aks: "aks-token" })).toEqual({ type: "bearer token", token: "aks-token" });
    await expect(credentialFor(cluster({ "kubernetes.io/auth-provider": "google" }), {})).rejects.toThrow("Google token not found under auth.google in request body");
    await expect(credentialFor(cluster({ "kubernetes.io/auth-provider": "aks" }), { google: "g" })).rejects.toThrow("AKS token not found under auth.aks in request body");
  });

  it("sends the oidc token of the cluster's token provider only", async () => {
    const oidc = cluster({ "kubernetes.io/auth-provider": "oidc", "kubernetes.io/oidc-token-provider": "okta" });
    expect(await credentialFor(oidc, { oidc: { okta: "okta-token", gitlab: "other" } })).toEqual({ type: "bearer token", token: "okta-token" });
    await expect(credentialFor(oidc, { oidc: { gitlab: "other" } })).rejects.toThrow("Auth token not found under oidc.okta in request body");
    await expect(credentialFor(cluster({ "kubernetes.io/auth-provider": "oidc" }), {})).rejects.toThrow("KubernetesAuthProviders has no oidcProvider configured for oidc");
  });

  it("sends nothing through kubectl proxy, and refuses a provider no strategy knows in Backstage's words", async () => {
    expect(await credentialFor(cluster({ "kubernetes.io/auth-provider": "localKubectlProxy" }), {})).toEqual({ type: "anonymous" });
    await expect(credentialFor(cluster({ "kubernetes.io/auth-provider": "kerberos" }), {})).rejects.toThrow('authProvider "kerberos" has no KubernetesAuthProvider defined for it');
  });
});
