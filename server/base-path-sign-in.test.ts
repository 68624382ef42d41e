import { describe, expect, it } from "vitest";
import { useServer } from "../tests/support/server";

// Under a path prefix with a sign-in page: the root middleware's redirect of a
// visitor without a session (app/lib/auth/request-identity.server.ts) keeps
// the prefix, which React Router adds only to loaders' redirects.
const app = useServer("app:\n  baseUrl: https://corp.example/portal\nbackend:\n  trustProxy: true\nauth:\n  signInPage: [guest]\n");

describe("a visitor without a session, under a path prefix", () => {
  it("is sent to the prefixed sign-in page, the page asked for kept", async () => {
    const response = await app.get("/portal/settings?tab=general");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/portal/sign-in?redirectTo=%2Fsettings%3Ftab%3Dgeneral");
    const signIn = await app.get("/portal/sign-in?redirectTo=%2Fsettings");
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain("Sign In");
  });
});
