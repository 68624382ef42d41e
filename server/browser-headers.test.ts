import { describe, expect, it } from "vitest";
import { API_AUTHORIZATION, guestSessionCookie, useServer } from "../tests/support/server";

// What a browser is told about every response: no framing by other sites, no
// content sniffing, no full URLs leaking to other sites as referrers, and on
// pages a script policy under which only this page's own inline scripts run.

const served = useServer(`
auth:
  signInPage: [guest]
`);

/** `page`: a page's policy allows its inline scripts by nonce; any other response's allows none. */
function expectBrowserHeaders(response: Response, kind: "page" | "other") {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  const policy = response.headers.get("content-security-policy") ?? "";
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).toContain("object-src 'none'");
  if (kind === "page") expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
  else expect(policy).toMatch(/script-src 'self'(;|$)/);
  // One policy: a second header would narrow the first.
  expect(policy).not.toContain(",");
}

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe("browser headers", () => {
  it("are on a page, and every inline script on it carries the policy's nonce", async () => {
    const response = await served.get("/sign-in");
    expect(response.status).toBe(200);
    expectBrowserHeaders(response, "page");
    const nonce = nonceOf(response)!;
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    // React Router's context, its module import and the route modules: the page cannot hydrate without them.
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const attributes of scripts) {
      if (/\bsrc=/.test(attributes)) continue;
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
    expect(html).toContain("window.__reactRouterContext");
    // Module scripts the page loads come from this origin, which the policy allows.
    for (const [, src] of html.matchAll(/<(?:script|link rel="modulepreload")[^>]*\b(?:src|href)="([^"]+\.js)"/g)) expect(src).toMatch(/^\/assets\//);
  });

  it("give each page its own nonce", async () => {
    const [first, second] = await Promise.all([served.get("/sign-in"), served.get("/sign-in")]);
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it("are on an API answer", async () => {
    const response = await served.get("/api/catalog/entities?limit=1", { headers: API_AUTHORIZATION });
    expect(response.status).toBe(200);
    expectBrowserHeaders(response, "other");
  });

  it("are on static files", async () => {
    const html = await (await served.get("/sign-in")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1];
    for (const path of [asset, "/favicon.svg"]) {
      const response = await served.get(path);
      expect(response.status).toBe(200);
      expectBrowserHeaders(response, "other");
    }
  });

  it("are on error pages and error answers", async () => {
    const cookie = await guestSessionCookie(served.server);
    const page = await served.get("/no/such/page", { headers: { accept: "text/html", cookie } });
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expectBrowserHeaders(page, "page");
    const nonce = nonceOf(page)!;
    for (const [, attributes] of (await page.text()).matchAll(/<script\b([^>]*)>/g)) if (!/\bsrc=/.test(attributes)) expect(attributes).toContain(`nonce="${nonce}"`);
    const api = await served.get("/api/no-such-api", { headers: API_AUTHORIZATION });
    expect(api.status).toBe(404);
    expectBrowserHeaders(api, "other");
    const asset = await served.get("/assets/missing.js");
    expect(asset.status).toBe(404);
    expectBrowserHeaders(asset, "other");
    const refused = await served.get("/x%00y");
    expect(refused.status).toBe(400);
    expectBrowserHeaders(refused, "other");
  });

  it("leave a response's own policy alone: the sign-in popup's page allows its one script by hash", async () => {
    // A callback for a provider that is not configured: the popup's page carries the error to its opener.
    const response = await served.get("/api/auth/oidc/handler/frame?state=none");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toMatch(/^script-src 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(response.headers.get("x-frame-options")).toBe("sameorigin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
