import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { API_AUTHORIZATION } from "./server";
import { eventually } from "./fake-scm";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

// A faithful fake of an OpenID Connect issuer's public face on loopback: its
// discovery document (/.well-known/openid-configuration) and its signing keys
// (/jwks), as Keycloak or Okta publish them, and a way for a test to have it
// sign ID tokens. A second key that is never published signs forgeries.

export type FakeOidcIssuer = {
  issuer: string;
  metadataUrl: string;
  /** An RS256 ID token the issuer signed; `claims` overrides the defaults (iss, aud, iat, exp). */
  idToken(claims: JWTPayload & Record<string, unknown>, options?: { forged?: boolean }): Promise<string>;
  close(): Promise<void>;
};

export async function startFakeOidcIssuer(options: { audience: string }): Promise<FakeOidcIssuer> {
  const published = await generateKeyPair("RS256", { extractable: true });
  const unpublished = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "published", alg: "RS256", use: "sig" };
  let issuer = "";
  const server: Server = createServer((request, response) => {
    const json = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url === "/.well-known/openid-configuration") {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (request.url === "/jwks") return json({ keys: [jwk] });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (claims: JWTPayload & Record<string, unknown>, key: CryptoKey) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: issuer, aud: options.audience, iat: now, exp: now + 300, ...claims }).setProtectedHeader({ alg: "RS256", kid: "published", typ: "JWT" }).sign(key);
  };
  return {
    issuer,
    metadataUrl: `${issuer}/.well-known/openid-configuration`,
    idToken: (claims, { forged = false } = {}) => sign(claims, forged ? unpublished.privateKey : published.privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type CatalogUserIssuer = FakeOidcIssuer & {
  /** A config layer: the repository's oidc provider (development environment) trusting this issuer, users resolved by name. */
  config: string;
  /**
   * The ID Token field of a Custom User sign-in: a verified token naming the
   * catalog's user:default/<userId> for the users the test listed, empty
   * (a guest of its own) for anyone else.
   */
  idTokenFor(userId: string): Promise<string>;
  /**
   * Resolves once the server's catalog holds every listed user: a Custom User
   * signs in only as a user the catalog knows, and a loaded machine can take
   * a while to ingest them after the server answers.
   */
  ingestedBy(serverUrl: string, timeoutMs?: number): Promise<void>;
};

/**
 * An issuer whose ID tokens sign server tests in as users of the catalog
 * through the Custom User form (docs/decisions/019: a typed User ID alone
 * is a guest). Close it after the tests.
 */
export async function startCatalogUserIssuer(catalogUsers: string[]): Promise<CatalogUserIssuer> {
  const audience = "atrium-server-tests";
  const issuer = await startFakeOidcIssuer({ audience });
  return {
    ...issuer,
    config: `
auth:
  providers:
    oidc:
      development:
        metadataUrl: ${issuer.metadataUrl}
        clientId: ${audience}
        clientSecret: server-tests
        signIn:
          resolvers:
            - resolver: usernameMatchingUserEntityName
`,
    idTokenFor: async (userId) => (catalogUsers.includes(userId) ? issuer.idToken({ sub: userId, preferred_username: userId }) : ""),
    async ingestedBy(serverUrl, timeoutMs = 90_000) {
      for (const userId of catalogUsers) {
        const url = `${serverUrl}/api/catalog/entities/by-name/user/default/${encodeURIComponent(userId)}`;
        await eventually(async () => (await fetch(url, { headers: API_AUTHORIZATION })).ok, `the catalog to know ${userId}`, timeoutMs);
      }
    },
  };
}
