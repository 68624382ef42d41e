import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { cookiePath, parseCookies, serializeCookie } from "../http/cookies";

// The session's secrets: provider access tokens the portal may use for the
// signed-in user (a source-control token with repo-write scope for an
// import), under keys such as `provider:github`. The browser holds only a
// random key in an httpOnly cookie; the tokens stay in the database, bound
// to the user they were obtained for.

export const SECRETS_COOKIE = "atrium-secrets";
/** How long secrets are kept without use; a provider's own token expiry ends them sooner. */
export const SECRETS_TTL_SECONDS = 12 * 60 * 60;

export type ProviderSecret = {
  provider: string;
  /** The source-control host the token is for (github.com, gitlab.example), when it is one. */
  host?: string;
  accessToken: string;
  scopes: string[];
  /** Epoch milliseconds; absent when the provider did not say. */
  expiresAt?: number;
};

export type SessionSecrets = Record<string, ProviderSecret>;

const hashOf = (cookieValue: string) => createHash("sha256").update(cookieValue).digest("hex");

export function providerSecretKey(provider: string): string {
  return `provider:${provider}`;
}

export function createSessionSecretsStore(db: Kysely<Database>, now: () => number = Date.now) {
  async function load(cookieValue: string | undefined, userEntityRef: string): Promise<SessionSecrets> {
    if (!cookieValue) return {};
    const row = await db.selectFrom("auth_session_secrets").selectAll().where("id", "=", hashOf(cookieValue)).executeTakeFirst();
    // Secrets obtained for another user are not this user's, whoever holds the cookie.
    if (!row || row.expires_at <= now() || row.user_entity_ref !== userEntityRef) return {};
    const secrets = JSON.parse(row.secrets) as SessionSecrets;
    return Object.fromEntries(Object.entries(secrets).filter(([, secret]) => secret.expiresAt === undefined || secret.expiresAt > now()));
  }

  return {
    load,

    /** Stores one secret; answers the cookie value to set when the session had none (or another user's). */
    async put(cookieValue: string | undefined, userEntityRef: string, key: string, secret: ProviderSecret): Promise<string> {
      const existing = await load(cookieValue, userEntityRef);
      const fresh = !cookieValue || Object.keys(existing).length === 0;
      const value = fresh ? randomBytes(32).toString("base64url") : cookieValue!;
      const row = { id: hashOf(value), user_entity_ref: userEntityRef, secrets: JSON.stringify({ ...existing, [key]: secret }), expires_at: now() + SECRETS_TTL_SECONDS * 1000 };
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("auth_session_secrets")
          .where((eb) => eb.or([eb("id", "=", row.id), eb("expires_at", "<=", now())]))
          .execute();
        if (fresh && cookieValue) await trx.deleteFrom("auth_session_secrets").where("id", "=", hashOf(cookieValue)).execute();
        await trx.insertInto("auth_session_secrets").values(row).execute();
      });
      return value;
    },

    async remove(cookieValue: string | undefined, userEntityRef: string, key: string): Promise<void> {
      if (!cookieValue) return;
      const existing = await load(cookieValue, userEntityRef);
      if (!(key in existing)) return;
      delete existing[key];
      await db
        .updateTable("auth_session_secrets")
        .set({ secrets: JSON.stringify(existing) })
        .where("id", "=", hashOf(cookieValue))
        .execute();
    },

    /** Sign-out: every secret of the session goes. */
    async drop(cookieValue: string | undefined): Promise<void> {
      if (cookieValue) await db.deleteFrom("auth_session_secrets").where("id", "=", hashOf(cookieValue)).execute();
    },
  };
}

export type SessionSecretsStore = ReturnType<typeof createSessionSecretsStore>;

export function readSecretsCookie(cookieHeader: string | null): string | undefined {
  return parseCookies(cookieHeader)[SECRETS_COOKIE] || undefined;
}

export function secretsCookie(value: string, options: { basePath: string; secure: boolean }): string {
  return serializeCookie(SECRETS_COOKIE, value, { path: cookiePath(options.basePath), maxAgeSeconds: SECRETS_TTL_SECONDS, secure: options.secure });
}

export function clearedSecretsCookie(options: { basePath: string; secure: boolean }): string {
  return serializeCookie(SECRETS_COOKIE, "", { path: cookiePath(options.basePath), maxAgeSeconds: 0, secure: options.secure });
}
