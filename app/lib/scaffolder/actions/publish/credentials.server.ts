import { InputError } from "../../../errors";
import type { ScmIntegration } from "../../../integrations/scm-integrations";

// Which credentials a publisher uses for a host, in order: the action's
// `token` input (a template passing `${{ secrets.USER_OAUTH_TOKEN }}`, as
// Backstage's templates do), then the user's source-control token the wizard
// put in the task's secrets under scmTokenSecretKey(host), then the
// integration's own token. None of them: the host is refused with the
// message of Backstage's ScmAuth.

export const NO_AUTH_PROVIDER_MESSAGE = "No auth provider available for URL";

/** The task-secrets key under which the wizard stores the user's token for a source host. */
export function scmTokenSecretKey(host: string): string {
  return `scmToken:${host.toLowerCase()}`;
}

export type ScmCredentials = { kind: "token"; token: string; source: "input" | "secrets" | "integration" } | { kind: "basic"; username: string; password: string; source: "integration" };

export function resolveCredentials(integration: ScmIntegration, inputToken: unknown, secrets: Record<string, string> | undefined): ScmCredentials {
  if (typeof inputToken === "string" && inputToken) return { kind: "token", token: inputToken, source: "input" };
  const secret = secrets?.[scmTokenSecretKey(integration.host)];
  if (secret) return { kind: "token", token: secret, source: "secrets" };
  if (integration.token) return { kind: "token", token: integration.token, source: "integration" };
  if (integration.username && integration.appPassword) return { kind: "basic", username: integration.username, password: integration.appPassword, source: "integration" };
  throw new InputError(NO_AUTH_PROVIDER_MESSAGE);
}

/** The strings a log line or an error must never carry. */
export function secretValues(credentials: ScmCredentials): string[] {
  return credentials.kind === "token" ? [credentials.token] : [credentials.password, Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")];
}
