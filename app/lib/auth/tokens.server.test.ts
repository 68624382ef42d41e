import { SignJWT, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { createTokenService, USER_TOKEN_TTL_SECONDS } from "./tokens.server";

const ADA = { userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada", "group:default/platform"], provider: "custom" };
const ISSUER = "http://localhost:7007/api/auth";

describe.each(TEST_ENGINES)("user tokens on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  it("issues tokens any replica can verify, with the identity inside", async () => {
    const issued = await createTokenService({ db: database.db, issuer: ISSUER }).issue(ADA);
    const otherReplica = createTokenService({ db: database.db, issuer: ISSUER });
    expect(await otherReplica.verify(issued.token)).toEqual({ ...ADA, expiresAt: issued.expiresAt });
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
});
