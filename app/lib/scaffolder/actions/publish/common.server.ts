import type { ActionContext, JsonObject, TaskLogger } from "../types";
import { resolveCredentials, type ScmCredentials } from "./credentials.server";
import { redact } from "./git-push.server";
import { scmIntegrations, type IntegrationsConfig, type ScmIntegration, type ScmType } from "../../../integrations/scm-integrations";
import { parseRepoUrl, type RepoSpec } from "./repo-url";
import { InputError } from "../../../errors";

// What every publisher shares: its options from the config, the repoUrl of
// an integration of its own type, the credentials, and a logger that blanks
// the token out of anything a step logs.

export type PublishOptions = {
  /** The loaded config's `integrations`. */
  integrations: IntegrationsConfig;
  /** `scaffolder.defaultAuthor`: the author of the commits when a step names none. */
  defaultAuthor?: { name?: string; email?: string };
  /** `scaffolder.defaultCommitMessage`. */
  defaultCommitMessage?: string;
};

export type Target = { spec: RepoSpec; integration: ScmIntegration; credentials: ScmCredentials; secrets: string[]; logger: TaskLogger };

export function resolveTarget(options: PublishOptions, context: ActionContext<JsonObject>, type: ScmType): Target {
  const integrations = scmIntegrations(options.integrations);
  const { integration, ...spec } = parseRepoUrl(String(context.input.repoUrl ?? ""), integrations);
  if (integration.type !== type) {
    throw new InputError(`No matching integration configuration for host ${spec.host}, please check your integrations config`);
  }
  const credentials = resolveCredentials(integration, context.input.token, context.secrets);
  const secrets = credentials.kind === "token" ? [credentials.token] : [credentials.password];
  return { spec, integration, credentials, secrets, logger: redactingLogger(context.logger, secrets) };
}

export function redactingLogger(logger: TaskLogger, secrets: string[]): TaskLogger {
  const wrap =
    (level: keyof TaskLogger) =>
    (message: string, fields?: JsonObject): void =>
      logger[level](redact(message, secrets), fields ? (JSON.parse(redact(JSON.stringify(fields), secrets)) as JsonObject) : undefined);
  return { info: wrap("info"), warn: wrap("warn"), error: wrap("error"), debug: wrap("debug") };
}

/** An error whose message cannot carry the token, for the task's log and events. */
export function redactError(error: unknown, secrets: string[]): Error {
  if (!(error instanceof Error)) return new Error(redact(String(error), secrets));
  const message = redact(error.message, secrets);
  if (message === error.message) return error;
  const copy = new Error(message);
  copy.name = error.name;
  return copy;
}

/** The commit's author: the step's input, else scaffolder.defaultAuthor, else Backstage's Scaffolder. */
export function commitAuthor(options: PublishOptions, input: JsonObject): { name?: string; email?: string } {
  return {
    name: (typeof input.gitAuthorName === "string" && input.gitAuthorName) || options.defaultAuthor?.name,
    email: (typeof input.gitAuthorEmail === "string" && input.gitAuthorEmail) || options.defaultAuthor?.email,
  };
}

export function commitMessage(options: PublishOptions, input: JsonObject, fallback = "initial commit"): string {
  return (typeof input.gitCommitMessage === "string" && input.gitCommitMessage) || options.defaultCommitMessage || fallback;
}

export const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
export const bool = (value: unknown, fallback: boolean): boolean => (typeof value === "boolean" ? value : fallback);
