import { describe, expect, it } from "vitest";
import { postThroughHttpsProxy } from "../tests/support/http";
import { useServer } from "../tests/support/server";

// app.baseUrl with a path: the same build serves everything under /portal.
const app = useServer("app:\n  baseUrl: https://corp.example/portal\nbackend:\n  trustProxy: true\n");
const get = app.get;

describe("under a path prefix", () => {
  it("sends the root and the bare prefix to the portal's home", async () => {
    for (const path of ["/", "/portal"]) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/portal/");
    }
  });

  it("serves pages whose links, forms and assets all carry the prefix", async () => {
    const response = await get("/portal/");
    expect(response.status).toBe(200);
    const html = await response.text();
    const urls = [...html.matchAll(/(?:href|action|src)="([^"#]*)"/g)].map((match) => match[1]).filter((url) => url.startsWith("/"));
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url).toMatch(/^\/portal(\/|$)/);
    expect(html).toContain('"basename":"/portal/"');
    expect(html).toContain('<link rel="icon" href="/portal/favicon.ico" sizes="32x32"/>');
    expect(html).toContain('<link rel="icon" href="/portal/favicon.svg" type="image/svg+xml"/>');
    for (const icon of ["/portal/favicon.ico", "/portal/favicon.svg"]) expect((await get(icon)).status, icon).toBe(200);
    for (const asset of urls.filter((url) => url.includes("/assets/"))) {
      expect((await get(asset)).status, asset).toBe(200);
    }
  });

  it("answers a page path under the prefix that does not decode with the HTML error page and 400", async () => {
    const response = await get("/portal/catalog/%E0%A4%A");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("ERROR 400: BAD REQUEST");
    expect(html).toContain('<link rel="icon" href="/portal/favicon.ico" sizes="32x32"/>');
  });

  it("answers health checks under the prefix and at the root", async () => {
    expect((await get("/portal/healthcheck")).status).toBe(200);
    expect((await get("/healthcheck")).status).toBe(200);
  });

  it("answers paths outside the prefix with 404", async () => {
    const response = await get("/settings");
    expect(response.status).toBe(404);
    expect((await response.json()).error.name).toBe("NotFoundError");
  });

  it("keeps the 404 page and the API's JSON 404 under the prefix", async () => {
    const page = await get("/portal/no-such-page");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("PAGE NOT FOUND");
    expect((await get("/portal/api/unknown")).headers.get("content-type")).toMatch(/json/);
  });

  it("redirects after a form post to a prefixed path and scopes cookies to it", async () => {
    // Trusted because backend.trustProxy is set.
    const response = await postThroughHttpsProxy(app.server.port, "/portal/settings", "intent=appearance&theme=light&language=en");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/portal/settings");
    expect(response.headers["set-cookie"]).toContainEqual(expect.stringMatching(/^atrium-theme=light; Path=\/portal;/));
  });
});
