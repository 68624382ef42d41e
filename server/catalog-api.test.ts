import { createHash, randomUUID } from "node:crypto";
import { CATALOG_FILTER_EXISTS, CatalogClient, type Location, type QueryEntitiesInitialRequest } from "@backstage/catalog-client";
import { stringifyEntityRef, type Entity } from "@backstage/catalog-model";
import { beforeAll, describe, expect, it } from "vitest";
import { component, eventually, locationDoc, useCatalogServer, yamlDocs } from "../tests/support/fake-scm";
import { API_AUTHORIZATION } from "../tests/support/server";

// The catalog's REST API as Backstage's own client sees it, over a realistic
// catalog read from a fake GitHub. Tests that change files use locations of
// their own, so the main catalog stays as written for the read tests.

const ORG = yamlDocs(
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: acme }\nspec: { type: organization, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: platform }\nspec: { type: team, parent: acme, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: payments-team }\nspec: { type: team, parent: acme, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: User\nmetadata: { name: alice }\nspec: { memberOf: [platform] }",
  "apiVersion: backstage.io/v1alpha1\nkind: User\nmetadata: { name: bob }\nspec: { memberOf: [payments-team, platform] }",
);
const SYSTEMS = yamlDocs(
  "apiVersion: backstage.io/v1alpha1\nkind: Domain\nmetadata: { name: commerce }\nspec: { owner: acme }",
  "apiVersion: backstage.io/v1alpha1\nkind: System\nmetadata: { name: payments }\nspec: { owner: payments-team, domain: commerce }",
  "apiVersion: backstage.io/v1alpha1\nkind: Resource\nmetadata: { name: payments-db }\nspec: { type: database, owner: payments-team, system: payments }",
);
const COMPONENTS = yamlDocs(
  "apiVersion: backstage.io/v1alpha1\nkind: API\nmetadata: { name: payments-api }\nspec:\n  type: openapi\n  lifecycle: production\n  owner: payments-team\n  system: payments\n  definition: |\n    openapi: 3.0.0\n    info: { title: Payments, version: 1.0.0 }\n    paths: {}",
  "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: payments-service\n  tags: [java, payments]\n  annotations: { backstage.io/techdocs-ref: 'dir:.' }\nspec:\n  type: service\n  lifecycle: production\n  owner: payments-team\n  system: payments\n  providesApis: [payments-api]\n  dependsOn: ['resource:payments-db']",
  "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: checkout-web, tags: [typescript] }\nspec:\n  type: website\n  lifecycle: production\n  owner: platform\n  consumesApis: [payments-api]\n  dependsOn: ['component:payments-service']",
  "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: ledger-worker, tags: [java] }\nspec: { type: Service, lifecycle: Experimental, owner: payments-team }",
);
const MAIN = "acme/repo/main/catalog-info.yaml";
const NAMES = ["acme", "acme-catalog", "alice", "bob", "checkout-web", "commerce", "ledger-worker", "payments", "payments-api", "payments-db", "payments-service", "payments-team", "platform"];
const REFS = ["component:default/payments-service", "component:default/checkout-web", "component:default/ledger-worker", "api:default/payments-api", "user:default/bob", "domain:default/commerce"];

const env = useCatalogServer({
  [MAIN]: locationDoc("acme-catalog", ["./org.yaml", "./systems.yaml", "./components.yaml"]),
  "acme/repo/main/org.yaml": ORG,
  "acme/repo/main/systems.yaml": SYSTEMS,
  "acme/repo/main/components.yaml": COMPONENTS,
});

let client: CatalogClient;
/** The API needs credentials: Backstage's client calls it as a service, with the test servers' static token. */
const withToken: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...API_AUTHORIZATION, ...(init?.headers as Record<string, string>) } });
let target: string;
let added: Awaited<ReturnType<CatalogClient["addLocation"]>>;
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");
const generatedRef = (url: string) => `location:default/generated-${sha1(`url:${url}`)}`;
const names = (entities: Array<Partial<Entity> | undefined>) => entities.map((entity) => entity?.metadata?.name);
/** Entities of the main catalog only, whatever other tests registered. */
const fromMain = () => ({ "metadata.annotations.backstage.io/managed-by-origin-location": `url:${target}` });

async function register(repoPath: string, content: string, waitFor: string) {
  env.scm.setFile(repoPath, content);
  const { location } = await client.addLocation({ type: "url", target: env.scm.blobUrl(repoPath) });
  await eventually(() => client.getEntityByRef(waitFor), waitFor);
  return location;
}

/** Rejects with a ResponseError; returns its status and Backstage's error from the body. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.fail("expected the call to fail"),
    (reason: { statusCode?: number; body?: { error?: { name: string; message: string } } }) => reason,
  );
  return { status: error.statusCode, error: error.body?.error };
}

beforeAll(async () => {
  client = new CatalogClient({ discoveryApi: { getBaseUrl: async () => `${env.server.url}/api/catalog` }, fetchApi: { fetch: withToken } });
  target = env.scm.blobUrl(MAIN);
  added = await client.addLocation({ type: "url", target });
  await eventually(async () => (await client.getEntitiesByRefs({ entityRefs: REFS })).items.every(Boolean), "the main catalog");
});

describe("locations", () => {
  it("registers a location as Backstage does: 201 with its id, target and generated Location entity ref", async () => {
    expect(added.location).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: "url", target, entityRef: generatedRef(target) });
    expect(added.entities).toEqual([]);
    expect(added.exists).toBeUndefined();
    expect(await client.getEntityByRef(generatedRef(target))).toMatchObject({ kind: "Location", spec: { type: "url", target } });
  });

  it("refuses the same location twice with 409, and returns the existing one with onConflict: refresh", async () => {
    expect(await failure(client.addLocation({ type: "url", target }))).toEqual({ status: 409, error: { name: "ConflictError", message: `Location url:${target} already exists` } });
    const again = await client.addLocation({ type: "url", target, onConflict: "refresh" });
    expect(again.location).toEqual(added.location);
    expect((await client.getLocations()).items.filter((item) => item.target === target)).toHaveLength(1);
  });

  it("shows on a dry run what a location would register, Location entity first, without registering it", async () => {
    env.scm.setFile("acme/dry/main/catalog-info.yaml", component("dry-service"));
    const dry = env.scm.blobUrl("acme/dry/main/catalog-info.yaml");
    const result = await client.addLocation({ type: "url", target: dry, dryRun: true });
    expect(result.exists).toBe(false);
    expect(result.location).toMatchObject({ type: "url", target: dry, id: `url:${dry}`, entityRef: generatedRef(dry) });
    expect(result.entities.map((entity) => stringifyEntityRef(entity))).toEqual([generatedRef(dry), "component:default/dry-service"]);
    expect(result.entities[0].metadata.annotations).toMatchObject({ "backstage.io/managed-by-location": `url:${dry}`, "backstage.io/managed-by-origin-location": `url:${dry}` });
    expect(await client.getLocationByRef(`url:${dry}`)).toBeUndefined();
    expect(await client.getEntityByRef("component:default/dry-service")).toBeUndefined();
    const registered = await client.addLocation({ type: "url", target, dryRun: true });
    expect(registered.exists).toBe(true);
    expect(names(registered.entities)).toEqual(expect.arrayContaining(NAMES));
  });

  it("finds registered locations by id, by ref and by the entities they produced", async () => {
    expect((await client.getLocations()).items).toContainEqual(added.location);
    expect(await client.getLocationById(added.location.id)).toEqual(added.location);
    expect(await client.getLocationById(randomUUID())).toBeUndefined();
    expect(await client.getLocationByRef(`url:${target}`)).toEqual(added.location);
    expect(await client.getLocationByEntity("component:default/payments-service")).toEqual(added.location);
    expect(await client.getLocationByEntity({ kind: "Group", namespace: "default", name: "platform" })).toEqual(added.location);
    expect(await client.getLocationByEntity("component:default/from-nowhere")).toBeUndefined();
  });

  it("analyzes a repository without a catalog file into a Component to create, as Backstage's default analyzer does", async () => {
    const result = await client.analyzeLocation({ location: { type: "url", target: `${env.scm.url}/acme/newthing` } });
    const entity = {
      apiVersion: "backstage.io/v1alpha1",
      kind: "Component",
      metadata: { name: "newthing", annotations: { "github.com/project-slug": "acme/newthing" } },
      spec: { type: "other", lifecycle: "unknown" },
    };
    expect(result).toEqual({ existingEntityFiles: [], generateEntities: [{ entity, fields: [] }] });
    const notUrl = await failure(client.analyzeLocation({ location: { type: "url", target: "not a url" } }));
    expect(notUrl).toEqual({ status: 400, error: { name: "InputError", message: "The given location.target is not a URL" } });
  });

  it("queries and streams locations by predicate (POST /locations/by-query)", async () => {
    const exact = await client.queryLocations({ query: { target } });
    expect(exact).toEqual({ items: [added.location], totalItems: 1, pageInfo: {} });
    const all = (await client.getLocations()).items;
    const firstPage = await client.queryLocations({ limit: 1 });
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.totalItems).toBe(all.length);
    const streamed: Location[] = [];
    for await (const page of client.streamLocations({ limit: 1 })) streamed.push(...page);
    expect(streamed.map((item) => item.id).sort()).toEqual(all.map((item) => item.id).sort());
  });
});

describe("reading entities", () => {
  it("filters: one object ANDs, an array ORs, EXISTS, case-insensitive values, relations and annotation keys", async () => {
    const get = async (filter: Parameters<CatalogClient["getEntities"]>[0]) => names((await client.getEntities({ ...filter, order: { field: "metadata.name", order: "asc" } })).items);
    expect(await get({ filter: { kind: "component", "spec.type": "service" } })).toEqual(["ledger-worker", "payments-service"]);
    expect(await get({ filter: [{ kind: "group" }, { kind: "user" }] })).toEqual(["acme", "alice", "bob", "payments-team", "platform"]);
    expect(await get({ filter: { kind: "Component", "spec.providesApis": CATALOG_FILTER_EXISTS } })).toEqual(["payments-service"]);
    expect(await get({ filter: { KIND: "COMPONENT", "metadata.name": "Payments-Service" } })).toEqual(["payments-service"]);
    expect(await get({ filter: { "relations.ownedBy": "group:default/payments-team" } })).toEqual(["ledger-worker", "payments", "payments-api", "payments-db", "payments-service"]);
    expect(await get({ filter: { "metadata.annotations.backstage.io/techdocs-ref": "dir:." } })).toEqual(["payments-service"]);
    expect(await get({ filter: { kind: "user", "relations.memberOf": ["group:default/payments-team", "group:default/nobody"] } })).toEqual(["bob"]);
  });

  it("filters on relations another entity's spec implies, as Backstage searches the stitched entity", async () => {
    const get = async (filter: Record<string, string>) => names((await client.getEntities({ filter, order: { field: "metadata.name", order: "asc" } })).items);
    expect(await get({ kind: "group", "relations.hasMember": "user:default/bob" })).toEqual(["payments-team", "platform"]);
    expect(await get({ kind: "group", "relations.ownerOf": "component:default/payments-service" })).toEqual(["payments-team"]);
    expect(await get({ kind: "api", "relations.apiProvidedBy": "component:default/payments-service" })).toEqual(["payments-api"]);
  });

  it("projects fields, orders, and pages with limit and offset", async () => {
    const users = await client.getEntities({ filter: { kind: "user" }, fields: ["metadata.name", "spec.memberOf"], order: { field: "metadata.name", order: "desc" } });
    expect(users.items).toEqual([
      { metadata: { name: "bob" }, spec: { memberOf: ["payments-team", "platform"] } },
      { metadata: { name: "alice" }, spec: { memberOf: ["platform"] } },
    ]);
    const page = await client.getEntities({ filter: { kind: "component" }, order: { field: "metadata.name", order: "asc" }, limit: 2, offset: 1, fields: ["metadata.name"] });
    expect(page.items).toEqual([{ metadata: { name: "ledger-worker" } }, { metadata: { name: "payments-service" } }]);
  });

  it("links GET /entities?limit= to the next page until the last one", async () => {
    const first = await env.api("/entities?filter=kind=component&limit=2&fields=metadata.name");
    expect(await first.json()).toEqual([{ metadata: { name: "checkout-web" } }, { metadata: { name: "ledger-worker" } }]);
    const link = /^<(\/entities\?[^>]+)>; rel="next"$/.exec(first.headers.get("link") ?? "");
    expect(link?.[1]).toContain("after=");
    const last = await env.api(link![1]);
    expect(await last.json()).toEqual([{ metadata: { name: "payments-service" } }]);
    expect(last.headers.get("link")).toBeNull();
  });

  it("gets entities by refs in request order, with undefined for missing ones, fields and filter", async () => {
    const refs = ["component:default/payments-service", "component:default/nope", "group:default/platform"];
    expect(names((await client.getEntitiesByRefs({ entityRefs: refs })).items)).toEqual(["payments-service", undefined, "platform"]);
    const projected = (await client.getEntitiesByRefs({ entityRefs: refs, fields: ["kind", "metadata.name"] })).items;
    expect(projected).toEqual([{ kind: "Component", metadata: { name: "payments-service" } }, undefined, { kind: "Group", metadata: { name: "platform" } }]);
    expect(names((await client.getEntitiesByRefs({ entityRefs: refs, filter: { kind: "group" } })).items)).toEqual([undefined, undefined, "platform"]);
    // Relations are folded into the etag: a projection that names it, or the whole metadata, reads the same one.
    const whole = (await client.getEntitiesByRefs({ entityRefs: refs })).items;
    const etags = (await client.getEntitiesByRefs({ entityRefs: refs, fields: ["metadata.etag"] })).items;
    const metadata = (await client.getEntitiesByRefs({ entityRefs: refs, fields: ["metadata"] })).items;
    expect(whole[0]?.relations?.length).toBeGreaterThan(0);
    expect(etags.map((item) => item?.metadata.etag)).toEqual(whole.map((item) => item?.metadata.etag));
    expect(metadata.map((item) => item?.metadata)).toEqual(whole.map((item) => item?.metadata));
    const many = Array.from({ length: 2500 }, (_, i) => `component:default/missing-${i}`);
    many[0] = "user:default/alice";
    many[2400] = "api:default/payments-api";
    const items = (await client.getEntitiesByRefs({ entityRefs: many, fields: ["metadata.name"] })).items;
    expect(items).toHaveLength(2500);
    expect(items.flatMap((item, i) => (item ? [[i, item.metadata?.name]] : []))).toEqual([
      [0, "alice"],
      [2400, "payments-api"],
    ]);
  });

  it("gets one entity by string or compound ref, by uid, and its ancestry up to the registered location", async () => {
    const entity = await client.getEntityByRef("component:default/payments-service");
    expect(entity).toMatchObject({ apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "payments-service", namespace: "default" } });
    expect((await client.getEntityByRef({ kind: "component", namespace: "default", name: "payments-service" }))?.metadata.uid).toBe(entity!.metadata.uid);
    expect(await client.getEntityByRef("component:default/nope")).toBeUndefined();
    const byUid = await env.api(`/entities/by-uid/${entity!.metadata.uid}`);
    expect(byUid.status).toBe(200);
    expect((await byUid.json()).metadata).toMatchObject({ name: "payments-service", uid: entity!.metadata.uid });
    const ancestry = await client.getEntityAncestors({ entityRef: "component:default/payments-service" });
    expect(ancestry.rootEntityRef).toBe("component:default/payments-service");
    const chain = ancestry.items.map((item) => [stringifyEntityRef(item.entity), item.parentEntityRefs]);
    expect(chain).toEqual([
      ["component:default/payments-service", ["location:default/acme-catalog"]],
      ["location:default/acme-catalog", [generatedRef(target)]],
      [generatedRef(target), []],
    ]);
  });

  it("annotates entities with the file they came from and the location registered for them", async () => {
    const entity = await client.getEntityByRef("component:default/payments-service");
    expect(entity?.metadata.annotations).toMatchObject({
      "backstage.io/managed-by-location": `url:${env.scm.blobUrl("acme/repo/main/components.yaml")}`,
      "backstage.io/managed-by-origin-location": `url:${target}`,
      "backstage.io/techdocs-ref": "dir:.",
      // What the github integration makes of the file's blob URL, as Backstage's AnnotateLocationEntityProcessor does.
      "backstage.io/view-url": env.scm.blobUrl("acme/repo/main/components.yaml"),
      "backstage.io/edit-url": `${env.scm.url}/acme/repo/edit/main/components.yaml`,
      "backstage.io/source-location": `url:${env.scm.url}/acme/repo/tree/main/`,
    });
    const api = await client.getEntityByRef("api:default/payments-api");
    expect(api?.spec?.definition).toBe("openapi: 3.0.0\ninfo: { title: Payments, version: 1.0.0 }\npaths: {}\n");
  });

  it("counts facet values as written, within a filter", async () => {
    const { facets } = await client.getEntityFacets({ facets: ["kind", "metadata.tags", "spec.type", "spec.lifecycle", "relations.ownedBy"], filter: { kind: "component" } });
    const sorted = (facet: string) => [...facets[facet]].sort((a, b) => a.value.localeCompare(b.value, "en", { caseFirst: "upper" }));
    expect(facets.kind).toEqual([{ value: "Component", count: 3 }]);
    expect(sorted("metadata.tags")).toEqual([
      { value: "java", count: 2 },
      { value: "payments", count: 1 },
      { value: "typescript", count: 1 },
    ]);
    expect(sorted("spec.type")).toEqual([
      { value: "Service", count: 1 },
      { value: "service", count: 1 },
      { value: "website", count: 1 },
    ]);
    expect(sorted("spec.lifecycle")).toEqual([
      { value: "Experimental", count: 1 },
      { value: "production", count: 2 },
    ]);
    expect(sorted("relations.ownedBy")).toEqual([
      { value: "group:default/payments-team", count: 2 },
      { value: "group:default/platform", count: 1 },
    ]);
  });

  it.each([
    ["component:default/payments-service", "ownedBy", "group:default/payments-team", "ownerOf"],
    ["component:default/payments-service", "providesApi", "api:default/payments-api", "apiProvidedBy"],
    ["component:default/checkout-web", "consumesApi", "api:default/payments-api", "apiConsumedBy"],
    ["component:default/checkout-web", "dependsOn", "component:default/payments-service", "dependencyOf"],
    ["component:default/payments-service", "dependsOn", "resource:default/payments-db", "dependencyOf"],
    ["user:default/bob", "memberOf", "group:default/payments-team", "hasMember"],
    ["component:default/payments-service", "partOf", "system:default/payments", "hasPart"],
    ["system:default/payments", "partOf", "domain:default/commerce", "hasPart"],
    ["group:default/platform", "childOf", "group:default/acme", "parentOf"],
  ])("relates %s %s %s, and back with %s", async (source, type, targetRef, reverse) => {
    const [from, to] = (await client.getEntitiesByRefs({ entityRefs: [source, targetRef], fields: ["relations"] })).items;
    expect(from?.relations).toContainEqual({ type, targetRef });
    expect(to?.relations).toContainEqual({ type: reverse, targetRef: source });
  });
});

describe("queryEntities", () => {
  const byName = { field: "metadata.name", order: "asc" } as const;

  it("filters, orders both ways, searches full text in named fields, counts and limits", async () => {
    const desc = await client.queryEntities({ filter: { kind: "component" }, orderFields: { field: "metadata.name", order: "desc" }, fields: ["metadata.name"] });
    expect(desc).toEqual({ items: [{ metadata: { name: "payments-service" } }, { metadata: { name: "ledger-worker" } }, { metadata: { name: "checkout-web" } }], totalItems: 3, pageInfo: {} });
    const asc = await client.queryEntities({ filter: { kind: "component" }, orderFields: byName, limit: 2 });
    expect(names(asc.items)).toEqual(["checkout-web", "ledger-worker"]);
    expect(asc.totalItems).toBe(3);
    expect(asc.pageInfo.nextCursor).toEqual(expect.any(String));
    expect(asc.pageInfo.prevCursor).toBeUndefined();
    const text = await client.queryEntities({ filter: fromMain(), fullTextFilter: { term: " JAVA ", fields: ["metadata.tags"] }, orderFields: byName });
    expect(names(text.items)).toEqual(["ledger-worker", "payments-service"]);
    const prefix = await client.queryEntities({ filter: fromMain(), fullTextFilter: { term: "ments-", fields: ["metadata.name", "spec.type"] }, orderFields: byName });
    expect(names(prefix.items)).toEqual(["payments-api", "payments-db", "payments-service", "payments-team"]);
    expect((await client.queryEntities({ filter: { kind: "component" }, totalItems: "exclude" })).totalItems).toBe(0);
  });

  it("pages through everything with nextCursor and back with prevCursor, keeping the filter and the total", async () => {
    const pages = [await client.queryEntities({ filter: fromMain(), orderFields: byName, limit: 4, fields: ["metadata.name"] })];
    while (pages.at(-1)!.pageInfo.nextCursor) pages.push(await client.queryEntities({ cursor: pages.at(-1)!.pageInfo.nextCursor!, limit: 4, fields: ["metadata.name"] }));
    const all = pages.flatMap((page) => names(page.items));
    expect(pages.map((page) => page.items.length)).toEqual([4, 4, 4, 2]);
    expect(all).toEqual([...NAMES, generatedRef(target).split("/")[1]].sort());
    expect(pages.map((page) => page.totalItems)).toEqual([14, 14, 14, 14]);
    const back = await client.queryEntities({ cursor: pages[2].pageInfo.prevCursor!, limit: 4, fields: ["metadata.name"] });
    expect(back.items).toEqual(pages[1].items);
    expect(back.pageInfo.nextCursor).toEqual(expect.any(String));
    expect(back.pageInfo.prevCursor).toEqual(expect.any(String));
    // A cursor carries the query: filters sent alongside it are ignored, as Backstage documents.
    const cursor = encodeURIComponent(pages[0].pageInfo.nextCursor!);
    const withFilter = await env.api(`/entities/by-query?cursor=${cursor}&limit=4&fields=metadata.name&filter=kind=user`);
    expect((await withFilter.json()).items).toEqual(pages[1].items);
  });

  it("answers predicate queries ($all, $any, $not, $exists, $in, $hasPrefix) by POST, and pages them by POST", async () => {
    const calls: string[] = [];
    const recording = new CatalogClient({
      discoveryApi: { getBaseUrl: async () => `${env.server.url}/api/catalog` },
      fetchApi: { fetch: (input, init) => (calls.push(`${init?.method} ${String(input).split("?")[0].replace(env.server.url, "")}`), withToken(input, init)) },
    });
    const query = async (predicate: NonNullable<QueryEntitiesInitialRequest["query"]>) => names((await recording.queryEntities({ query: predicate, orderFields: byName })).items);
    expect(await query({ $all: [{ kind: "component" }, { $not: { "spec.lifecycle": "experimental" } }] })).toEqual(["checkout-web", "payments-service"]);
    expect(await query({ $any: [{ kind: { $in: ["User", "domain"] } }, { "metadata.name": { $hasPrefix: "PAYMENTS-" } }] })).toEqual([
      "alice",
      "bob",
      "commerce",
      "payments-api",
      "payments-db",
      "payments-service",
      "payments-team",
    ]);
    expect(await query({ kind: "component", "spec.providesApis": { $exists: true } })).toEqual(["payments-service"]);
    expect(calls).toEqual(Array(3).fill("POST /api/catalog/entities/by-query"));
    calls.length = 0;
    const first = await recording.queryEntities({ query: { kind: "component" }, orderFields: byName, limit: 2 });
    const second = await recording.queryEntities({ cursor: first.pageInfo.nextCursor!, limit: 2 });
    expect([names(first.items), names(second.items), second.totalItems]).toEqual([["checkout-web", "ledger-worker"], ["payments-service"], 3]);
    expect(calls).toEqual(Array(2).fill("POST /api/catalog/entities/by-query"));
  });

  it("streams every matching entity in pages of pageSize", async () => {
    const pages: Entity[][] = [];
    for await (const page of client.streamEntities({ filter: fromMain(), pageSize: 3, fields: ["metadata.name"] })) pages.push(page);
    expect(pages.every((page) => page.length <= 3)).toBe(true);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(names(pages.flat()).sort()).toEqual([...NAMES, generatedRef(target).split("/")[1]].sort());
  });
});

describe("changing entities", () => {
  it("points a location at a new target, keeping its id and Location entity", async () => {
    const location = await register("acme/moving/main/a.yaml", component("moving-a"), "component:default/moving-a");
    env.scm.setFile("acme/moving/main/b.yaml", component("moving-b"));
    const moved = await client.updateLocation(location.id, { type: "url", target: env.scm.blobUrl("acme/moving/main/b.yaml") });
    expect(moved).toEqual({ ...location, target: env.scm.blobUrl("acme/moving/main/b.yaml") });
    expect(await client.getLocationById(location.id)).toEqual(moved);
    await eventually(() => client.getEntityByRef("component:default/moving-b"), "moving-b");
    const orphaned = async () => (await client.getEntityByRef("component:default/moving-a"))?.metadata.annotations?.["backstage.io/orphan"] === "true";
    expect(await eventually(orphaned, "moving-a to become an orphan")).toBe(true);
  });

  it("removes a location; what it produced stays as orphans", async () => {
    const location = await register("acme/scratch/main/catalog-info.yaml", component("scratch-service"), "component:default/scratch-service");
    await client.removeLocationById(location.id);
    expect(await client.getLocationById(location.id)).toBeUndefined();
    expect(await client.getEntityByRef(location.entityRef)).toBeUndefined();
    const orphan = await client.getEntityByRef("component:default/scratch-service");
    expect(orphan?.metadata.annotations).toMatchObject({ "backstage.io/orphan": "true" });
    expect(await failure(client.removeLocationById(location.id))).toEqual({ status: 404, error: { name: "NotFoundError", message: `Found no location with ID ${location.id}` } });
  });

  it("validates an entity as processing would", async () => {
    const entity = { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "valid-one" }, spec: { type: "service", lifecycle: "production", owner: "platform" } };
    expect(await client.validateEntity(entity, `url:${target}`)).toEqual({ valid: true });
    const LEARN = "To learn more about catalog file format, visit: https://github.com/backstage/backstage/blob/master/docs/architecture-decisions/adr002-default-catalog-file-format.md";
    const problem = `"metadata.name" is not valid; expected a string that is sequences of [a-zA-Z0-9] separated by any of [-_.], at most 63 characters in total but found "bad name!". ${LEARN}`;
    const invalid = await client.validateEntity({ ...entity, metadata: { name: "bad name!" } }, `url:${target}`);
    expect(invalid).toEqual({ valid: false, errors: [expect.objectContaining({ name: "InputError", message: `Policy check failed for component:default/bad name!; caused by Error: ${problem}` })] });
    const notUrl = await client.validateEntity(entity, "file:/tmp/catalog-info.yaml");
    expect(notUrl).toEqual({
      valid: false,
      errors: [expect.objectContaining({ name: "TypeError", message: "Invalid location ref file:/tmp/catalog-info.yaml, only 'url:<target>' is supported, e.g. url:https://host/path" })],
    });
  });

  it("refreshes at once: a changed file is visible when refreshEntity returns; uid stays, etag follows changes", async () => {
    const file = "acme/live/main/catalog-info.yaml";
    const described = (text: string) => component("live-service", "type: service\n  lifecycle: production\n  owner: platform", `  description: ${text}\n`);
    await register(file, yamlDocs(described("first"), component("live-extra")), "component:default/live-extra");
    const before = (await client.getEntityByRef("component:default/live-service"))!;
    await client.refreshEntity("component:default/live-service");
    const unchanged = (await client.getEntityByRef("component:default/live-service"))!;
    expect([unchanged.metadata.uid, unchanged.metadata.etag]).toEqual([before.metadata.uid, before.metadata.etag]);
    env.scm.setFile(file, yamlDocs(described("second"), component("live-extra")));
    await client.refreshEntity("component:default/live-service");
    const after = (await client.getEntityByRef("component:default/live-service"))!;
    expect(after.metadata.description).toBe("second");
    expect(after.metadata.uid).toBe(before.metadata.uid);
    expect(after.metadata.etag).not.toBe(before.metadata.etag);
    // An entity no longer in its file is kept, as an orphan.
    env.scm.setFile(file, described("second"));
    await client.refreshEntity("component:default/live-service");
    expect((await client.getEntityByRef("component:default/live-extra"))?.metadata.annotations).toMatchObject({ "backstage.io/orphan": "true" });
    expect((await client.getEntityByRef("component:default/live-service"))?.metadata.annotations?.["backstage.io/orphan"]).toBeUndefined();
    expect(await failure(client.refreshEntity("component:default/never-was"))).toEqual({
      status: 404,
      error: { name: "NotFoundError", message: "Failed to schedule component:default/never-was for refresh" },
    });
  });

  it("removes an entity by uid; refreshing its location brings it back under a new uid", async () => {
    const location = await register("acme/comeback/main/catalog-info.yaml", component("comeback"), "component:default/comeback");
    const { uid } = (await client.getEntityByRef("component:default/comeback"))!.metadata;
    await client.removeEntityByUid(uid!);
    expect((await env.api(`/entities/by-uid/${uid}`)).status).toBe(404);
    expect((await client.getEntityByRef("component:default/comeback"))?.metadata.uid).not.toBe(uid);
    await client.refreshEntity(location.entityRef);
    const back = await client.getEntityByRef("component:default/comeback");
    expect(back?.metadata.uid).toEqual(expect.any(String));
    expect(back?.metadata.uid).not.toBe(uid);
  });
});

describe("processing errors", () => {
  type WithStatus = Entity & { status?: { items?: Array<Record<string, unknown>> } };
  /** The entity once processing has put errors on it. */
  const withErrors = (ref: string) =>
    eventually(async () => {
      const entity = (await client.getEntityByRef(ref)) as WithStatus | undefined;
      return entity?.status?.items?.length ? entity : undefined;
    }, `processing errors on ${ref}`);

  it("puts a broken document's error on the Location entity and keeps the file's other entities", async () => {
    const location = await register("acme/broken/main/catalog-info.yaml", yamlDocs(component("broken-neighbour"), "- just\n- a list"), "component:default/broken-neighbour");
    const error = { type: "backstage.io/catalog-processing", level: "error", message: expect.stringContaining("Expected object at root") };
    expect((await withErrors(location.entityRef)).status?.items).toEqual([expect.objectContaining(error)]);
  });

  it("keeps a nested Location's error, and its etag, from one processing cycle to the next", async () => {
    await register("acme/nested/main/catalog-info.yaml", yamlDocs(locationDoc("nested-reader", ["./gone.yaml"]), component("nested-sibling")), "location:default/nested-reader");
    const first = await withErrors("location:default/nested-reader");
    expect(first.status?.items).toEqual([expect.objectContaining({ level: "error", message: expect.stringContaining("gone.yaml") })]);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // two processing cycles of its parent
    expect(await client.getEntityByRef("location:default/nested-reader")).toEqual(first);
  });

  it("keeps an entity with the location that emitted it first; the second Location entity gets a conflict error", async () => {
    await register("acme/first/main/catalog-info.yaml", component("contested", undefined, "  description: first\n"), "component:default/contested");
    env.scm.setFile("acme/second/main/catalog-info.yaml", component("contested", undefined, "  description: second\n"));
    const second = (await client.addLocation({ type: "url", target: env.scm.blobUrl("acme/second/main/catalog-info.yaml") })).location;
    expect((await withErrors(second.entityRef)).status?.items).toEqual([expect.objectContaining({ level: "error", message: expect.stringMatching(/conflict.*component:default\/contested/i) })]);
    const kept = await client.getEntityByRef("component:default/contested");
    expect(kept?.metadata.description).toBe("first");
    expect(kept?.metadata.annotations?.["backstage.io/managed-by-location"]).toBe(`url:${env.scm.blobUrl("acme/first/main/catalog-info.yaml")}`);
  });
});
