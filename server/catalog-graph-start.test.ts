import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";
import { guestSessionCookie, useServer } from "../tests/support/server";

// The catalog graph page without a root in its URL, through HTTP with
// JavaScript off: a signed-in user sees what they and their teams own, one
// relation deep; a guest sees what they starred, else is asked to pick; the
// picker is a GET form whose suggestions are those entities.

const users = await startCatalogUserIssuer(["rhea"]);
afterAll(() => users.close());

const dir = mkdtempSync(path.join(tmpdir(), "atrium-graph-start-"));
const catalogFile = path.join(dir, "catalog.yaml");
const doc = (kind: string, name: string, spec: string, extra = "") => `apiVersion: backstage.io/v1alpha1\nkind: ${kind}\nmetadata:\n  name: ${name}\n${extra}spec: ${spec}\n`;
writeFileSync(
  catalogFile,
  [
    doc("Group", "ledger-team", "{ type: team, children: [] }"),
    doc("Group", "web-team", "{ type: team, children: [] }"),
    doc("User", "rhea", "{ memberOf: [ledger-team] }"),
    doc("System", "money", "{ owner: web-team }"),
    doc("Component", "ledger", "{ type: service, lifecycle: production, owner: ledger-team, system: money, dependsOn: [component:far-away] }", "  title: The Ledger\n"),
    doc("Component", "statements", "{ type: service, lifecycle: production, owner: user:rhea }"),
    doc("Component", "far-away", "{ type: service, lifecycle: production, owner: web-team, dependsOn: [component:further] }"),
    doc("Component", "further", "{ type: service, lifecycle: production, owner: web-team }"),
    doc("Component", "storefront", "{ type: website, lifecycle: production, owner: web-team }"),
  ].join("---\n"),
);

const app = useServer(
  `
auth:
  signInPage: [guest, custom]
catalog:
  locations:
    - type: file
      target: ${catalogFile}
`,
  [users.config],
);

const decode = (value: string) => value.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const page = async (url: string, cookie: string) => {
  const response = await app.get(url, { headers: { cookie } });
  return { status: response.status, html: decode(await response.text()) };
};
const nodes = (html: string) => [...html.matchAll(/<li data-graph-node="([^"]+)"/g)].map((match) => match[1]).sort();
const picker = (html: string) => html.match(/<form [^>]*aria-labelledby="graph-picker-title".*?<\/form>/s)?.[0] ?? "";

let rhea: string;
const signIn = async () => {
  const response = await app.get("/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url },
    body: new URLSearchParams({ intent: "custom", userId: "rhea", idToken: await users.idTokenFor("rhea") }).toString(),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith("atrium-session="));
};
beforeAll(async () => {
  // A custom user signs in as the catalog's User: only once it is ingested.
  rhea = await eventually(signIn, "rhea to be ingested and sign in", 120_000);
  await eventually(async () => (await page("/catalog/default/component/storefront", rhea)).status === 200, "the catalog to be ingested", 120_000);
}, 150_000);

describe("the catalog graph without a root", () => {
  it("starts a signed-in user on what they and their teams own, one relation deep", async () => {
    const { status, html } = await page("/catalog-graph", rhea);
    expect(status).toBe(200);
    expect(html).toMatch(/<h2 id="graph-title"[^>]*>Your entities<\/h2>/);
    expect(html).toContain("The 2 entities you and your teams own, one relation deep.");
    // Owned through her team (ledger) and herself (statements), and what they relate to directly: not far-away's dependency.
    expect(nodes(html)).toEqual(expect.arrayContaining(["component:default/ledger", "component:default/statements", "component:default/far-away", "system:default/money"]));
    expect(nodes(html)).not.toContain("component:default/further");
    expect(nodes(html)).not.toContain("component:default/storefront");
    // A deeper walk is one filter away, and still starts from her entities.
    expect(nodes((await page("/catalog-graph?maxDepth=2", rhea)).html)).toContain("component:default/further");
  });

  it("offers her entities in the picker, a GET form that opens the graph around one, one relation deep", async () => {
    const { html } = await page("/catalog-graph", rhea);
    const form = picker(html);
    expect(form).toMatch(/action="\/catalog-graph" method="get"/);
    expect(form).toMatch(/<input list="graph-picker-choices" required=""[^>]*name="rootEntityRefs\[\]"\/>/);
    expect(form).toContain('<input type="hidden" name="maxDepth" value="1"/>');
    expect(html).toContain('<option value="component:default/ledger" label="The Ledger">');
    expect(html).toContain('<option value="component:default/statements" label="component:statements">');
    // What the form submits: the graph around that entity, titled by it.
    const picked = await page("/catalog-graph?rootEntityRefs%5B%5D=component%3Adefault%2Fstorefront&maxDepth=1", rhea);
    expect(picked.html).toMatch(/<h2 id="graph-title"[^>]*>storefront<\/h2>/);
    expect(picked.html).not.toContain('data-testid="graph-start"');
  });

  it("starts a guest on what they starred, else asks them to pick", async () => {
    const guest = await guestSessionCookie(app.server);
    const none = await page("/catalog-graph", guest);
    expect(none.html).toContain("You own no entity and have starred none: pick an entity to start from.");
    expect(nodes(none.html)).toEqual([]);

    const star = await app.get("/catalog/star", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url, cookie: guest },
      body: new URLSearchParams({ entityRef: "component:default/storefront", returnTo: "/catalog-graph" }).toString(),
    });
    expect(star.status).toBe(303);
    const starred = await page("/catalog-graph", guest);
    expect(starred.html).toMatch(/<h2 id="graph-title"[^>]*>Your starred entities<\/h2>/);
    expect(starred.html).toContain("Your starred entity, one relation deep.");
    expect(nodes(starred.html)).toEqual(["component:default/storefront", "group:default/web-team"]);
    expect(starred.html).toContain('<option value="component:default/storefront"');
  });
});
