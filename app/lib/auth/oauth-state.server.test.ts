import { describe, expect, it } from "vitest";
import { decodeOAuthState, encodeOAuthState, flowCookies, noncesMatch, providerSessionCookies, randomNonce } from "./oauth-state.server";

describe("OAuth state", () => {
  it("travels as hex of a query string, as Backstage encodes it, and comes back whole", () => {
    const state = { nonce: "abc", env: "development", origin: "http://localhost:7007", redirectUrl: "http://localhost:7007/settings?a=1&b=2", flow: "redirect", scope: "openid email" };
    const encoded = encodeOAuthState(state);
    expect(encoded).toMatch(/^[0-9a-f]+$/);
    expect(Buffer.from(encoded, "hex").toString()).toBe(new URLSearchParams(state).toString());
    expect(decodeOAuthState(encoded)).toEqual(state);
  });

  it("refuses state that is not hex, too long, or lacks its env or nonce", () => {
    expect(() => decodeOAuthState("zz")).toThrow("OAuth state is invalid");
    expect(() => decodeOAuthState("a".repeat(9000))).toThrow("OAuth state is invalid");
    expect(() => decodeOAuthState(Buffer.from("nonce=x").toString("hex"))).toThrow("OAuth state is invalid, missing env");
    expect(() => decodeOAuthState(Buffer.from("env=development").toString("hex"))).toThrow("OAuth state is invalid, missing nonce");
  });

  it("makes unguessable nonces and compares them exactly", () => {
    const nonce = randomNonce();
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(randomNonce()).not.toBe(nonce);
    expect(noncesMatch(nonce, nonce)).toBe(true);
    expect(noncesMatch(nonce, `${nonce}x`)).toBe(false);
    expect(
      noncesMatch(
        nonce,
        nonce.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toBe(false);
  });

  it("scopes the flow cookies to the callback and the refresh token to the provider, under the base path", () => {
    const scope = { basePath: "/portal", providerId: "github", secure: true };
    expect(flowCookies(scope, { nonce: "n", codeVerifier: "v" })).toEqual([
      "github-nonce=n; Path=/portal/api/auth/github/handler; Max-Age=600; HttpOnly; Secure; SameSite=Lax",
      "github-code-verifier=v; Path=/portal/api/auth/github/handler; Max-Age=600; HttpOnly; Secure; SameSite=Lax",
    ]);
    expect(providerSessionCookies({ ...scope, basePath: "" }, { refreshToken: "r" })).toEqual(["github-refresh-token=r; Path=/api/auth/github; Max-Age=86400000; HttpOnly; Secure; SameSite=Lax"]);
  });
});
