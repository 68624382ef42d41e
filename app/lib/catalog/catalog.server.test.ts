import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../../../tests/support/databases";
import { configSchema } from "../config/schema";
import { openDatabase, type AtriumDatabase } from "../db/client.server";
import { migrateToLatest } from "../db/migrate.server";
import { createCatalog, type Catalog } from "./catalog.server";
import type { Entity } from "./entity";
import { INTERNAL_CREDENTIALS } from "../auth/credentials";
import { createScheduler } from "../scheduler/scheduler.server";
import { finishLocation, LeaseLostError, writeTargetOutput } from "./store/entity-writer.server";

/** These tests read and write as Atrium itself, which every permission allows. */
const SYSTEM = { credentials: INTERNAL_CREDENTIALS };

// The catalog store on both engines: ingestion from real files, relations
// both ways, processing errors, orphans, conflicts, refresh and leases.

const silent = pino({ level: "silent" });
const ALL_KINDS = ["Component", "API", "System", "Domain", "Resource", "Group", "User", "Location", "Template"];

function component(name: string, spec: Record<string, unknown> = {}) {
  return { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name }, spec: { type: "service", lifecycle: "production", owner: "team-a", ...spec } };
}
const TEAM_A = { apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "team-a" }, spec: { type: "team", children: [] } };
const yaml = (...documents: object[]) => documents.map((document) => JSON.stringify(document)).join("\n---\n");

describe.each(TEST_ENGINES)("catalog store on %s", (engine) => {
  let dir: string;
  let dbConfig: TestDatabaseConfig;
  let database: AtriumDatabase;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-catalog-"));
    dbConfig = testDatabaseConfig(engine);
    database = await openDatabase(dbConfig as never, dir);
    await migrateToLatest(database);
  });
  afterEach(async () => {
    await database.destroy();
    await dropTestDatabase(dbConfig);
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);

  async function startCatalog(locations: string[]) {
    const config = configSchema.parse({
      app: { baseUrl: "http://localhost:7007" },
      catalog: { locations: locations.map((target) => ({ type: "file", target })), rules: [{ allow: ALL_KINDS }], processingInterval: false },
    });
    // The scheduler is never started: each test drains processing itself.
    const catalog = createCatalog({ db: database.db, config, rootDir: dir, logger: silent, scheduler: createScheduler({ db: database.db, logger: silent }).forPlugin("catalog") });
    await catalog.start();
    await catalog.engine.drain();
    return catalog;
  }

  const byName = (catalog: Catalog, kind: string, name: string) => catalog.entities.entityByName(kind, "default", name, SYSTEM);

  it("ingests a location tree, annotating each entity with where it came from", async () => {
    write("catalog-info.yaml", yaml({ apiVersion: "backstage.io/v1alpha1", kind: "Location", metadata: { name: "root" }, spec: { targets: ["./org.yaml", "./services.yaml"] } }));
    write("org.yaml", yaml(TEAM_A));
    write("services.yaml", yaml(component("billing"), component("ledger")));
    const catalog = await startCatalog(["./catalog-info.yaml"]);

    const billing = await byName(catalog, "component", "billing");
    expect(billing.metadata.annotations).toMatchObject({
      "backstage.io/managed-by-location": `file:${path.join(dir, "services.yaml")}`,
      "backstage.io/managed-by-origin-location": `file:${path.join(dir, "catalog-info.yaml")}`,
    });
    expect(billing.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    const ancestry = await catalog.entities.ancestry("component", "default", "billing", SYSTEM);
    expect(ancestry.items.map((item) => item.entity.metadata.name)).toEqual(["billing", "root", expect.stringMatching(/^generated-[0-9a-f]{40}$/)]);
    expect(ancestry.items.at(-1)?.parentEntityRefs).toEqual([]);
  });

  it("writes relations in both directions", async () => {
    write(
      "all.yaml",
      yaml(
        TEAM_A,
        component("billing", { providesApis: ["billing-api"], dependsOn: ["resource:billing-db"] }),
        { apiVersion: "backstage.io/v1alpha1", kind: "API", metadata: { name: "billing-api" }, spec: { type: "openapi", lifecycle: "production", owner: "team-a", definition: "openapi: 3.0.0" } },
        { apiVersion: "backstage.io/v1alpha1", kind: "Resource", metadata: { name: "billing-db" }, spec: { type: "database", owner: "team-a" } },
      ),
    );
    const catalog = await startCatalog(["./all.yaml"]);
    const relations = (entity: Entity) => entity.relations?.map((relation) => `${relation.type} ${relation.targetRef}`);
    expect(relations(await byName(catalog, "component", "billing"))).toEqual(["dependsOn resource:default/billing-db", "ownedBy group:default/team-a", "providesApi api:default/billing-api"]);
    expect(relations(await byName(catalog, "group", "team-a"))).toEqual(["ownerOf api:default/billing-api", "ownerOf component:default/billing", "ownerOf resource:default/billing-db"]);
    expect(relations(await byName(catalog, "api", "billing-api"))).toContain("apiProvidedBy component:default/billing");
    expect(relations(await byName(catalog, "resource", "billing-db"))).toContain("dependencyOf component:default/billing");
  });

  it("sorts the spec's relation lists as Backstage does, whatever the file's order", async () => {
    const group = { apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "team-a" }, spec: { type: "team", children: ["zeta", "Alpha", "beta"], members: ["yuki", "ana"] } };
    write("all.yaml", yaml(group, component("billing", { dependsOn: ["resource:ledger-db", "component:audit", "Resource:Cache"], providesApis: ["zz-api", "billing-api"] })));
    const catalog = await startCatalog(["./all.yaml"]);
    expect((await byName(catalog, "component", "billing")).spec).toMatchObject({ dependsOn: ["Resource:Cache", "component:audit", "resource:ledger-db"], providesApis: ["billing-api", "zz-api"] });
    expect((await byName(catalog, "group", "team-a")).spec).toMatchObject({ children: ["Alpha", "beta", "zeta"], members: ["ana", "yuki"] });
  });

  it("turns broken documents into errors on their Location and keeps the rest", async () => {
    write("services.yaml", `${yaml(component("good"))}\n---\napiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: "Not Valid!" }\n---\nbroken: [unclosed\n`);
    const catalog = await startCatalog(["./services.yaml"]);
    await expect(byName(catalog, "component", "good")).resolves.toBeDefined();
    const root = (await catalog.entities.queryEntities({ filter: { kind: "location" } }, SYSTEM)).items[0] as Entity;
    const messages = root.status?.items?.map((item) => `${item.level} ${item.message}`) ?? [];
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^error InputError: .*metadata/);
    expect(messages[1]).toMatch(/^error InputError: YAML error at file:/);
  });

  it("makes an entity its location stops emitting an orphan, kept until deleted, and adopts it again", async () => {
    write("services.yaml", yaml(TEAM_A, component("billing"), component("legacy")));
    const catalog = await startCatalog(["./services.yaml"]);
    const legacy = await byName(catalog, "component", "legacy");

    write("services.yaml", yaml(TEAM_A, component("billing")));
    await catalog.entities.refresh("component:default/billing", SYSTEM);
    const orphan = await byName(catalog, "component", "legacy");
    expect(orphan.metadata.annotations?.["backstage.io/orphan"]).toBe("true");
    expect(orphan.metadata.uid).toBe(legacy.metadata.uid);

    write("services.yaml", yaml(TEAM_A, component("billing"), component("legacy")));
    await catalog.entities.refresh("component:default/billing", SYSTEM);
    expect((await byName(catalog, "component", "legacy")).metadata.annotations?.["backstage.io/orphan"]).toBeUndefined();
  });

  it("processes a Location's files one by one: moves between them, removed files and unreadable ones", async () => {
    const location = (targets: string[]) => yaml({ apiVersion: "backstage.io/v1alpha1", kind: "Location", metadata: { name: "root" }, spec: { targets } });
    write("catalog-info.yaml", location(["./a.yaml", "./b.yaml", "./c.yaml"]));
    write("a.yaml", yaml(component("moving"), component("stays-a")));
    write("b.yaml", yaml(component("stays-b")));
    write("c.yaml", yaml(component("in-c")));
    const catalog = await startCatalog(["./catalog-info.yaml"]);
    const orphaned = async (name: string) => (await byName(catalog, "component", name)).metadata.annotations?.["backstage.io/orphan"] === "true";
    // Re-reads catalog-info.yaml (through its config root), then the Location it defines.
    const reprocess = async () => {
      const root = (await catalog.entities.ancestry("location", "default", "root", SYSTEM)).items.at(-1)!.entity;
      await catalog.entities.refresh(`location:default/${root.metadata.name}`, SYSTEM);
      await catalog.entities.refresh("location:default/root", SYSTEM);
    };

    write("a.yaml", yaml(component("stays-a")));
    write("b.yaml", yaml(component("stays-b"), component("moving")));
    write("catalog-info.yaml", location(["./a.yaml", "./b.yaml", "./missing.yaml"]));
    await reprocess();
    expect(await orphaned("moving")).toBe(false);
    expect((await byName(catalog, "component", "moving")).metadata.annotations?.["backstage.io/managed-by-location"]).toBe(`file:${path.join(dir, "b.yaml")}`);
    expect(await orphaned("in-c")).toBe(true);
    const root = await byName(catalog, "location", "root");
    expect(root.status?.items?.map((item) => item.message)).toEqual([expect.stringMatching(/^NotFoundError: Unable to read file:.*missing\.yaml/)]);

    write("catalog-info.yaml", location(["./a.yaml", "./b.yaml", "./b-again.yaml"]));
    write("b-again.yaml", yaml(component("stays-b")));
    await reprocess();
    expect((await byName(catalog, "location", "root")).status?.items?.map((item) => item.message)).toEqual(["InputError: Duplicate nested entity: component:default/stays-b"]);
    expect((await byName(catalog, "component", "stays-b")).metadata.annotations?.["backstage.io/managed-by-location"]).toBe(`file:${path.join(dir, "b.yaml")}`);
  });

  it("keeps the first of two locations emitting the same entity and gives the second an error", async () => {
    write("first.yaml", yaml(component("shared", { lifecycle: "production" })));
    write("second.yaml", yaml(component("shared", { lifecycle: "experimental" })));
    const catalog = await startCatalog(["./first.yaml", "./second.yaml"]);
    const shared = await byName(catalog, "component", "shared");
    const origin = shared.metadata.annotations?.["backstage.io/managed-by-location"];
    const loser = origin?.endsWith("first.yaml") ? "second.yaml" : "first.yaml";
    const locations = (await catalog.entities.queryEntities({ filter: { kind: "location" } }, SYSTEM)).items as Entity[];
    const errored = locations.filter((location) => location.status?.items?.length);
    expect(errored).toHaveLength(1);
    expect(errored[0].metadata.annotations?.["backstage.io/managed-by-location"]).toBe(`file:${path.join(dir, loser)}`);
    expect(errored[0].status?.items?.[0].message).toMatch(/conflicting entityRef component:default\/shared/);
  });

  it("changes the etag when an entity or its relations change, never the uid", async () => {
    write("services.yaml", yaml(TEAM_A, component("billing")));
    const catalog = await startCatalog(["./services.yaml"]);
    const before = await byName(catalog, "component", "billing");
    const teamBefore = await byName(catalog, "group", "team-a");

    write("services.yaml", yaml(TEAM_A, component("billing", { lifecycle: "deprecated" }), component("ledger")));
    await catalog.entities.refresh("component:default/billing", SYSTEM);
    const after = await byName(catalog, "component", "billing");
    expect(after.spec?.lifecycle).toBe("deprecated");
    expect(after.metadata.uid).toBe(before.metadata.uid);
    expect(after.metadata.etag).not.toBe(before.metadata.etag);
    // team-a did not change, but it now owns ledger too
    expect((await byName(catalog, "group", "team-a")).metadata.etag).not.toBe(teamBefore.metadata.etag);
  });

  it("answers counts and facets that follow every change, though they are cached", async () => {
    write("services.yaml", yaml(TEAM_A, component("billing")));
    const catalog = await startCatalog(["./services.yaml"]);
    const typeFacet = async () => (await catalog.entities.facets({ facets: ["spec.type"], filter: { kind: "component" } }, SYSTEM)).facets["spec.type"];
    // The API's answer, shared as JSON text by every request until the catalog changes.
    const typeFacetJson = async () => JSON.parse((await catalog.entities.json.facets({ facets: ["spec.type"], filter: { kind: "component" } }, SYSTEM)).json);
    const components = async () => (await catalog.entities.queryEntities({ filter: { kind: "component" }, limit: 0 }, SYSTEM)).totalItems;
    expect(await typeFacet()).toEqual([{ value: "service", count: 1 }]);
    expect(await typeFacetJson()).toEqual({ facets: { "spec.type": [{ value: "service", count: 1 }] } });
    expect(await components()).toBe(1);
    write("services.yaml", yaml(TEAM_A, component("billing"), component("site", { type: "website" })));
    await catalog.entities.refresh("component:default/billing", SYSTEM);
    expect(await typeFacet()).toEqual([
      { value: "service", count: 1 },
      { value: "website", count: 1 },
    ]);
    expect((await typeFacetJson()).facets["spec.type"]).toHaveLength(2);
    expect(await components()).toBe(2);
    await catalog.entities.deleteEntityByUid((await byName(catalog, "component", "site")).metadata.uid!, SYSTEM);
    expect(await components()).toBe(1);
  });

  it("orphans what a location emitted when the location leaves the config", async () => {
    write("services.yaml", yaml(component("billing")));
    await startCatalog(["./services.yaml"]);
    const catalog = await startCatalog([]);
    expect((await byName(catalog, "component", "billing")).metadata.annotations?.["backstage.io/orphan"]).toBe("true");
  });

  it("writes nothing when a worker or replica starts on an unchanged config, so cached answers stay", async () => {
    write("services.yaml", yaml(component("billing")));
    await startCatalog(["./services.yaml"]);
    const generation = async () => (await database.db.selectFrom("catalog_generation").select("generation").executeTakeFirstOrThrow()).generation;
    const before = await generation();
    const catalog = await startCatalog(["./services.yaml"]);
    expect(await generation()).toBe(before);
    await startCatalog(["./services.yaml", "./more.yaml"]);
    expect(await generation()).toBeGreaterThan(before);
    expect((await byName(catalog, "component", "billing")).metadata.annotations?.["backstage.io/orphan"]).toBeUndefined();
  });

  it("lets only one of two replicas process a location at a time", async () => {
    write("a.yaml", yaml(component("a")));
    write("b.yaml", yaml(component("b")));
    write("c.yaml", yaml(component("c")));
    const config = configSchema.parse({
      app: { baseUrl: "http://localhost:7007" },
      catalog: { locations: ["a", "b", "c"].map((name) => ({ type: "file", target: `./${name}.yaml` })), rules: [{ allow: ALL_KINDS }], processingInterval: false },
    });
    const replicas = [0, 1].map(() => createCatalog({ db: database.db, config, rootDir: dir, logger: silent, scheduler: createScheduler({ db: database.db, logger: silent }).forPlugin("catalog") }));
    await replicas[0].start();
    const processed = await Promise.all(replicas.map((replica) => replica.engine.processDue()));
    expect(processed[0] + processed[1]).toBe(3);
    expect((await replicas[1].entities.queryEntities({ filter: { kind: "component" } }, SYSTEM)).totalItems).toBe(3);
  });

  it("writes nothing more for a process whose lease on a location another process has taken over", async () => {
    write("services.yaml", yaml(component("billing")));
    const catalog = await startCatalog(["./services.yaml"]);
    const location = await database.db.selectFrom("catalog_entities").select(["entity_ref", "location_key"]).where("kind", "=", "location").executeTakeFirstOrThrow();
    // The process that stalled held the lease as "stalled"; it lapsed, and another process claimed the location.
    await database.db
      .updateTable("catalog_entities")
      .set({ lease_owner: "the-new-holder", lease_until: Date.now() + 30_000 })
      .where("entity_ref", "=", location.entity_ref)
      .execute();
    const stalled = { owner: "stalled", until: Date.now() + 30_000 };
    const ledger = component("ledger");
    const emitted = [{ entity: ledger, key: "component:default/ledger", kind: "component", relations: [], locationKey: location.location_key!, originKey: location.location_key! }];

    await expect(
      writeTargetOutput(database.db, { parentKey: location.entity_ref, lease: stalled, scopeKey: location.location_key!, emitted: emitted as never, keptWithErrors: new Map(), now: Date.now() }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    await expect(finishLocation(database.db, { parentKey: location.entity_ref, lease: stalled, targetKeys: [], errors: [], now: Date.now(), nextRefreshAt: 0 })).rejects.toBeInstanceOf(LeaseLostError);

    await expect(byName(catalog, "component", "ledger")).rejects.toThrow(/No entity named 'ledger'/);
    expect((await byName(catalog, "component", "billing")).metadata.annotations?.["backstage.io/orphan"]).toBeUndefined();
    const lease = await database.db.selectFrom("catalog_entities").select("lease_owner").where("entity_ref", "=", location.entity_ref).executeTakeFirstOrThrow();
    expect(lease.lease_owner).toBe("the-new-holder");
  });
});
