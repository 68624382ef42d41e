import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

// Sessions ended by signing out, as every replica sees them: the
// auth_revoked_sessions table, asked by session id (its primary key) when a
// token is verified. A "not revoked" answer is kept in this process for
// REVOCATION_CHECK_CACHE_MS, so a busy API client costs one lookup per few
// seconds instead of one per request; the price is that a session signed
// out on another replica may still be accepted here for that long. What
// this process revoked, or found revoked, is refused at once (decision 042).

export const REVOCATION_CHECK_CACHE_MS = 5_000;
/** Answers kept at most; the oldest go first. */
const MAX_CACHED_ANSWERS = 10_000;

export type RevokedSessions = {
  isRevoked(sessionId: string): Promise<boolean>;
  /** Refuses the session's tokens from now on; `keepUntil` is when its last token expires at the latest. */
  revoke(sessionId: string, keepUntil: number): Promise<void>;
};

export function createRevokedSessions(db: Kysely<Database>, now: () => number): RevokedSessions {
  const answers = new Map<string, { revoked: boolean; validUntil: number }>();

  function remember(sessionId: string, answer: { revoked: boolean; validUntil: number }) {
    answers.delete(sessionId);
    if (answers.size >= MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(sessionId, answer);
  }

  return {
    async isRevoked(sessionId) {
      const cached = answers.get(sessionId);
      if (cached && cached.validUntil > now()) return cached.revoked;
      const row = await db.selectFrom("auth_revoked_sessions").select("expires_at").where("id", "=", sessionId).executeTakeFirst();
      remember(sessionId, row ? { revoked: true, validUntil: Number(row.expires_at) } : { revoked: false, validUntil: now() + REVOCATION_CHECK_CACHE_MS });
      return Boolean(row);
    },

    async revoke(sessionId, keepUntil) {
      await db
        .insertInto("auth_revoked_sessions")
        .values({ id: sessionId, expires_at: keepUntil })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      remember(sessionId, { revoked: true, validUntil: keepUntil });
      // Rows no token can need any more.
      await db.deleteFrom("auth_revoked_sessions").where("expires_at", "<", now()).execute();
    },
  };
}
