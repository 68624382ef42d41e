import { describe, expect, it } from "vitest";
import { postThroughHttpsProxy, rawRequest, upgradeStatus } from "../tests/support/http";
import { API_AUTHORIZATION, useServer } from "../tests/support/server";

const app = useServer("app:\n  title: Test Portal\n");
const get = app.get;

describe("health", () => {
  it("answers Backstage's health endpoints", async () => {
    for (const path of ["/healthcheck", "/.backstage/health/v1/readiness", "/.backstage/health/v1/liveness"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    }
  });
});

describe("pages", () => {
  it("renders the shell on the server with the document title '{title} | {app title}'", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Home | Test Portal</title>");
    expect(html).toContain('aria-label="Main navigation"');
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names the portal's icon in the document head and serves it, as an ICO and an SVG", async () => {
    const html = await (await get("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32"/>');
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    const ico = await get("/favicon.ico");
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An icon directory (reserved 0, type 1) holding at least one image.
    const bytes = Buffer.from(await ico.arrayBuffer());
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    const svg = await get("/favicon.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg /);
  });

  it("answers an unknown page with 404 and PAGE NOT FOUND", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("ERROR 404: PAGE NOT FOUND");
    expect(html).toContain("Go back");
    expect(html).toContain("contact support");
  });

  it("answers an unknown API path with Backstage's JSON error body", async () => {
    const response = await get("/api/nothing/here", { method: "POST", headers: API_AUTHORIZATION });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { name: "NotFoundError", message: "No API route at POST /api/nothing/here" },
      request: { method: "POST", url: "/api/nothing/here" },
      response: { statusCode: 404 },
    });
  });

  it("renders the theme from the cookie in the first response", async () => {
    for (const theme of ["dark", "light", "auto"]) {
      const html = await (await get("/", { headers: { cookie: `atrium-theme=${theme}` } })).text();
      expect(html).toMatch(new RegExp(`<html lang="en" data-theme="${theme}">`));
    }
    const forged = await (await get("/", { headers: { cookie: 'atrium-theme="><script>' } })).text();
    expect(forged).toContain('data-theme="auto"');
  });

  it("keeps the request id a client sent, when it is well-formed", async () => {
    expect((await get("/healthcheck", { headers: { "x-request-id": "trace-123" } })).headers.get("x-request-id")).toBe("trace-123");
    expect((await get("/healthcheck", { headers: { "x-request-id": "bad id\u00e9" } })).headers.get("x-request-id")).not.toContain("bad");
  });
});

describe("hostile requests", () => {
  it.each([
    ["a dot-dot path", "/../../etc/passwd"],
    ["encoded dot-dot slashes", "/assets/..%2f..%2fpackage.json"],
    ["encoded dots", "/assets/%2e%2e/%2e%2e/app-config.yaml"],
    ["broken percent-encoding in an API path", "/api/catalog/entities/by-name/component/default/%E0%A4%A"],
    ["broken percent-encoding in an asset path", "/assets/%E0%A4%A.js"],
    ["a NUL byte", "/x%00y"],
    ["a 5,000-character path", `/${"a".repeat(5000)}`],
    ["a 20,000-character path", `/${"b".repeat(20000)}`],
  ])("answers %s with 400 and no stack", async (_label, path) => {
    const response = await rawRequest(app.server.port, path);
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body);
    expect(body.error.name).toBe("InputError");
    expect(response.body).not.toMatch(/at \w+ \(/);
  });

  it("answers a page path with broken percent-encoding with the HTML error page and 400, no stack", async () => {
    for (const path of ["/catalog/%E0%A4%A", "/%E0%A4%A", "/catalog/default/component/%E0%A4%A?x=1"]) {
      const response = await rawRequest(app.server.port, path);
      expect(response.status, path).toBe(400);
      expect(response.headers["content-type"], path).toMatch(/^text\/html/);
      expect(response.body).toContain("ERROR 400: BAD REQUEST");
      expect(response.body).toContain("Request path is not valid percent-encoding");
      expect(response.body).not.toMatch(/at \w+ \(/);
      // Before any session: no guest session started for a path no page could mean.
      expect(response.headers["set-cookie"] ?? []).toEqual([]);
    }
  });

  it("treats an encoded slash as part of a name, not as a path separator", async () => {
    expect((await rawRequest(app.server.port, "/settings%2Fadmin")).status).toBe(404);
  });

  it("answers a missing asset with 404, not the page", async () => {
    const response = await get("/assets/missing-chunk.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/json/);
  });

  it("refuses a cross-site form post", async () => {
    const response = await get("/settings", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=appearance&theme=dark&language=en",
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.name).toBe("NotAllowedError");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses websocket upgrades on paths no route claims", async () => {
    expect(await upgradeStatus(app.server.port, "/api/no-such-plugin/socket")).toBe("HTTP/1.1 404 Not Found");
    // The Kubernetes proxy claims its upgrades (pod exec) and asks for credentials first.
    expect(await upgradeStatus(app.server.port, "/api/kubernetes/proxy/api/v1/namespaces/default/pods/web/exec")).toBe("HTTP/1.1 401 Unauthorized");
    expect(await upgradeStatus(app.server.port, "/../x")).toBe("HTTP/1.1 400 Bad Request");
  });
});

describe("forms", () => {
  const post = (path: string, body: string) => get(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url }, body });

  it("saves the theme in a cookie and shows the flashed alert after the redirect", async () => {
    const response = await post("/settings", "intent=appearance&theme=dark&language=en&sidebarPinned=on");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toContainEqual(expect.stringMatching(/^atrium-theme=dark; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/));
    const flash = cookies.find((cookie) => cookie.startsWith("atrium-flash="));
    const cookieHeader = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
    const page = await get("/settings", { headers: { cookie: cookieHeader } });
    const html = await page.text();
    expect(flash).toBeDefined();
    expect(html).toContain('data-theme="dark"');
    expect(html).toContain("Settings saved");
    expect(page.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^atrium-flash=; Path=\/; Max-Age=0/));
  });

  it("answers an invalid settings form with 400 and the form's message", async () => {
    const response = await post("/settings", "intent=appearance&theme=purple&language=en");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose Light, Dark or Auto");
  });

  it("pins the sidebar and returns to the page, never to another site", async () => {
    const back = await post("/shell/sidebar", "intent=unpin&redirectTo=%2Fsettings");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/settings");
    expect(back.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^atrium-sidebar-pinned=false;/));
    const offsite = await post("/shell/sidebar", "intent=pin&redirectTo=%2F%2Fevil.example%2F");
    expect(offsite.headers.get("location")).toBe("/");
  });
});

describe("proxies", () => {
  it("ignores X-Forwarded-* headers unless backend.trustProxy is set", async () => {
    // The same request passes behind a trusted proxy (base-path.server.test.ts);
    // untrusted, X-Forwarded-Proto cannot turn this http request into https.
    const response = await postThroughHttpsProxy(app.server.port, "/settings", "intent=appearance&theme=dark&language=en");
    expect(response.status).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});
