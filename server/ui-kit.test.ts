import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../tests/support/server";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";

// Users of the catalog sign in as Custom Users with ID tokens a trusted issuer signed (docs/decisions/019).
const users = await startCatalogUserIssuer([]);
afterAll(() => users.close());

// The UI kit's gallery (/dev/ui-kit) through HTTP: served in the development
// auth environment, the 404 page elsewhere; and the dismissible banner's
// form post, which dismisses a banner for good per user.

async function signIn(server: RunningServer, userId: string): Promise<string> {
  const response = await fetch(`${server.url}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "custom", userId, idToken: await users.idTokenFor(userId) }).toString(),
  });
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith("atrium-session="))!
    .split(";")[0]!;
}

describe("the UI kit gallery in the development auth environment", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer("auth:\n  signInPage: [custom]\n", {}, [users.config]);
  });
  afterAll(async () => server?.stop());

  const gallery = async (cookie: string, query = "") => {
    const response = await fetch(`${server.url}/dev/ui-kit${query}`, { headers: { cookie } });
    return { status: response.status, html: await response.text() };
  };
  const dismiss = (cookie: string, fields: Record<string, string>) =>
    fetch(`${server.url}/settings/banners/dismiss`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
      body: new URLSearchParams(fields),
    });

  it("shows every component, rendered on the server", async () => {
    const { status, html } = await gallery(await signIn(server, "ada"));
    expect(status).toBe(200);
    for (const section of ["banner", "panels", "status", "gauges", "table", "select", "pagination", "cards", "empty-state", "markdown", "themes"]) {
      expect(html).toContain(`data-kit-section="${section}"`);
    }
    expect(html).toContain("Permission required");
    expect(html).toContain("No information to display");
    expect(html).toContain("No records to display");
    expect(html).toContain("Request failed with 503 Service Unavailable");
    expect(html.match(/data-page-theme="/g)?.length).toBeGreaterThanOrEqual(11);
    // Markdown rendered and sanitised on the server (the javascript: link goes inert), code highlighted there too.
    expect(html).toContain("<strong>Markdown</strong>");
    expect(html).toMatch(/<table>/);
    expect(html).not.toContain('href="javascript:');
    expect(html).toMatch(/<pre class="shiki[^"]*"/);
  });

  it("keeps the table's state in the URL", async () => {
    const { html } = await gallery(await signIn(server, "ada"), "?kit.f.owner=team-b&kit.q=service");
    expect(html).toContain('<option value="team-b" selected="">team-b</option>');
    expect(html).toContain("1-4 of 4");
  });

  it("dismisses the banner for good, for that user only", async () => {
    const ada = await signIn(server, "ada");
    expect((await gallery(ada)).html).toContain('data-banner="ui-kit-gallery-banner"');
    const response = await dismiss(ada, { bannerId: "ui-kit-gallery-banner", returnTo: "/dev/ui-kit" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dev/ui-kit");
    expect((await gallery(ada)).html).not.toContain('data-banner="ui-kit-gallery-banner"');
    expect((await gallery(await signIn(server, "grace"))).html).toContain('data-banner="ui-kit-gallery-banner"');
    // With a script the banner asks for data, not a redirect; a redirect elsewhere is refused.
    expect(await (await dismiss(ada, { bannerId: "other", js: "1" })).json()).toEqual({ dismissed: "other" });
    expect((await dismiss(ada, { bannerId: "x", returnTo: "https://evil.example/" })).headers.get("location")).toBe("/");
    expect((await dismiss(ada, { bannerId: "" })).status).toBe(400);
  });
});

describe("the UI kit gallery outside development", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer("auth:\n  environment: production\n");
  });
  afterAll(async () => server?.stop());

  it("is the 404 page", async () => {
    const response = await fetch(`${server.url}/dev/ui-kit`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("data-kit-section");
  });
});
