import type { Identity } from "./identity";
import { requestToken } from "./session.server";
import type { TokenService } from "./tokens.server";

export type Authentication = {
  identity?: Identity & { expiresAt: number };
  /** Set when credentials were sent but are not valid: a Bearer token then means 401. */
  error?: string;
  from?: "header" | "cookie";
};

/** Who sent the request, from its Bearer token or session cookie. */
export async function authenticate(tokens: TokenService, headers: { authorization?: string | null; cookie?: string | null }): Promise<Authentication> {
  const sent = requestToken(headers);
  if (!sent) return {};
  if (!sent.token) return { error: "Malformed Authorization header, expected 'Bearer <token>'", from: sent.from };
  try {
    return { identity: await tokens.verify(sent.token), from: sent.from };
  } catch (error) {
    return { error: (error as Error).message, from: sent.from };
  }
}
