import { SignJWT, generateKeyPair, importJWK } from "jose";
import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { REVOCATION_CHECK_CACHE_MS } from "./revoked-sessions.server";
import { createTokenService, USER_TOKEN_TTL_SECONDS } from "./tokens.server";

const ADA = { userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada", "group:default/platform"], provider: "custom" };
const ISSUER = "http://localhost:7007/api/auth";

describe.each(TEST_ENGINES)("user tokens on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  it("issues tokens any replica can verify, with the identity inside", async () => {
    const issued = await createTokenService({ db: database.db, issuer: ISSUER }).issue(ADA);
    const otherReplica = createTokenService({ db: database.db, issuer: ISSUER });
    expect(await otherReplica.verify(issued.token)).toEqual({ ...ADA, expiresAt: issued.expiresAt, session: issued.session });
    expect((await otherReplica.jwks()).keys).toEqual([expect.objectContaining({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" })]);
    expect((await otherReplica.jwks()).keys[0]).not.toHaveProperty("d");
  });

  it("rejects expired, tampered, foreign and unsigned tokens", async () => {
    let clock = Date.now();
    const service = createTokenService({ db: database.db, issuer: ISSUER, now: () => clock });
    const { token } = await service.issue(ADA);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: "user:default/admin" })).toString("base64url")}.${signature}`;
    await expect(service.verify(tampered)).rejects.toThrow(/^Invalid token/);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    await expect(service.verify(unsigned)).rejects.toMatchObject({ name: "AuthenticationError" });
    const { privateKey } = await generateKeyPair("ES256");
    const foreign = await new SignJWT({ ent: [] })
      .setProtectedHeader({ alg: "ES256", kid: "x" })
      .setIssuer(ISSUER)
      .setAudience("backstage")
      .setSubject("user:default/eve")
      .setExpirationTime("1h")
      .sign(privateKey);
    await expect(service.verify(foreign)).rejects.toMatchObject({ name: "AuthenticationError" });
    await expect(createTokenService({ db: database.db, issuer: "https://elsewhere.example/api/auth" }).verify(token)).rejects.toThrow(/iss/);
    clock += (USER_TOKEN_TTL_SECONDS + 1) * 1000;
    await expect(service.verify(token)).rejects.toThrow(/exp/);
  });

  it("rotates the signing key daily and still accepts tokens signed by the previous one", async () => {
    let clock = Date.now();
    const service = createTokenService({ db: database.db, issuer: ISSUER, now: () => clock });
    const first = await service.issue(ADA);
    clock += 25 * 60 * 60 * 1000;
    const second = await service.issue(ADA);
    const kid = (token: string) => JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString()).kid;
    expect(kid(second.token)).not.toBe(kid(first.token));
    expect((await service.jwks()).keys).toHaveLength(2);
    await expect(service.verify(second.token)).resolves.toMatchObject({ userEntityRef: ADA.userEntityRef });
  });

  it("keeps a session's id and start through renewals, and never renews past its absolute end", async () => {
    let clock = Date.now();
    const HOUR = 3_600_000;
    const service = createTokenService({ db: database.db, issuer: ISSUER, sessionDurationMs: 2.5 * HOUR, now: () => clock });
    const first = await service.issue(ADA);
    expect(first.session.endsAt - first.session.startedAt).toBe(2.5 * HOUR);
    clock += 55 * 60_000;
    const renewed = await service.issue(ADA, (await service.verify(first.token)).session);
    expect(renewed.session).toEqual(first.session);
    clock += 55 * 60_000;
    const last = await service.issue(ADA, (await service.verify(renewed.token)).session);
    // Less than an hour of the session is left: the token ends with it.
    expect(last.expiresAt).toBe(first.session.endsAt);
    clock = first.session.endsAt;
    await expect(service.verify(last.token)).rejects.toThrow(/exp|session has ended/);
    await expect(service.issue(ADA, first.session)).rejects.toThrow("The session has ended, sign in again");
    // A shorter auth.sessionDuration applies to sessions already running.
    clock = Date.now();
    const shorter = createTokenService({ db: database.db, issuer: ISSUER, sessionDurationMs: 60_000, now: () => clock + 61_000 });
    await expect(shorter.verify((await service.issue(ADA)).token)).rejects.toThrow("Invalid token: the session has ended, sign in again");
  });

  it("refuses every token of a signed-out session on every replica, and a token that names no session", async () => {
    let clock = Date.now();
    const replicaA = createTokenService({ db: database.db, issuer: ISSUER, now: () => clock });
    const replicaB = createTokenService({ db: database.db, issuer: ISSUER, now: () => clock });
    const first = await replicaA.issue(ADA);
    const renewed = await replicaA.issue(ADA, first.session);
    const other = await replicaA.issue(ADA);
    await expect(replicaB.verify(first.token)).resolves.toMatchObject({ userEntityRef: ADA.userEntityRef });
    await replicaA.revoke(first.session);
    for (const token of [first.token, renewed.token]) await expect(replicaA.verify(token)).rejects.toThrow("Invalid token: the session was signed out");
    // Replica B answered "not revoked" a moment ago and trusts that answer for a few seconds at most.
    await expect(replicaB.verify(renewed.token)).resolves.toMatchObject({ userEntityRef: ADA.userEntityRef });
    clock += REVOCATION_CHECK_CACHE_MS;
    await expect(replicaB.verify(renewed.token)).rejects.toThrow("Invalid token: the session was signed out");
    await expect(createTokenService({ db: database.db, issuer: ISSUER, now: () => clock }).verify(first.token)).rejects.toThrow("signed out");
    // Another sign-in of the same user is another session.
    await expect(replicaB.verify(other.token)).resolves.toMatchObject({ userEntityRef: ADA.userEntityRef });

    const { kid, private_jwk } = (await database.db.selectFrom("auth_keys").selectAll().executeTakeFirstOrThrow()) as { kid: string; private_jwk: string };
    const key = await importJWK(JSON.parse(private_jwk), "ES256");
    const legacy = await new SignJWT({ ent: ADA.ownershipEntityRefs, prv: "custom" })
      .setProtectedHeader({ alg: "ES256", kid })
      .setIssuer(ISSUER)
      .setAudience("backstage")
      .setSubject(ADA.userEntityRef)
      .setExpirationTime("1h")
      .sign(key);
    await expect(replicaB.verify(legacy)).rejects.toThrow("Invalid token: it belongs to no session, sign in again");
  });

  it("forgets a revocation once no token of the session can be unexpired", async () => {
    let clock = Date.now();
    const service = createTokenService({ db: database.db, issuer: ISSUER, now: () => clock });
    const { session } = await service.issue(ADA);
    await service.revoke(session);
    clock += (USER_TOKEN_TTL_SECONDS + 60) * 1000;
    const later = (await service.issue(ADA)).session;
    await service.revoke(later);
    expect(await database.db.selectFrom("auth_revoked_sessions").select("id").execute()).toEqual([{ id: later.id }]);
  });
});
