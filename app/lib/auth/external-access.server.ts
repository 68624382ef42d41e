import { createHash } from "node:crypto";
import { NotAllowedError } from "../errors";
import type { AccessRestrictions, ServicePrincipal } from "./credentials";
import { restrictionsByPlugin, type ExternalAccessEntry } from "./external-access";

// Static tokens of backend.auth.externalAccess. Tokens are looked up by
// their SHA-256 digest, so no comparison of secret strings can leak, through
// its timing, how much of a guessed token was right.

export type ExternalCaller = { subject: string; restrictions?: Map<string, AccessRestrictions> };

export type ExternalAccess = {
  /** The caller a static token stands for; undefined when it is not one of ours. */
  verify(token: string): ExternalCaller | undefined;
};

const digest = (token: string) => createHash("sha256").update(token, "utf8").digest("base64");

export function createExternalAccess(entries: ExternalAccessEntry[]): ExternalAccess {
  const callers = new Map(entries.map((entry) => [digest(entry.options.token), { subject: entry.options.subject, restrictions: restrictionsByPlugin(entry) }]));
  return {
    verify: (token) => (callers.size ? callers.get(digest(token)) : undefined),
  };
}

/**
 * The principal a static-token caller is for one plugin's routes. A token
 * restricted to other plugins is refused here, as Backstage refuses it.
 */
export function servicePrincipalFor(caller: ExternalCaller, pluginId: string): ServicePrincipal {
  if (!caller.restrictions) return { type: "service", subject: caller.subject };
  const accessRestrictions = caller.restrictions.get(pluginId);
  if (!accessRestrictions) {
    const valid = [...caller.restrictions.keys()].map((key) => `'${key}'`).join(", ");
    throw new NotAllowedError(`This token's access is restricted to plugin(s) ${valid}`);
  }
  return { type: "service", subject: caller.subject, accessRestrictions };
}
