import type { ExternalAccess, ExternalCaller } from "./external-access.server";
import { requestToken } from "./session.server";
import type { TokenService, VerifiedIdentity } from "./tokens.server";

export type Authentication = {
  identity?: VerifiedIdentity;
  /** A caller with a static token of backend.auth.externalAccess: a service, not a user. */
  service?: ExternalCaller;
  /** Set when credentials were sent but are not valid: a Bearer token then means 401. */
  error?: string;
  from?: "header" | "cookie";
};

/**
 * Who sent the request, from its Bearer token or session cookie. A Bearer
 * token is a static token of backend.auth.externalAccess or a user token;
 * static tokens are never read from the cookie, which only the portal sets.
 */
export async function authenticate(tokens: TokenService, headers: { authorization?: string | null; cookie?: string | null }, externalAccess?: ExternalAccess): Promise<Authentication> {
  const sent = requestToken(headers);
  if (!sent) return {};
  if (!sent.token) return { error: "Malformed Authorization header, expected 'Bearer <token>'", from: sent.from };
  const service = sent.from === "header" ? externalAccess?.verify(sent.token) : undefined;
  if (service) return { service, from: "header" };
  try {
    return { identity: await tokens.verify(sent.token), from: sent.from };
  } catch (error) {
    return { error: (error as Error).message, from: sent.from };
  }
}
