import { randomBytes, randomUUID } from "node:crypto";
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AuthenticationError } from "../errors";
import type { Identity } from "./identity";
import { createRevokedSessions, REVOCATION_CHECK_CACHE_MS } from "./revoked-sessions.server";
import { DEFAULT_SESSION_DURATION_MS } from "./session-duration";

// User tokens: JWTs Atrium signs with ES256 keys kept in the database, so
// every replica issues and accepts the same tokens. A key signs for a day
// and is trusted for two, longer than any token it signed lives.
//
// Every token belongs to a session, the sign-in that started it: its id
// (claim sid) and when it started (auth_time, as OpenID Connect names it).
// A renewed token carries both along, so a session ends at auth_time plus
// auth.sessionDuration however often it is renewed, and signing out
// revokes the session id, which ends every token of it at once
// (revoked-sessions.server.ts; decision 042).

export const USER_TOKEN_TTL_SECONDS = 60 * 60;
const KEY_SIGNING_MS = 24 * 60 * 60 * 1000;
const KEY_TRUST_MS = 2 * KEY_SIGNING_MS;
const PUBLIC_KEYS_CACHE_MS = 60_000;
export const TOKEN_AUDIENCE = "backstage";

/** The sign-in a token belongs to; times in epoch milliseconds. */
export type UserSession = { id: string; startedAt: number; endsAt: number };

export type VerifiedIdentity = Identity & { expiresAt: number; session: UserSession };

export type TokenService = {
  /** A token for the identity: in the given session (a renewal), else in a new one (a sign-in). */
  issue(identity: Identity, session?: UserSession): Promise<{ token: string; expiresAt: number; session: UserSession }>;
  /** The identity a token carries; AuthenticationError for anything forged, expired, foreign, past its session's end or signed out. */
  verify(token: string): Promise<VerifiedIdentity>;
  /** Signing out: no token of the session is accepted any more, on any replica. */
  revoke(session: UserSession): Promise<void>;
  jwks(): Promise<{ keys: JWK[] }>;
};

export function createTokenService(options: { db: Kysely<Database>; issuer: string; sessionDurationMs?: number; now?: () => number }): TokenService {
  const { db, issuer } = options;
  const now = options.now ?? Date.now;
  const sessionDurationMs = options.sessionDurationMs ?? DEFAULT_SESSION_DURATION_MS;
  const revoked = createRevokedSessions(db, now);
  let signing: { kid: string; key: CryptoKey; createdAt: number } | undefined;
  let trusted: { keys: JWK[]; at: number } | undefined;

  async function signingKey() {
    if (signing && now() - signing.createdAt < KEY_SIGNING_MS) return signing;
    let row = await db.selectFrom("auth_keys").selectAll().orderBy("created_at", "desc").limit(1).executeTakeFirst();
    if (!row || now() - row.created_at >= KEY_SIGNING_MS) {
      // Two replicas may rotate at once: both keys are then trusted, which is harmless.
      const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
      const kid = randomUUID();
      row = {
        kid,
        private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: "ES256" }),
        public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" }),
        created_at: now(),
      };
      await db.insertInto("auth_keys").values(row).execute();
      await db
        .deleteFrom("auth_keys")
        .where("created_at", "<", now() - KEY_TRUST_MS)
        .execute();
      trusted = undefined;
    }
    signing = { kid: row.kid, key: (await importJWK(JSON.parse(row.private_jwk), "ES256")) as CryptoKey, createdAt: row.created_at };
    return signing;
  }

  async function trustedKeys(refresh = false): Promise<JWK[]> {
    if (!refresh && trusted && now() - trusted.at < PUBLIC_KEYS_CACHE_MS) return trusted.keys;
    const rows = await db
      .selectFrom("auth_keys")
      .select("public_jwk")
      .where("created_at", ">=", now() - KEY_TRUST_MS)
      .execute();
    trusted = { keys: rows.map((row) => JSON.parse(row.public_jwk) as JWK), at: now() };
    return trusted.keys;
  }

  async function verifyWith(token: string, keys: JWK[]) {
    return jwtVerify(token, createLocalJWKSet({ keys }), {
      issuer,
      audience: TOKEN_AUDIENCE,
      algorithms: ["ES256"],
      currentDate: new Date(now()),
    });
  }

  return {
    async issue(identity, given) {
      const startedAt = Math.floor(now() / 1000) * 1000;
      const session = given ?? { id: randomBytes(16).toString("base64url"), startedAt, endsAt: startedAt + sessionDurationMs };
      if (session.endsAt <= now()) throw new AuthenticationError("The session has ended, sign in again");
      const { kid, key } = await signingKey();
      const expiresAt = Math.floor(Math.min(now() / 1000 + USER_TOKEN_TTL_SECONDS, session.endsAt / 1000));
      // gst: a guest browser's settings scope; dsp: a name for display only (neither grants anything).
      const claims = {
        sid: session.id,
        auth_time: session.startedAt / 1000,
        ent: identity.ownershipEntityRefs,
        prv: identity.provider,
        ...(identity.guestId ? { gst: identity.guestId } : {}),
        ...(identity.displayName ? { dsp: identity.displayName } : {}),
      };
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "ES256", kid, typ: "vnd.backstage.user" })
        .setIssuer(issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(identity.userEntityRef)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: expiresAt * 1000, session };
    },

    async verify(token) {
      let result;
      try {
        result = await verifyWith(token, await trustedKeys()).catch(async (error) => {
          // A key another replica just made is not in our cache yet.
          if ((error as { code?: string }).code === "ERR_JWKS_NO_MATCHING_KEY") return verifyWith(token, await trustedKeys(true));
          throw error;
        });
      } catch (error) {
        throw new AuthenticationError(`Invalid token: ${(error as Error).message}`);
      }
      const { sub, ent, prv, gst, dsp, exp, sid, auth_time } = result.payload as Record<string, unknown>;
      if (typeof sub !== "string" || !Array.isArray(ent) || !ent.every((item) => typeof item === "string")) {
        throw new AuthenticationError("Invalid token: it does not carry a user identity");
      }
      // A token from before sessions had ids cannot be signed out: it is refused, and its holder signs in again.
      if (typeof sid !== "string" || !sid || typeof auth_time !== "number") throw new AuthenticationError("Invalid token: it belongs to no session, sign in again");
      const session = { id: sid, startedAt: auth_time * 1000, endsAt: auth_time * 1000 + sessionDurationMs };
      if (session.endsAt <= now()) throw new AuthenticationError("Invalid token: the session has ended, sign in again");
      if (await revoked.isRevoked(sid)) throw new AuthenticationError("Invalid token: the session was signed out");
      return {
        userEntityRef: sub,
        ownershipEntityRefs: ent,
        provider: typeof prv === "string" ? prv : "unknown",
        ...(typeof gst === "string" && gst ? { guestId: gst } : {}),
        ...(typeof dsp === "string" && dsp ? { displayName: dsp } : {}),
        expiresAt: (typeof exp === "number" ? exp : 0) * 1000,
        session,
      };
    },

    async revoke(session) {
      // Its last token expires within a token's lifetime of now, or of a renewal another replica granted before it saw this.
      await revoked.revoke(session.id, now() + USER_TOKEN_TTL_SECONDS * 1000 + REVOCATION_CHECK_CACHE_MS);
    },

    async jwks() {
      return { keys: await trustedKeys() };
    },
  };
}
