// The sign-in and source-control providers Atrium knows, with Backstage's
// ids and default scopes. Isomorphic: the sign-in page and
// the settings tab render from it; the server adds endpoints and secrets.

export const PROVIDER_IDS = ["oidc", "github", "gitlab", "google", "microsoft", "okta", "bitbucket", "bitbucketServer", "vmwareCloudServices", "openshift"] as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];

export type ProviderInfo = {
  id: ProviderId;
  /** The provider's name as people know it; not translated. */
  title: string;
  /** Scopes every session of the provider asks for (sign-in and otherwise). */
  defaultScopes: string[];
  /** Source-control providers keep their tokens for a host (the import flow pushes with them). */
  sourceControl: boolean;
};

export const PROVIDERS: Record<ProviderId, ProviderInfo> = {
  oidc: { id: "oidc", title: "OpenID Connect", defaultScopes: ["openid", "profile", "email"], sourceControl: false },
  github: { id: "github", title: "GitHub", defaultScopes: ["read:user"], sourceControl: true },
  gitlab: { id: "gitlab", title: "GitLab", defaultScopes: ["read_user"], sourceControl: true },
  google: {
    id: "google",
    title: "Google",
    defaultScopes: ["openid", "https://www.googleapis.com/auth/userinfo.email", "https://www.googleapis.com/auth/userinfo.profile"],
    sourceControl: false,
  },
  microsoft: { id: "microsoft", title: "Microsoft", defaultScopes: ["openid", "offline_access", "profile", "email", "User.Read"], sourceControl: false },
  okta: { id: "okta", title: "Okta", defaultScopes: ["openid", "email", "profile", "offline_access"], sourceControl: false },
  bitbucket: { id: "bitbucket", title: "Bitbucket", defaultScopes: ["account"], sourceControl: true },
  bitbucketServer: { id: "bitbucketServer", title: "Bitbucket Server", defaultScopes: ["PROJECT_ADMIN"], sourceControl: true },
  vmwareCloudServices: { id: "vmwareCloudServices", title: "VMware Cloud", defaultScopes: ["openid"], sourceControl: false },
  openshift: { id: "openshift", title: "OpenShift", defaultScopes: ["user:info"], sourceControl: false },
};

/** Source-control scopes, Backstage's: reading, and what writing adds. */
export const SOURCE_CONTROL_SCOPES: Partial<Record<ProviderId, { read: string[]; write: string[] }>> = {
  github: { read: ["repo", "read:org", "read:user"], write: ["gist"] },
  gitlab: { read: ["read_user", "read_api", "read_repository"], write: ["write_repository", "api"] },
};

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDER_IDS as readonly string[]).includes(value);
}

/** Scopes as a sorted set: from a space- or comma-separated string or a list, merged with the defaults. */
export function normalizeScopes(...lists: Array<string | string[] | undefined | null>): string[] {
  const scopes = new Set<string>();
  for (const list of lists) {
    const items = typeof list === "string" ? list.split(/[\s,]+/) : (list ?? []);
    for (const item of items) if (item.trim()) scopes.add(item.trim());
  }
  return [...scopes].sort();
}

/** Whether `granted` includes every scope of `required`. */
export function hasScopes(granted: string[], required: string[]): boolean {
  const set = new Set(granted);
  return required.every((scope) => set.has(scope));
}

// Microsoft: an access token has one audience, so scopes from several Azure
// resources cannot be asked for at once (Backstage's MicrosoftAuth rule).
const MICROSOFT_GRAPH_ID = "00000003-0000-0000-c000-000000000000";

function microsoftResourceOf(scope: string): string {
  const match = /^(?<resource>.*)\/(?<scp>[^/]*)$/.exec(scope);
  if (match?.groups) return match.groups.resource.replace(/^api:\/\//, "");
  return ["email", "openid", "offline_access", "profile"].includes(scope) ? "openid" : MICROSOFT_GRAPH_ID;
}

/** The one resource a Microsoft scope list is for, or the error Backstage gives for several. */
export function microsoftResourceForScopes(scopes: string[]): { resource: string } | { error: string } {
  const audiences = [...new Set(scopes.map(microsoftResourceOf).filter((audience) => audience !== "openid"))];
  if (audiences.length > 1) {
    return { error: `Requested access token with scopes from multiple Azure resources: ${audiences.join(", ")}. Access tokens can only have a single audience.` };
  }
  return { resource: audiences[0] ?? MICROSOFT_GRAPH_ID };
}
