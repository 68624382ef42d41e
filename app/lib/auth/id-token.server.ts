import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import type { AuthProviders, ConfiguredProvider } from "./auth-providers.server";
import { OIDC_PROVIDERS } from "./authenticators.server";

// The Custom User's ID token, checked against the issuers the portal trusts:
// the configured OpenID Connect providers (and so the development identity
// provider, when a provider's metadataUrl points at it), each found through
// its discovery document. A token counts only when its signature verifies
// against the issuer's published keys and its issuer, audience (the
// provider's clientId) and expiry are right; anything else is no identity
// at all (docs/decisions/019-custom-user-needs-a-verified-id-token.md).

export type VerifiedIdToken = { provider: ConfiguredProvider; claims: JWTPayload & Record<string, unknown> };

/** Only asymmetric signatures: a shared secret would let the client sign its own tokens. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetFor(jwksUri: string) {
  let keys = keySets.get(jwksUri);
  if (!keys) keySets.set(jwksUri, (keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5000 })));
  return keys;
}

/** Keys are fetched over https, or plain http on loopback only (the development identity provider, test issuers). */
function fetchableKeyUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname));
  } catch {
    return false;
  }
}

/**
 * The provider that issued `token` and the claims it vouches for, or the
 * reason it vouches for nothing (no configured issuer, a bad signature, the
 * wrong audience, expired...).
 */
export async function verifyIdToken(providers: AuthProviders, token: string): Promise<VerifiedIdToken | { failure: string }> {
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return { failure: "the ID token does not decode" };
  }
  if (!issuer) return { failure: "the ID token names no issuer" };
  for (const config of providers.configured()) {
    if (!OIDC_PROVIDERS.has(config.id)) continue;
    const provider = providers.provider(config.id)!;
    const metadata = await provider.authenticator.openIdMetadata().catch(() => undefined);
    if (!metadata || metadata.issuer !== issuer) continue;
    if (!metadata.jwks_uri || !fetchableKeyUrl(metadata.jwks_uri)) return { failure: `the issuer ${issuer} publishes no usable keys` };
    try {
      const { payload } = await jwtVerify(token, keySetFor(metadata.jwks_uri), { issuer, audience: config.clientId, algorithms: ALGORITHMS, requiredClaims: ["exp", "sub"] });
      return { provider, claims: payload as VerifiedIdToken["claims"] };
    } catch (error) {
      return { failure: `the ID token does not verify against ${issuer}: ${(error as Error).message}` };
    }
  }
  return { failure: `the issuer ${issuer.slice(0, 200)} is not one the portal trusts` };
}
