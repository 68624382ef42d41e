import { z } from "zod";
import { isHttpUrl } from "./values";

// The source hosts of `integrations`, as Backstage configures them, with
// Backstage's rules (@backstage/integration's config readers): hosts are
// hosts, URLs are URLs, object-store endpoints carry no path, Azure DevOps
// credentials are each one complete kind. Every rule is checked when the
// config loads, so a broken integration stops start-up naming its key
// instead of failing later inside the catalog, the scaffolder or an import.
// Keys no rule covers are kept as written.

/** Backstage's rule (isValidHost in @backstage/integration): the host, with an optional port, exactly as a URL would carry it. */
export function isValidHost(host: string): boolean {
  try {
    const url = new URL(`https://${host}`);
    return url.host === host && url.pathname === "/" && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** Azure DevOps Services; credentials other than personal access tokens work only there. */
export const AZURE_DEVOPS_HOST = "dev.azure.com";

const host = z.string().refine(isValidHost, { error: (issue) => `'${String(issue.input)}' is not a valid host` });
const url = z.string().refine(isHttpUrl, { error: (issue) => `'${String(issue.input)}' is not an absolute http(s) URL` });
/** An object store's endpoint: a URL naming a server, never a path on it (Backstage's awsS3 and azureBlobStorage readers). */
const endpoint = z.string().superRefine((value, ctx) => {
  if (!isHttpUrl(value)) ctx.addIssue({ code: "custom", message: `endpoint '${value}' is not a valid URL` });
  else if (new URL(value).pathname !== "/") ctx.addIssue({ code: "custom", message: `endpoints cannot contain path, got '${value}'` });
});
const strings = z.array(z.string());

const integration = z.object({ host: host.optional(), apiBaseUrl: url.optional(), rawBaseUrl: url.optional(), baseUrl: url.optional(), token: z.string().optional() }).catchall(z.unknown());

const githubApp = z
  .object({
    appId: z.union([z.number(), z.string().min(1)]),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    privateKey: z.string().min(1),
    webhookSecret: z.string().optional(),
    allowedInstallationOwners: strings.optional(),
  })
  .catchall(z.unknown());
const github = integration.extend({ apps: z.array(githubApp).optional() });
const gitlab = integration.extend({ commitSigningKey: z.string().optional() });
const gerrit = integration.extend({ host, cloneUrl: url.optional(), gitilesBaseUrl: url.optional() });

// ---- Azure DevOps ----

/** The fields of each kind of credential; a credential is the kind whose fields are all set and no other's. */
const AZURE_CREDENTIAL_KINDS = {
  ClientSecret: ["clientId", "clientSecret", "tenantId"],
  ManagedIdentity: ["clientId"],
  ManagedIdentityClientAssertion: ["clientId", "managedIdentityClientId", "tenantId"],
  PersonalAccessToken: ["personalAccessToken"],
} as const;
type AzureCredentialKind = keyof typeof AZURE_CREDENTIAL_KINDS;
const AZURE_CREDENTIAL_FIELDS = ["clientId", "clientSecret", "tenantId", "managedIdentityClientId", "personalAccessToken"] as const;

const azureCredential = z
  .object({
    organizations: strings.optional(),
    clientId: z.string().optional(),
    clientSecret: z.string().optional(),
    tenantId: z.string().optional(),
    managedIdentityClientId: z.string().optional(),
    personalAccessToken: z.string().optional(),
  })
  .catchall(z.unknown());
type AzureCredential = z.infer<typeof azureCredential>;

export function azureCredentialKind(credential: AzureCredential): AzureCredentialKind | undefined {
  return (Object.keys(AZURE_CREDENTIAL_KINDS) as AzureCredentialKind[]).find((kind) => {
    const required: readonly string[] = AZURE_CREDENTIAL_KINDS[kind];
    return AZURE_CREDENTIAL_FIELDS.every((field) => (credential[field] !== undefined) === required.includes(field));
  });
}

const azure = integration.extend({ apiVersion: z.string().optional(), credential: azureCredential.optional(), credentials: z.array(azureCredential).optional() }).superRefine((config, ctx) => {
  const hostName = config.host ?? AZURE_DEVOPS_HOST;
  const problem = (message: string, path: PropertyKey[] = []) => ctx.addIssue({ code: "custom", path, message: `Invalid Azure integration config for ${hostName}: ${message}` });
  if (config.credential !== undefined && config.credentials !== undefined) problem("'credential' and 'credentials' cannot be used together. Use 'credentials' instead.");
  if (config.token !== undefined && config.credentials !== undefined) problem("'token' and 'credentials' cannot be used together. Use 'credentials' instead.");
  // The deprecated token and credential count as credentials after the list, as Backstage reads them.
  const all: AzureCredential[] = [...(config.credentials ?? []), ...(config.token !== undefined ? [{ personalAccessToken: config.token }] : []), ...(config.credential ? [config.credential] : [])];
  if (all.length === 0) return;
  const kinds = all.map(azureCredentialKind);
  kinds.forEach((kind, index) => {
    if (!kind) problem(`credential at position ${index + 1} is not a valid credential`, index < (config.credentials?.length ?? 0) ? ["credentials", index] : []);
  });
  const positions = new Map<string, number[]>();
  all.forEach((credential, index) => credential.organizations?.forEach((organization) => positions.set(organization, [...(positions.get(organization) ?? []), index + 1])));
  for (const [organization, at] of positions) {
    if (at.length > 1) problem(`organization ${organization} is specified multiple times in credentials at positions ${at.slice(0, -1).join(", ")} and ${at.at(-1)}`, ["credentials"]);
  }
  if (kinds.some((kind) => kind && kind !== "PersonalAccessToken") && hostName !== AZURE_DEVOPS_HOST) {
    problem(`only personal access tokens can be used with hosts other than ${AZURE_DEVOPS_HOST}`);
  }
  if (all.filter((credential) => !credential.organizations?.length).length > 1) problem("you cannot specify multiple credentials without organizations");
});

const azureBlobStorage = z
  .object({
    accountName: z.string().optional(),
    endpoint: endpoint.optional(),
    accountKey: z.string().optional(),
    sasToken: z.string().optional(),
    aadCredential: z.object({ clientId: z.string(), tenantId: z.string(), clientSecret: z.string() }).optional(),
  })
  .catchall(z.unknown())
  .superRefine((config, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: "custom", message: `Invalid Azure Blob Storage config for ${config.accountName ?? "the default account"}: ${message}` });
    if (config.accountKey && config.sasToken) problem("Both account key and SAS token cannot be used simultaneously.");
    if (config.aadCredential && (config.accountKey || config.sasToken)) problem("Cannot use both Azure AD credentials and account keys/SAS tokens for the same account.");
  });

const awsS3 = z.object({ host: host.optional(), endpoint: endpoint.optional() }).catchall(z.unknown());

export const integrationsSchema = z
  .object({
    github: z.array(github).optional(),
    gitlab: z.array(gitlab).optional(),
    azure: z.array(azure).optional(),
    azureBlobStorage: z.array(azureBlobStorage).optional(),
    bitbucketCloud: z.array(integration).optional(),
    bitbucketServer: z.array(integration).optional(),
    bitbucket: z.array(integration).optional(),
    gerrit: z.array(gerrit).optional(),
    gitea: z.array(integration.extend({ host })).optional(),
    harness: z.array(integration.extend({ host })).optional(),
    awsS3: z.array(awsS3).optional(),
    googleGcs: z.object({ clientEmail: z.string().optional(), privateKey: z.string().optional() }).catchall(z.unknown()).optional(),
  })
  .catchall(z.unknown());
