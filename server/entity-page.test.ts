import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, afterAll } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { useServer } from "../tests/support/server";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";

// Users of the catalog sign in as Custom Users with ID tokens a trusted issuer signed (docs/decisions/019).
const users = await startCatalogUserIssuer(["dana.whitfield", "tomas.novak"]);
afterAll(() => users.close());

// The entity page through HTTP, JavaScript off: what the server renders for
// the example catalog plus a few entities made for the states the example
// does not have (a missing relation target, a namespace other than default,
// no location annotations). Dana may do everything; Tomas may read only what
// his teams own.

const extraDir = mkdtempSync(path.join(tmpdir(), "atrium-entity-page-"));
const extraFile = path.join(extraDir, "extra.yaml");
writeFileSync(
  extraFile,
  `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: lonely-widget
  namespace: ops
  title: Lonely widget
  annotations:
    backstage.io/source-location: url:https://github.com/keystone-living/lonely-widget/tree/main/
    backstage.io/edit-url: https://github.com/keystone-living/lonely-widget/edit/main/catalog-info.yaml
spec:
  type: website
  lifecycle: experimental
  owner: group:default/renter-experience-team
  dependsOn: [resource:default/vanished-db]
`,
);

const OWNED = { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } };
const app = useServer(
  `
auth:
  signInPage: [guest, custom]
catalog:
  locations:
    - type: file
      target: ./examples/catalog-info.yaml
    - type: file
      target: ${extraFile}
permission:
  enabled: true
  policy:
    roles:
      - name: admins
        members: [user:default/dana.whitfield]
        permissions: [{ permission: '*' }]
      - name: owners
        members: [user:default/tomas.novak]
        permissions:
          - permission: catalog.entity.read
            conditions: ${JSON.stringify(OWNED)}
`,
  [users.config],
);

let dana: string;
let tomas: string;
const signIn = async (userId: string) => {
  const response = await app.get("/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url },
    body: new URLSearchParams({ intent: "custom", userId, idToken: await users.idTokenFor(userId) }).toString(),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith("atrium-session="))!;
};
const page = async (path: string, cookie = dana) => {
  const response = await app.get(path, { headers: { cookie } });
  return { status: response.status, html: await response.text() };
};
// The page's visible text: markup, the router's scripts and entities out.
const text = (html: string) =>
  html
    .replace(/<script.*?<\/script>/gs, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const cards = (html: string) => [...html.matchAll(/data-card="([^"]+)"/g)].map((match) => match[1]);
const tabs = (html: string) => [...html.matchAll(/<nav aria-label="Entity sections".*?<\/nav>/gs)].flatMap((nav) => [...nav[0].matchAll(/>([^<>]+)<\/a>/g)].map((match) => match[1]));

beforeAll(async () => {
  dana = await signIn("dana.whitfield");
  tomas = await signIn("tomas.novak");
  await eventually(async () => (await page("/catalog/ops/component/lonely-widget")).status === 200, "the extra catalog file to be ingested", 20_000);
  // The example's broken files leave their errors on its root Location once processed.
  await eventually(async () => (await page("/catalog/default/component/listing-search-service")).html.includes('data-testid="processing-errors"'), "the example catalog to be processed", 20_000);
}, 30_000);

describe("entity page", () => {
  it("renders the header: title, type line, owner and lifecycle, star and the 'more' menu", async () => {
    const { status, html } = await page("/catalog/default/component/listing-search-service");
    expect(status).toBe(200);
    expect(html).toContain("<title>Listing search service | ");
    expect(html).toMatch(/<h1[^>]*>Listing search service<\/h1>/);
    expect(text(html)).toContain("Component — service");
    expect(html).toMatch(/data-page-theme="service"/);
    expect(text(html)).toMatch(/Owner .*renter-experience-team|Owner .*Renter/);
    expect(text(html)).toContain("Lifecycle production");
    expect(html).toContain('aria-label="Add Listing search service to favorites"');
    expect(html).toMatch(/href="\/catalog\/default\/component\/listing-search-service\?unregister"[^>]*>Unregister entity</);
    expect(html).toMatch(/href="\/catalog\/default\/component\/listing-search-service\?inspect"[^>]*>Inspect entity</);
    // Copying needs the clipboard: without JavaScript the item is not offered.
    expect(html).not.toContain("Copy entity URL");
  });

  it("adds ' in {namespace}' outside the default namespace, and breadcrumbs through partOf", async () => {
    const { html } = await page("/catalog/ops/component/lonely-widget");
    expect(html).toMatch(/<h1[^>]*>Lonely widget in ops<\/h1>/);
    expect(html).toContain("<title>Lonely widget in ops | ");
    const resizer = await page("/catalog/default/component/listing-photo-resizer");
    expect(resizer.html).toMatch(/<nav aria-label="Parent entities".*data-entity-ref="component:default\/[^"]+".*<\/nav>/s);
  });

  it("shows the tabs of the layout per kind, the selected one following the path", async () => {
    const service = await page("/catalog/default/component/listing-search-service");
    expect(tabs(service.html)).toEqual(["Overview", "API", "Dependencies", "Docs"]);
    expect(service.html).toMatch(/aria-current="page"[^>]*>Overview</);
    expect(cards(service.html)).toEqual(["about", "catalog-graph", "links", "labels", "subcomponents"]);

    const api = await page("/catalog/default/component/listing-search-service/api");
    expect(api.html).toMatch(/aria-current="page"[^>]*>API</);
    expect(cards(api.html)).toEqual(["providedApis", "consumedApis"]);
    expect(api.html).toContain('data-entity-ref="api:default/listing-search-api"');

    const group = await page("/catalog/default/group/renter-experience-team");
    expect(tabs(group.html)).toEqual([]);
    expect(cards(group.html)).toEqual(["about", "links", "labels", "parentGroup", "childGroups", "members", "ownedEntities"]);
    expect(group.html).toMatch(/data-card="members".*data-entity-ref="user:default\//s);
  });

  it("answers an unknown sub-path with the 404 page", async () => {
    const { status, html } = await page("/catalog/default/component/listing-search-service/nowhere");
    expect(status).toBe(404);
    expect(html).toContain("PAGE NOT FOUND");
  });

  it("shows 'Entity not found' with status 404 for an unknown kind, namespace or name", async () => {
    for (const path of ["/catalog/default/spaceship/listing-search-service", "/catalog/elsewhere/component/listing-search-service", "/catalog/default/component/nothing-here"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(text(html)).toContain("Entity not found");
    }
    expect(text((await page("/catalog/default/spaceship/x")).html)).toContain("There is no spaceship with the requested kind, namespace, and name.");
  });

  it("shows processing errors of the entity's ancestors, attributed to them", async () => {
    const { html } = await page("/catalog/default/component/listing-search-service");
    expect(text(html)).toContain("The error below originates from");
    expect(text(html)).toContain("No processor recognized the entity spaceship:default/rent-rocket as valid");
    const location = await page("/catalog/default/location/keystone-living");
    expect(location.html).toContain('data-testid="processing-errors"');
  });

  it("warns about relation targets missing from the catalog", async () => {
    const { html } = await page("/catalog/ops/component/lonely-widget");
    expect(text(html)).toContain("This entity has relations to other entities, which can't be found in the catalog.");
    expect(text(html)).toContain("Entities not found are: resource:default/vanished-db");
    expect((await page("/catalog/default/component/listing-search-service")).html).not.toContain('data-testid="relation-warning"');
  });

  it("shows the missing-annotation state on the Docs tab, and a docs link where the annotation is", async () => {
    const missing = await page("/catalog/default/component/listing-search-service/docs");
    expect(text(missing.html)).toContain("The annotation backstage.io/techdocs-ref is missing.");
    expect(missing.html).toMatch(/backstage\.io\/techdocs-ref: value/);
    expect(missing.html).toMatch(/href="https:\/\/backstage.io\/docs\/features\/software-catalog\/well-known-annotations"[^>]*>Read more/);
    const present = await page("/catalog/default/component/rent-ledger-service/docs");
    expect(present.html).toMatch(/href="\/docs\/default\/component\/rent-ledger-service"[^>]*>Read the documentation</);
  });

  it("links View Source and Edit from the annotations", async () => {
    const { html } = await page("/catalog/ops/component/lonely-widget");
    expect(html).toMatch(/href="https:\/\/github.com\/keystone-living\/lonely-widget\/tree\/main\/"[^>]*>View Source/);
    expect(html).toMatch(/href="https:\/\/github.com\/keystone-living\/lonely-widget\/edit\/main\/catalog-info.yaml"[^>]*>Edit Metadata/);
  });

  it("gives a restricted user 404 for an entity it may not read, and disables Unregister without catalog.entity.delete", async () => {
    const hidden = await page("/catalog/default/component/rent-ledger-service", tomas);
    expect(hidden.status).toBe(404);
    expect(text(hidden.html)).toContain("Entity not found");
    const own = await page("/catalog/default/component/listing-search-service", tomas);
    expect(own.status).toBe(200);
    expect(own.html).toMatch(/<span aria-disabled="true" title="You are not allowed to unregister this entity"[^>]*>Unregister entity</);
  });

  it("refuses a post with an intent it does not know with 400", async () => {
    const response = await app.get("/catalog/default/component/listing-search-service", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url, cookie: dana },
      body: "intent=launch-rockets",
    });
    expect(response.status).toBe(400);
  });
});
