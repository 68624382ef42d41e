import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../../../../tests/support/databases";
import { INTERNAL_CREDENTIALS } from "../../auth/credentials";
import { configSchema } from "../../config/schema";
import { openDatabase, type AtriumDatabase } from "../../db/client.server";
import { migrateToLatest } from "../../db/migrate.server";
import { jsonBodyText } from "../../http/content-encoding.server";
import { createScheduler } from "../../scheduler/scheduler.server";
import { createCatalog, type Catalog } from "../catalog.server";
import type { Entity } from "../entity";

// Entities are stored as the API serves them (stitch.server.ts): what a
// client reads is the stored text, and it follows every change of what the
// entity shows, including relations that other entities' processing writes.

const SYSTEM = { credentials: INTERNAL_CREDENTIALS };
const silent = pino({ level: "silent" });

const group = (name: string) => ({ apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name }, spec: { type: "team", children: [] } });
const component = (name: string, owner: string) => ({ apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name }, spec: { type: "service", lifecycle: "production", owner } });
const yaml = (...documents: object[]) => documents.map((document) => JSON.stringify(document)).join("\n---\n");

describe.each(TEST_ENGINES)("stored entities on %s", (engine) => {
  let dir: string;
  let dbConfig: TestDatabaseConfig;
  let database: AtriumDatabase;
  let catalog: Catalog;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-stitch-"));
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

  async function startCatalog() {
    const config = configSchema.parse({
      app: { baseUrl: "http://localhost:7007" },
      catalog: {
        locations: [
          { type: "file", target: "./teams.yaml" },
          { type: "file", target: "./services.yaml" },
        ],
        rules: [{ allow: ["Component", "Group", "Location"] }],
        processingInterval: false,
      },
    });
    catalog = createCatalog({ db: database.db, config, rootDir: dir, logger: silent, scheduler: createScheduler({ db: database.db, logger: silent }).forPlugin("catalog") });
    await catalog.start();
    await catalog.engine.drain();
  }

  async function reprocess() {
    await database.db.updateTable("catalog_entities").set({ next_refresh_at: 0 }).where("kind", "=", "location").execute();
    await catalog.engine.drain();
  }

  const served = (name: string, kind = "group") => catalog.entities.json.entityByName(kind, "default", name, SYSTEM);
  const stored = async (name: string, kind = "group") =>
    (await database.db.selectFrom("catalog_entities").select("final_entity").where("entity_ref", "=", `${kind}:default/${name}`).executeTakeFirstOrThrow()).final_entity;
  const unstitched = async () => (await database.db.selectFrom("catalog_entities").select("entity_ref").where("final_entity", "is", null).execute()).map((row) => row.entity_ref).sort();
  const relations = (json: string) => (JSON.parse(json) as Entity).relations?.map((relation) => `${relation.type} ${relation.targetRef}`);

  it("serves each entity as its stored text, which follows relations written by other entities' processing", async () => {
    write("teams.yaml", yaml(group("team-a"), group("team-b")));
    write("services.yaml", yaml(component("billing", "team-a")));
    await startCatalog();

    expect(await unstitched()).toEqual([]);
    const teamA = await served("team-a");
    expect(teamA).toBe(await stored("team-a"));
    expect(relations(teamA)).toEqual(["ownerOf component:default/billing"]);
    const billing = JSON.parse(await served("billing", "component")) as Entity;
    expect(billing.metadata.uid).toBeTruthy();
    expect(billing.metadata.etag).toBeTruthy();

    // team-a's own file did not change; billing's processing moved the relation to team-b.
    write("services.yaml", yaml(component("billing", "team-b")));
    await catalog.entities.refresh("component:default/billing", SYSTEM);
    // What billing's transaction wrote is stitched; the teams it changed through relations wait for the sweep, and read right meanwhile.
    expect(await unstitched()).toEqual(["group:default/team-a", "group:default/team-b"]);
    expect(await served("billing", "component")).toBe(await stored("billing", "component"));
    expect(relations(await served("team-a"))).toEqual([]);
    expect(JSON.parse(await served("team-a")).metadata.etag).not.toBe(JSON.parse(teamA).metadata.etag);
    expect(relations(await served("team-b"))).toEqual(["ownerOf component:default/billing"]);
    const teamB = await served("team-b");
    await catalog.engine.drain();
    expect(await unstitched()).toEqual([]);
    expect(await stored("team-b")).toBe(teamB);
    expect(await served("team-a")).toBe(await stored("team-a"));

    // Deleting billing takes its relations with it, from team-b's stored text too.
    await catalog.entities.deleteEntityByUid(billing.metadata.uid!, SYSTEM);
    expect(relations(await served("team-b"))).toEqual([]);
    await catalog.engine.drain();
    expect(await unstitched()).toEqual([]);
    expect(relations((await stored("team-b"))!)).toEqual([]);

    // An entity its location stops emitting is stored with the orphan annotation.
    write("services.yaml", yaml(component("billing", "team-b"), component("ledger", "team-b")));
    await reprocess();
    write("services.yaml", yaml(component("billing", "team-b")));
    await reprocess();
    const ledger = JSON.parse((await stored("ledger", "component"))!) as Entity;
    expect(ledger.metadata.annotations?.["backstage.io/orphan"]).toBe("true");
    expect(relations(await served("team-b"))).toEqual(["ownerOf component:default/billing", "ownerOf component:default/ledger"]);
  });

  it("stores, at the sweep, every relation that reached an entity while it waited for it", async () => {
    write("teams.yaml", yaml(group("team-a"), group("team-b")));
    write("services.yaml", yaml(component("billing", "team-a")));
    await startCatalog();

    write("services.yaml", yaml(component("billing", "team-b")));
    await catalog.entities.refresh("component:default/billing", SYSTEM);
    expect(await unstitched()).toEqual(["group:default/team-a", "group:default/team-b"]);
    // A second change reaches team-b before the sweep has stitched it.
    write("services.yaml", yaml(component("billing", "team-b"), component("ledger", "team-b")));
    await catalog.entities.refresh("component:default/billing", SYSTEM);
    expect(relations(await served("team-b"))).toEqual(["ownerOf component:default/billing", "ownerOf component:default/ledger"]);

    await catalog.engine.drain();
    expect(await unstitched()).toEqual([]);
    expect(relations((await stored("team-b"))!)).toEqual(["ownerOf component:default/billing", "ownerOf component:default/ledger"]);
    expect(relations((await stored("team-a"))!)).toEqual([]);
  });

  it("reads entities not stitched yet from their parts, and the processing task stitches them", async () => {
    write("teams.yaml", yaml(group("team-a")));
    write("services.yaml", yaml(component("billing", "team-a"), component("ledger", "team-a")));
    await startCatalog();
    const page = async () => jsonBodyText(await catalog.entities.json.queryEntities({}, SYSTEM));
    const before = await page();

    // A database from before stored entities, or a stitch that lost a race with a later change.
    await database.db.updateTable("catalog_entities").set({ final_entity: null }).execute();
    expect(JSON.parse(await page())).toEqual(JSON.parse(before));
    expect(relations(await served("team-a"))).toEqual(["ownerOf component:default/billing", "ownerOf component:default/ledger"]);

    await catalog.engine.drain();
    expect(await unstitched()).toEqual([]);
    expect(await page()).toBe(before);
  });
});
