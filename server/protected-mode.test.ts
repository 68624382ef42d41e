import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configArgs, repoRoot, runServer, useServer } from "../tests/support/server";

// auth.protectedMode: no page and no asset without a session, the sign-in page excepted.
const app = useServer("auth:\n  signInPage: [guest, custom]\n  protectedMode: true\n");
const homeModule = `/assets/${readdirSync(path.join(repoRoot, "build/client/assets")).find((file) => /^home-.*\.js$/.test(file))}`;

describe("protected mode", () => {
  it("serves the sign-in page and everything it loads to a visitor without a session", async () => {
    const page = await app.get("/sign-in");
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|favicon\.(?:svg|ico)))"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of new Set(assets)) expect([asset, (await app.get(asset)).status]).toEqual([asset, 200]);
  });

  it("refuses every other asset and page without a session, and serves them with one", async () => {
    const refused = await app.get(homeModule);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.name).toBe("AuthenticationError");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const page = await app.get("/");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/sign-in?redirectTo=%2F");
    expect((await app.get(homeModule, { headers: { cookie: "atrium-session=forged.token.here" } })).status).toBe(401);
    // Spellings the static middlewares would still resolve to the same file.
    for (const spelling of [`/${homeModule}`, homeModule.replace("/assets/", "/ASSETS/"), homeModule.replace("/assets/", "/assets%2F"), homeModule.replace("/assets/", "/assets//")]) {
      expect([spelling, (await app.get(spelling)).status]).not.toEqual([spelling, 200]);
    }

    const signIn = await app.get("/sign-in", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url }, body: "intent=guest" });
    const session = signIn.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("atrium-session="))!
      .split(";")[0];
    const served = await app.get(homeModule, { headers: { cookie: session } });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toMatch(/^private/);
    expect((await app.get("/", { headers: { cookie: session } })).status).toBe(200);
  });

  it("refuses to start when no sign-in page could issue the cookie", async () => {
    const { exited, output } = runServer(configArgs("auth:\n  signInPage: []\n  protectedMode: true\n"));
    expect(await exited).toBe(1);
    expect(output()).toContain("App is running in protected mode but missing required APIs");
  });
});
