import { existsSync, readFileSync } from "node:fs";
import type { KubernetesRequestAuth } from "../types";
import { ANNOTATION_OIDC_TOKEN_PROVIDER, authProviderOf, type ClusterDetails } from "../clusters.server";
import { isKnownAuthProvider, missingOidcProviderMessage, unknownAuthProviderMessage } from "../config";
import { awsBearerToken } from "./aws-token.server";

// How Atrium authenticates to a cluster, one strategy per auth provider, as
// Backstage's kubernetes-backend auth/ strategies do: serviceAccount (the
// configured token, else the pod's own when Atrium runs in Kubernetes),
// google, aks and oidc (the user's token from the request's auth map), aws
// (an EKS token: a presigned STS GetCallerIdentity URL) and
// localKubectlProxy (nothing: `kubectl proxy` adds the credentials).

export type KubernetesCredential = { type: "bearer token"; token: string } | { type: "anonymous" };

/** The service account's files when Atrium runs in a pod (Backstage's SERVICEACCOUNT_TOKEN_PATH / _CA_PATH). */
export const IN_CLUSTER_TOKEN_PATH = "/var/run/secrets/kubernetes.io/serviceaccount/token";
export const IN_CLUSTER_CA_PATH = "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt";

export class KubernetesAuthError extends Error {
  override name = "KubernetesAuthError";
}

export async function credentialFor(cluster: ClusterDetails, auth: KubernetesRequestAuth): Promise<KubernetesCredential> {
  const authProvider = authProviderOf(cluster);
  if (!isKnownAuthProvider(authProvider)) throw new KubernetesAuthError(unknownAuthProviderMessage(authProvider));
  switch (authProvider) {
    case "serviceAccount":
      return serviceAccountCredential(cluster);
    case "google":
      return bearer(stringAt(auth.google), "Google token not found under auth.google in request body");
    case "aks":
      return bearer(stringAt(auth.aks), "AKS token not found under auth.aks in request body");
    case "oidc": {
      const provider = cluster.authMetadata[ANNOTATION_OIDC_TOKEN_PROVIDER];
      if (!provider) throw new KubernetesAuthError(missingOidcProviderMessage("oidc"));
      const tokens = auth.oidc;
      const token = tokens && typeof tokens === "object" && !Array.isArray(tokens) ? stringAt(tokens[provider]) : undefined;
      return bearer(token, `Auth token not found under oidc.${provider} in request body`);
    }
    case "aws":
      return { type: "bearer token", token: await awsBearerToken(cluster) };
    case "localKubectlProxy":
      return { type: "anonymous" };
  }
}

function serviceAccountCredential(cluster: ClusterDetails): KubernetesCredential {
  const configured = cluster.authMetadata.serviceAccountToken;
  if (configured) return { type: "bearer token", token: configured };
  if (existsSync(IN_CLUSTER_TOKEN_PATH)) return { type: "bearer token", token: readFileSync(IN_CLUSTER_TOKEN_PATH, "utf8").trim() };
  throw new KubernetesAuthError(`no bearer token or client cert for cluster '${cluster.name}' and not running in Kubernetes`);
}

const stringAt = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : undefined);

function bearer(token: string | undefined, missing: string): KubernetesCredential {
  if (!token) throw new KubernetesAuthError(missing);
  return { type: "bearer token", token };
}
