import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { component, eventually, locationDoc, startFakeScm, useCatalogServer, yamlDocs, type FakeScm } from "../tests/support/fake-scm";
import { BrowserSession } from "../tests/support/browser-session";
import { startServer, type RunningServer } from "../tests/support/server";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";

// Users of the catalog sign in as Custom Users with ID tokens a trusted issuer signed (docs/decisions/019).
const users = await startCatalogUserIssuer(["bob"]);
afterAll(() => users.close());

// The catalog index at /catalog through HTTP, as a browser without
// JavaScript sees it: filters, search, ordering and cursor paging from the
// URL; Starred and the sidebar's starred list; orphans and processing errors;
// 400 with a visible message for parameters that do not parse; and, under a
// restricted policy, only what the visitor may read, in rows, totals and facets.

const ORG = yamlDocs(
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: platform, title: Platform Team }\nspec: { type: team, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: payments-team, title: Payments Crew }\nspec: { type: team, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: User\nmetadata: { name: bob }\nspec: { memberOf: [payments-team] }",
  "apiVersion: backstage.io/v1alpha1\nkind: User\nmetadata: { name: carol, namespace: ops }\nspec: { memberOf: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: System\nmetadata: { name: payments, title: Payments Platform }\nspec: { owner: payments-team }",
);
const COMPONENTS = yamlDocs(
  "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: payments-service\n  title: Payment Gateway\n  description: Takes the money\n  tags: [java, payments]\n  annotations: { backstage.io/edit-url: 'https://scm.example/edit/payments' }\nspec: { type: service, lifecycle: production, owner: payments-team, system: payments }",
  "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: checkout-web, tags: [typescript] }\nspec: { type: website, lifecycle: production, owner: platform }",
  "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: ledger-worker, tags: [java] }\nspec: { type: service, lifecycle: experimental, owner: payments-team }",
  ...Array.from({ length: 12 }, (_, index) => component(`lib-${String(index + 1).padStart(2, "0")}`, "type: library\n  lifecycle: production\n  owner: platform")),
);
const FILES = {
  "acme/repo/main/catalog-info.yaml": locationDoc("acme-catalog", ["./org.yaml", "./components.yaml", "./leaving.yaml", "./missing.yaml"]),
  "acme/repo/main/org.yaml": ORG,
  "acme/repo/main/components.yaml": COMPONENTS,
  "acme/repo/main/leaving.yaml": component("leaving-soon", "type: other\n  lifecycle: production\n  owner: platform"),
};

/** The refs of the table's rows, in order. */
const rowRefs = (html: string) => [...html.matchAll(/<tr data-entity-ref="([^"]+)"/g)].map((match) => match[1]);
const tableTitle = (html: string) => /id="catalog-table-title"[^>]*>([^<]+)</.exec(html)?.[1];
const decode = (value: string) => value.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
const link = (html: string, label: string) => {
  const anchor = new RegExp(`<a [^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0];
  const href = anchor && /href="([^"]+)"/.exec(anchor)?.[1];
  return href ? decode(href) : undefined;
};

describe("the catalog index", () => {
  const env = useCatalogServer(FILES);
  const page = async (path: string, cookie?: string) => {
    const response = await fetch(`${env.server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    const response = await env.api("/locations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "url", target: env.scm.blobUrl("acme/repo/main/catalog-info.yaml") }),
    });
    expect(response.status).toBe(201);
    await eventually(async () => tableTitle((await page("/catalog")).html) === "All components (16)", "the catalog to be ingested");
  }, 30_000);

  it("lists components by name, with owners and systems by title and the table's actions", async () => {
    // Name order is the default: the link without an order and the one naming it list alike.
    const { status, html } = await page("/catalog");
    expect(status).toBe(200);
    expect(rowRefs(html)).toEqual(rowRefs((await page("/catalog?orderField=metadata.name,asc")).html));
    expect(html).toMatch(/aria-sort="ascending"[^>]*><a [^>]*>Name/);
    expect(rowRefs(html).slice(0, 3)).toEqual(["component:default/checkout-web", "component:default/leaving-soon", "component:default/ledger-worker"]);
    expect(rowRefs(html)).toHaveLength(16);
    const payments = html.slice(html.indexOf('<tr data-entity-ref="component:default/payments-service"'));
    const row = payments.slice(0, payments.indexOf("</tr>"));
    expect(row).toContain(">Payment Gateway</a>");
    expect(row).toContain(">Payments Crew</a>");
    expect(row).toContain(">Payments Platform</a>");
    expect(row).toContain("Takes the money");
    expect(row).toContain('href="https://scm.example/edit/payments"');
    expect(row).toContain('aria-label="Edit Payment Gateway"');
    expect(row).toContain('href="/catalog/default/component/payments-service"');
    // The filters with their facet counts, and Backstage's wording.
    expect(html).toContain(">Filters</h2>");
    expect(html).toContain(">Clear all</a>");
    expect(html).toMatch(/<option value="" selected="">All results<\/option>/);
    expect(html).toContain('placeholder="Filter"');
    expect(html).toContain("library (12)");
    expect(html).toContain("Payments Crew (2)");
  });

  it("filters by kind, type, owner, lifecycle and tag, and searches names and titles", async () => {
    // In the catalog's own order (uid) unless asked: compared as sets here.
    const rows = async (query: string) => rowRefs((await page(`/catalog?${query}`)).html).sort();
    expect(await rows("filters[kind]=system")).toEqual(["system:default/payments"]);
    expect(await rows("filters[type]=service")).toEqual(["component:default/ledger-worker", "component:default/payments-service"]);
    expect(await rows("filters[owners]=payments-team")).toEqual(["component:default/ledger-worker", "component:default/payments-service"]);
    expect(await rows("filters[owners]=group:default/payments-team&filters[lifecycles]=experimental")).toEqual(["component:default/ledger-worker"]);
    expect(await rows("filters[tags]=java&filters[tags]=typescript")).toEqual(["component:default/checkout-web", "component:default/ledger-worker", "component:default/payments-service"]);
    expect(await rows("filters[text]=gateway")).toEqual(["component:default/payments-service"]);
    expect(await rows("filters[text]=LEDGER")).toEqual(["component:default/ledger-worker"]);
    const none = await page("/catalog?filters[text]=nothing-like-this");
    expect(rowRefs(none.html)).toEqual([]);
    expect(none.html).toContain("No records to display");
    expect(tableTitle(none.html)).toBe("All components (0)");
  });

  it("shows each kind in Backstage's columns for it", async () => {
    const headers = async (search: string) => [...(await page(`/catalog?${search}`)).html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/gs)].map((match) => match[1].replace(/<[^>]+>|[▲▼]/g, "").trim());
    expect(await headers("")).toEqual(["Name", "System", "Owner", "Type", "Lifecycle", "Description", "Tags", "Actions"]);
    expect(await headers("filters[kind]=component&filters[type]=service")).toEqual(["Name", "System", "Owner", "Lifecycle", "Description", "Tags", "Actions"]);
    expect(await headers("filters[kind]=group")).toEqual(["Name", "Type", "Description", "Tags", "Actions"]);
    expect(await headers("filters[kind]=system")).toEqual(["Name", "Owner", "Description", "Tags", "Actions"]);
    // Users span two namespaces here: the namespace column says which.
    expect(await headers("filters[kind]=user")).toEqual(["Name", "Namespace", "Description", "Tags", "Actions"]);
    expect(await headers("filters[kind]=location")).toEqual(["Name", "Type", "Targets", "Description", "Tags", "Actions"]);
    expect((await page("/catalog?filters[kind]=location")).html).toMatch(/<td[^>]*>[^<]*\.\/org\.yaml, \.\/components\.yaml/);
  });

  it("orders by a column and pages by cursor, forward and back", async () => {
    const first = await page("/catalog?limit=10&orderField=metadata.name,desc");
    expect(first.status).toBe(200);
    expect(rowRefs(first.html)).toHaveLength(10);
    expect(rowRefs(first.html)[0]).toBe("component:default/payments-service");
    expect(first.html).toContain("1–10 of 16");
    expect(first.html).toMatch(/aria-disabled="true" aria-label="Previous Page" title="Previous Page"/);
    const next = link(first.html, "Next Page")!;
    expect(next).toMatch(/^\/catalog\?.*limit=10&cursor=/);
    const second = await page(next);
    expect(rowRefs(second.html)).toHaveLength(6);
    expect(second.html).toContain("11–16 of 16");
    expect(rowRefs(second.html).at(-1)).toBe("component:default/checkout-web");
    expect(second.html).toMatch(/aria-disabled="true" aria-label="Next Page"/);
    const back = await page(link(second.html, "Previous Page")!);
    expect(rowRefs(back.html)).toEqual(rowRefs(first.html));
    expect(back.html).toContain("1–10 of 16");
    expect(link(second.html, "First Page")).toBe("/catalog?filters%5Bkind%5D=component&filters%5Buser%5D=all&orderField=metadata.name%2Cdesc&limit=10");
  });

  it("answers 400 with the reason on the page for parameters that do not parse", async () => {
    const badCursor = await page("/catalog?cursor=bm90LWpzb24");
    expect(badCursor.status).toBe(400);
    expect(decode(badCursor.html)).toContain("This page link is no longer valid (its cursor could not be read); showing the first page instead.");
    expect(rowRefs(badCursor.html)).toHaveLength(16);
    const bad = await page("/catalog?filters[user]=everyone&orderField=metadata.uid&limit=1000&filters[owners]=not%20a%20ref");
    expect(bad.status).toBe(400);
    for (const message of ["Unknown user filter 'everyone'", "Cannot order by 'metadata.uid'", "Unknown page size '1000'", "'not a ref' is not an owner reference."]) {
      expect(decode(bad.html)).toContain(message);
    }
  });

  it("shows orphans and entities with processing errors", async () => {
    const errors = await page("/catalog?filters[kind]=location&filters[error]=true");
    expect(rowRefs(errors.html)).toEqual(["location:default/acme-catalog"]);
    expect(rowRefs((await page("/catalog?filters[orphan]=true")).html)).toEqual([]);
    env.scm.setFile("acme/repo/main/leaving.yaml", "");
    await eventually(async () => rowRefs((await page("/catalog?filters[orphan]=true")).html).join() === "component:default/leaving-soon", "leaving-soon to become an orphan");
    expect(rowRefs((await page("/catalog?filters[orphan]=true&filters[error]=true&filters[kind]=component")).html)).toEqual(["component:default/leaving-soon"]);
  });

  it("lists what the visitor starred under Starred and in the sidebar", async () => {
    // One guest browser: each has its own stars (server/guests.test.ts).
    const browser = new BrowserSession();
    const visit = async (path: string) => ({ html: await (await browser.request(`${env.server.url}${path}`)).text() });
    const empty = await visit("/catalog?filters[user]=starred");
    expect(tableTitle(empty.html)).toBe("Starred components (0)");
    expect(empty.html).toContain("Click the star beside an entity name to add it to this list!");
    const star = await browser.postForm(`${env.server.url}/catalog/star`, { entityRef: "component:default/payments-service", returnTo: "/catalog?filters[user]=starred" }, { origin: env.server.url });
    expect(star.status).toBe(303);
    const starred = await visit(star.headers.get("location")!);
    expect(tableTitle(starred.html)).toBe("Starred components (1)");
    expect(rowRefs(starred.html)).toEqual(["component:default/payments-service"]);
    expect(starred.html).toContain('aria-label="Remove Payment Gateway from favorites"');
    const sidebar = starred.html.slice(starred.html.indexOf('data-testid="sidebar-starred"'));
    expect(sidebar.slice(0, sidebar.indexOf("</section>"))).toMatch(/href="\/catalog\/default\/component\/payments-service"[^>]*>Payment Gateway<\/a>/);
  });
});

// Under a policy where people read only what they own (and groups), the index
// shows only that: rows, the total and every facet count.
describe("the catalog index under a restricted read policy", () => {
  let scm: FakeScm;
  let server: RunningServer;
  const OWNED = { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } };

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
    - allow: [Component, API, System, Group, User, Location]
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
    // Groups are readable by all: once both are listed, bob and his team are in the catalog.
    const visitor = await signIn("visitor");
    await eventually(
      async () => tableTitle(await (await fetch(`${server.url}/catalog?filters[kind]=group`, { headers: { cookie: visitor } })).text()) === "All groups (2)",
      "the catalog to be ingested",
      20_000,
    );
  }, 40_000);

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
      .split(";")[0];
  }

  it("shows bob only the components his team owns, with totals and facets to match", async () => {
    const cookie = await signIn("bob");
    const html = await (await fetch(`${server.url}/catalog`, { headers: { cookie } })).text();
    expect(tableTitle(html)).toBe("All components (2)");
    expect(rowRefs(html).sort()).toEqual(["component:default/ledger-worker", "component:default/payments-service"]);
    expect(html).toContain("service (2)");
    expect(html).not.toContain("library (");
    expect(html).not.toContain("website (");
    // Bob's team owns exactly these, so Owned shows the same two.
    const owned = await (await fetch(`${server.url}/catalog?filters[user]=owned`, { headers: { cookie } })).text();
    expect(tableTitle(owned)).toBe("Owned components (2)");
  });

  it("refuses a hand-made star of an entity bob may not read with 403, and stars nothing", async () => {
    const cookie = await signIn("bob");
    const star = (entityRef: string) =>
      fetch(`${server.url}/catalog/star`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
        body: new URLSearchParams({ entityRef, returnTo: "/catalog?filters[user]=starred" }),
      });
    const refused = await star("component:default/checkout-web");
    expect(refused.status).toBe(403);
    expect((await star("not a ref")).status).toBe(400);
    const starred = await (await fetch(`${server.url}/catalog?filters[user]=starred`, { headers: { cookie } })).text();
    expect(tableTitle(starred)).toBe("Starred components (0)");
    // What he may read he may star.
    expect((await star("component:default/payments-service")).status).toBe(303);
  });
});
