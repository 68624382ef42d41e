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
// A Location with one good file and two bad targets: its component's page has ancestors' errors to fold away.
const halfBrokenFile = path.join(extraDir, "half-broken.yaml");
writeFileSync(
  halfBrokenFile,
  `apiVersion: backstage.io/v1alpha1
kind: Location
metadata:
  name: half-broken
spec:
  targets: [./half-child.yaml, ./half-missing.yaml, ./half-spaceship.yaml]
`,
);
writeFileSync(
  path.join(extraDir, "half-child.yaml"),
  `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: half-child
spec: { type: service, lifecycle: production, owner: group:default/renter-experience-team }
`,
);
writeFileSync(path.join(extraDir, "half-spaceship.yaml"), "apiVersion: backstage.io/v1alpha1\nkind: Spaceship\nmetadata:\n  name: half-rocket\n");

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
      target: ./examples/broken-catalog-info.yaml
    - type: file
      target: ${extraFile}
    - type: file
      target: ${halfBrokenFile}
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
  // Custom users sign in as the catalog's Users: only once the example organisation is ingested.
  dana = await eventually(() => signIn("dana.whitfield"), "the example users to be ingested, so Dana can sign in", 120_000);
  tomas = await signIn("tomas.novak");
  await eventually(async () => (await page("/catalog/ops/component/lonely-widget")).status === 200, "the extra catalog file to be ingested", 120_000);
  // The example's broken files leave their errors on their own Location once processed.
  await eventually(async () => (await page("/catalog/default/location/keystone-living-broken")).html.includes('data-testid="own-processing-errors"'), "the broken examples to be processed", 120_000);
  await eventually(async () => (await page("/catalog/default/component/half-child")).html.includes('data-testid="ancestor-processing-errors"'), "the half-broken location to be processed", 120_000);
  await eventually(async () => (await page("/catalog/default/component/listing-search-service")).status === 200, "the example catalog to be processed", 120_000);
  // Generous: on a loaded two-core machine the first processing of the example catalog has taken over 20 s.
}, 300_000);

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
    expect(tabs(service.html)).toEqual(["Overview", "API", "Dependencies", "Docs", "Kubernetes"]);
    expect(service.html).toMatch(/aria-current="page"[^>]*>Overview</);
    expect(cards(service.html)).toEqual(["about", "catalog-graph", "links", "labels", "subcomponents"]);

    const api = await page("/catalog/default/component/listing-search-service/api");
    expect(api.html).toMatch(/aria-current="page"[^>]*>API</);
    expect(cards(api.html)).toEqual(["providedApis", "consumedApis"]);
    expect(api.html).toContain('data-entity-ref="api:default/listing-search-api"');

    const group = await page("/catalog/default/group/renter-experience-team");
    expect(tabs(group.html)).toEqual([]);
    expect(cards(group.html)).toEqual(["group-profile", "ownership", "links", "members-list"]);
  });

  // What the catalog API counts for these owners, as the ownership card's boxes should show it.
  const ownedCount = async (owners: string[], kind: string, type: string) => {
    // One filter parameter ANDs its pairs; the owners are alternatives, so each gets its own parameter.
    const query = owners.map((owner) => `filter=${encodeURIComponent(`kind=${kind},spec.type=${type},relations.ownedBy=${owner}`)}`).join("&");
    const response = await app.get(`/api/catalog/entities/by-query?limit=0&${query}`, { headers: { authorization: `Bearer ${dana.slice("atrium-session=".length)}` } });
    return ((await response.json()) as { totalItems: number }).totalItems;
  };
  // The ownership card's links by what they read: "5 SERVICE Component" is { SERVICE: { count: 5, href } }.
  const ownershipBoxes = (html: string) => {
    const card = html.match(/data-card="ownership".*?<\/section>/s)![0];
    return Object.fromEntries(
      [...card.matchAll(/<li><a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a><\/li>/gs)].map(([, href, inner]) => {
        const [count, type] = text(inner).trim().split(" ");
        return [type, { count: Number(count), href: href.replace(/&amp;/g, "&") }];
      }),
    );
  };

  it("shows a User as Backstage's org plugin does: display name, profile and what the user's teams own", async () => {
    const { status, html } = await page("/catalog/default/user/samir.haddad");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Samir Haddad<\/h1>/);
    expect(html).toContain("<title>Samir Haddad | ");
    expect(cards(html)).toEqual(["user-profile", "ownership"]);
    expect(text(html)).not.toContain("unknown");
    expect(html).toContain('href="mailto:samir.haddad@keystone-living.example"');
    expect(text(html)).toContain("Member of");
    expect(html).toMatch(/data-entity-ref="group:default\/payments-team"[^>]*>Payments</);

    // A User opens on aggregated ownership: what the user's team owns counts.
    expect(html).toMatch(/aria-current="true"[^>]*>Aggregated Relations</);
    const boxes = ownershipBoxes(html);
    const services = await ownedCount(["user:default/samir.haddad", "group:default/payments-team"], "component", "service");
    expect(services).toBeGreaterThan(1);
    expect(boxes.SERVICE.count).toBe(services);
    expect(boxes.ASYNCAPI.count).toBe(await ownedCount(["user:default/samir.haddad", "group:default/payments-team"], "api", "asyncapi"));
    // The box opens the catalog on exactly those entities.
    expect(decodeURIComponent(boxes.SERVICE.href)).toContain("filters[kind]=component&filters[type]=service&filters[owners]=user:samir.haddad&filters[owners]=payments-team");
    const listed = await page(boxes.SERVICE.href);
    expect(listed.status).toBe(200);
    expect(listed.html).toContain("rent-ledger-service");

    // Direct: only what the user owns in person, which is nothing.
    const direct = await page("/catalog/default/user/samir.haddad?ownership=direct");
    expect(direct.html).toMatch(/aria-current="true"[^>]*>Direct Relations</);
    expect(ownershipBoxes(direct.html)).toEqual({});
    expect(text(direct.html)).toContain("No components, APIs or systems are owned here.");
  });

  it("shows a Group's profile, its members with theirs, and ownership direct or through the groups below it", async () => {
    const team = await page("/catalog/default/group/payments-team");
    expect(team.html).toMatch(/<h1[^>]*>Payments<\/h1>/);
    expect(text(team.html)).toContain("Entity Ref group:default/payments-team");
    expect(team.html).toContain('href="mailto:payments-eng@keystone-living.example"');
    expect(team.html).toMatch(/Parent Group.*data-entity-ref="group:default\/engineering"[^>]*>Engineering</s);
    expect(text(team.html)).toContain("Members (3) of Payments");
    for (const [name, id] of [
      ["Samir Haddad", "samir.haddad"],
      ["Chloé Dubois", "chloe.dubois"],
      ["Ethan Brooks", "ethan.brooks"],
    ]) {
      expect(team.html).toMatch(new RegExp(`href="/catalog/default/user/${id.replace(".", "\\.")}"[^>]*>${name}<`));
      expect(team.html).toContain(`href="mailto:${id}@keystone-living.example"`);
    }
    // A Group opens on direct ownership.
    expect(team.html).toMatch(/aria-current="true"[^>]*>Direct Relations</);
    expect(ownershipBoxes(team.html).SERVICE.count).toBe(await ownedCount(["group:default/payments-team"], "component", "service"));

    // Engineering owns little itself; aggregated, it counts every team below it.
    const engineering = await page("/catalog/default/group/engineering?ownership=aggregated");
    expect(engineering.html).toMatch(/Child Groups.*data-entity-ref="group:default\/payments-team"/s);
    const teams = ["engineering", "platform-team", "renter-experience-team", "leasing-team", "payments-team", "property-ops-team", "smart-building-team", "data-platform-team"].map(
      (name) => `group:default/${name}`,
    );
    const aggregated = ownershipBoxes(engineering.html);
    expect(aggregated.SERVICE.count).toBe(await ownedCount(teams, "component", "service"));
    expect(aggregated.SERVICE.count).toBeGreaterThan(ownershipBoxes((await page("/catalog/default/group/engineering")).html).SERVICE?.count ?? 0);
    expect(Object.keys(aggregated).length).toBeLessThanOrEqual(6);
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

  it("shows an example entity without the broken examples' errors: they are on their own Location, up front", async () => {
    const clean = await page("/catalog/default/component/listing-search-service");
    expect(clean.html).not.toContain('data-testid="processing-errors"');
    expect(clean.html).not.toContain('role="alert"');
    expect(text(clean.html)).not.toContain("rent-rocket");

    const broken = await page("/catalog/default/location/keystone-living-broken");
    const own = broken.html.match(/<section role="alert"[^>]*data-testid="own-processing-errors".*?<\/section>/s)?.[0] ?? "";
    expect(text(own)).toContain("5 processing errors");
    expect(text(own)).toContain("No processor recognized the entity spaceship:default/rent-rocket as valid");
    expect(text(own)).toContain("Excessive alias count indicates a resource exhaustion attack");
    // One panel, not one alert per error.
    expect(broken.html.match(/role="alert"/g)).toHaveLength(1);
  });

  it("folds the ancestors' errors into one closed summary with their count, their Location and the ancestry", async () => {
    const { html } = await page("/catalog/default/component/half-child");
    expect(html).not.toContain('data-testid="own-processing-errors"');
    expect(html).not.toContain('role="alert"');
    const summary = html.match(/<details data-testid="ancestor-processing-errors".*?<\/details>/s)?.[0] ?? "";
    // Closed: a <details> without `open`, which a browser opens without JavaScript.
    expect(summary).toMatch(/^<details data-testid="ancestor-processing-errors" class="[^"]*">/);
    expect(text(summary)).toContain("2 processing errors in this entity's ancestors");
    expect(summary).toContain('href="/catalog/default/component/half-child?inspect=ancestry"');
    expect(summary).toContain('data-entity-ref="location:default/half-broken"');
    expect(text(summary)).toContain("No processor recognized the entity spaceship:default/half-rocket as valid");
    expect(text(summary)).toMatch(/Unable to read file:[^ ]*half-missing\.yaml/);
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
    expect(present.html).toMatch(/href="\/docs\/default\/component\/rent-ledger-service\/"[^>]*>Read the documentation</);
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
