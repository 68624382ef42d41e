import { randomUUID } from "node:crypto";
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AuthenticationError } from "../errors";
import type { Identity } from "./identity";

// User tokens: JWTs Atrium signs with ES256 keys kept in the database, so
// every replica issues and accepts the same tokens. A key signs for a day
// and is trusted for two, longer than any token it signed lives.

export const USER_TOKEN_TTL_SECONDS = 60 * 60;
const KEY_SIGNING_MS = 24 * 60 * 60 * 1000;
const KEY_TRUST_MS = 2 * KEY_SIGNING_MS;
const PUBLIC_KEYS_CACHE_MS = 60_000;
export const TOKEN_AUDIENCE = "backstage";

export type TokenService = {
  issue(identity: Identity): Promise<{ token: string; expiresAt: number }>;
  /** The identity a token carries; AuthenticationError for anything forged, expired or foreign. */
  verify(token: string): Promise<Identity & { expiresAt: number }>;
  jwks(): Promise<{ keys: JWK[] }>;
};

export function createTokenService(options: { db: Kysely<Database>; issuer: string; now?: () => number }): TokenService {
  const { db, issuer } = options;
  const now = options.now ?? Date.now;
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
    async issue(identity) {
      const { kid, key } = await signingKey();
      const expiresAt = Math.floor(now() / 1000) + USER_TOKEN_TTL_SECONDS;
      // gst: a guest browser's settings scope; dsp: a name for display only (neither grants anything).
      const claims = {
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
      return { token, expiresAt: expiresAt * 1000 };
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
      const { sub, ent, prv, gst, dsp, exp } = result.payload as { sub?: unknown; ent?: unknown; prv?: unknown; gst?: unknown; dsp?: unknown; exp?: number };
      if (typeof sub !== "string" || !Array.isArray(ent) || !ent.every((item) => typeof item === "string")) {
        throw new AuthenticationError("Invalid token: it does not carry a user identity");
      }
      return {
        userEntityRef: sub,
        ownershipEntityRefs: ent,
        provider: typeof prv === "string" ? prv : "unknown",
        ...(typeof gst === "string" && gst ? { guestId: gst } : {}),
        ...(typeof dsp === "string" && dsp ? { displayName: dsp } : {}),
        expiresAt: (exp ?? 0) * 1000,
      };
    },

    async jwks() {
      return { keys: await trustedKeys() };
    },
  };
}
