import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { component, locationDoc, startFakeScm, yamlDocs, type FakeScm } from "../tests/support/fake-scm";
import { startServer, type RunningServer } from "../tests/support/server";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";

// Users of the catalog sign in as Custom Users with ID tokens a trusted issuer signed (docs/decisions/019).
const users = await startCatalogUserIssuer(["bob"]);
afterAll(() => users.close());

// The home page at / through HTTP, as a browser without JavaScript sees it,
// under a policy where people read only what they own (and groups): the
// default widgets, each showing only readable entities (starred, recently
// visited, owned, docs), and the settings form that saves, reorders and resets.

const ORG = yamlDocs(
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: platform }\nspec: { type: team, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: payments-team, title: Payments Crew }\nspec: { type: team, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: User\nmetadata: { name: bob }\nspec: { memberOf: [payments-team] }",
);
const COMPONENTS = yamlDocs(
  component("payments-service", "type: service\n  lifecycle: production\n  owner: payments-team", "  title: Payment Gateway\n  annotations: { backstage.io/techdocs-ref: 'dir:.' }\n"),
  component("ledger-worker", "type: service\n  lifecycle: production\n  owner: payments-team"),
  component("checkout-web", "type: website\n  lifecycle: production\n  owner: platform", "  annotations: { backstage.io/techdocs-ref: 'dir:.' }\n"),
);
const FILES = {
  "acme/repo/main/catalog-info.yaml": locationDoc("acme-catalog", ["./org.yaml", "./components.yaml"]),
  "acme/repo/main/org.yaml": ORG,
  "acme/repo/main/components.yaml": COMPONENTS,
};
const OWNED = { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } };

/** The widgets in page order. */
const widgets = (html: string) => [...html.matchAll(/data-widget="([a-z]+)"/g)].map((match) => match[1]);
/** The link texts inside one widget's card. */
const widgetLinks = (html: string, id: string) => {
  const start = html.indexOf(`data-widget="${id}"`);
  if (start < 0) return undefined;
  const next = html.indexOf("data-widget=", start + 1);
  const card = html.slice(start, next < 0 ? undefined : next);
  return [...card.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((match) => `${match[2]!.replace(/<[^>]*>/g, "")} ${match[1]}`);
};

describe("the home page", () => {
  let scm: FakeScm;
  let server: RunningServer;

  beforeAll(async () => {
    scm = await startFakeScm(FILES);
    server = await startServer(
      `
integrations:
  github:
    - host: ${scm.host}
      rawBaseUrl: ${scm.url}
catalog:
  rules:
    - allow: [Component, Group, User, Location]
  locations:
    - type: url
      target: ${scm.blobUrl("acme/repo/main/catalog-info.yaml")}
  processingInterval: { seconds: 1 }
auth:
  signInPage: [custom]
permission:
  enabled: true
  policy:
    roles:
      - name: owners
        members: ['*']
        permissions:
          - permission: catalog.entity.read
            conditions: ${JSON.stringify({ anyOf: [OWNED, { rule: "IS_ENTITY_KIND", params: { kinds: ["Group", "Location"] } }] })}
`,
      {},
      [users.config],
    );
    await users.ingestedBy(server.url);
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    await scm?.close();
  });

  async function signIn(userId: string): Promise<string> {
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
  async function page(path: string, cookie: string) {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie } });
    return { status: response.status, html: await response.text() };
  }
  function post(path: string, cookie: string, body: URLSearchParams) {
    return fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie }, body });
  }

  it("shows every widget by default, each with only what bob may read", async () => {
    const bob = await signIn("bob");
    const { status, html } = await page("/", bob);
    expect(status).toBe(200);
    expect(widgets(html)).toEqual(["search", "starred", "recent", "owned", "docs"]);
    // The search box searches the whole catalog, every kind bob may read, and names them.
    const search = html.slice(html.indexOf('data-widget="search"'), html.indexOf('data-widget="starred"'));
    expect(search).toMatch(/<form [^>]*action="\/search" method="get"/);
    expect(search).toContain('name="term"');
    expect(search).toContain('<input type="hidden" name="types[0]" value="software-catalog"/>');
    expect(search).not.toContain("filters[kind]");
    expect(search).toContain("Searches every kind: Component, Group, Location.");
    expect(widgetLinks(html, "owned")).toEqual(["ledger-worker /catalog/default/component/ledger-worker", "Payment Gateway /catalog/default/component/payments-service"]);
    // checkout-web has docs too, but bob may not read it.
    expect(widgetLinks(html, "docs")).toEqual(["Payment Gateway /docs/default/component/payments-service/"]);
    expect(html).toContain("Click the star beside an entity name to add it to this list!");
    expect(html).toContain("Entity pages you visit show up here.");
  });

  it("lists starred and visited entities, leaving out what bob may not read", async () => {
    const bob = await signIn("bob");
    // A star of an unreadable entity, written straight to the settings store, is not shown.
    const put = await fetch(`${server.url}/api/user-settings/buckets/starredEntities/keys/entityRefs`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: server.url, cookie: bob },
      body: JSON.stringify({ value: ["component:default/checkout-web", "component:default/payments-service"] }),
    });
    expect(put.status).toBe(200);
    expect((await page("/catalog/default/component/ledger-worker", bob)).status).toBe(200);
    expect((await page("/catalog/default/component/checkout-web", bob)).status).toBe(404);
    const { html } = await page("/", bob);
    expect(widgetLinks(html, "starred")).toEqual(["Payment Gateway /catalog/default/component/payments-service", "View all → /catalog?filters[user]=starred"]);
    expect(widgetLinks(html, "recent")).toEqual(["ledger-worker /catalog/default/component/ledger-worker"]);
  });

  it("opens its settings from the URL, reorders in the URL, and saves and resets with form posts", async () => {
    const bob = await signIn("bob");
    const closed = await page("/", bob);
    expect(closed.html).not.toContain("Customize your home page");
    expect(closed.html).toMatch(/href="\/\?customize=1"[^>]*>Customize</);
    const open = await page("/?customize=1", bob);
    expect(open.html).toContain("Customize your home page");
    expect(open.html).toMatch(/<div role="dialog" aria-labelledby="[^"]+" data-testid="home-settings-dialog"/);
    // Moving docs up one step happens in the URL, nothing saved yet.
    const order = ["search", "starred", "recent", "owned", "docs"];
    const draft = new URLSearchParams([["customize", "1"], ...order.map((id) => ["widget", id]), ["show", "docs"], ["show", "search"], ["move", "up:docs"]]);
    const moved = await page(`/?${draft}`, bob);
    expect([...moved.html.matchAll(/name="widget" value="([a-z]+)"/g)].map((match) => match[1])).toEqual(["search", "starred", "recent", "docs", "owned"]);
    const checked = (id: string) => [...moved.html.matchAll(/<input [^>]*type="checkbox"[^>]*>/g)].find((tag) => tag[0].includes(`value="${id}"`))?.[0].includes('checked=""');
    expect(checked("docs")).toBe(true);
    expect(checked("owned")).toBe(false);
    expect(widgets((await page("/", bob)).html)).toHaveLength(5);

    const saved = await post(
      "/?index",
      bob,
      new URLSearchParams([["intent", "save"], ...["search", "starred", "recent", "docs", "owned"].map((id) => ["widget", id]), ["show", "docs"], ["show", "search"]]),
    );
    expect(saved.status).toBe(303);
    expect(widgets((await page("/", bob)).html)).toEqual(["search", "docs"]);
    // Saved per user: another user still has the default.
    expect(widgets((await page("/", await signIn("alice"))).html)).toHaveLength(5);

    expect((await post("/?index", bob, new URLSearchParams({ intent: "reset" }))).status).toBe(303);
    expect(widgets((await page("/", bob)).html)).toHaveLength(5);
    expect((await post("/?index", bob, new URLSearchParams({ intent: "bogus" }))).status).toBe(400);
  });

  it("refuses settings from someone not signed in", async () => {
    const response = await fetch(`${server.url}/?index`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "intent=save",
    });
    expect([302, 303, 401]).toContain(response.status);
  });
});
