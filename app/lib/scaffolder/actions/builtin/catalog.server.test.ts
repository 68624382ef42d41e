import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { dropTestDatabase, TEST_ENGINES, testDatabaseConfig, type TestDatabaseConfig } from "../../../../../tests/support/databases";
import { userCredentials } from "../../../auth/credentials";
import { GUEST_IDENTITY } from "../../../auth/identity";
import { createCatalog, type Catalog } from "../../../catalog/catalog.server";
import { configSchema } from "../../../config/schema";
import { openDatabase, type AtriumDatabase } from "../../../db/client.server";
import { migrateToLatest } from "../../../db/migrate.server";
import { createScheduler } from "../../../scheduler/scheduler.server";
import { createLocationReader } from "../../../catalog/processing/readers.server";
import { actionRun } from "../action-context.test-support";
import { createCatalogRegisterAction } from "./catalog-register.server";
import { createFetchCatalogEntityAction } from "./catalog-fetch.server";
import { createCatalogWriteAction } from "./catalog-write.server";

// The catalog actions against a real catalog (SQLite and PostgreSQL): the
// catalog file a new repository would hold is served from a source host on
// 127.0.0.1 that the catalog is allowed to read.

const silent = pino({ level: "silent" });
const documents = [
  { apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "team-a" }, spec: { type: "team", children: [] } },
  { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "ledger" }, spec: { type: "service", owner: "group:default/team-a", lifecycle: "production" } },
];
const newComponent = [
  "apiVersion: backstage.io/v1alpha1",
  "kind: Component",
  "metadata:",
  "  name: fresh-service",
  "spec:",
  "  type: service",
  "  owner: group:default/team-a",
  "  lifecycle: experimental",
].join("\n");

describe.each(TEST_ENGINES)("the catalog actions on %s", (engine) => {
  let server: Server;
  let host: string;
  let dir: string;
  let dbConfig: TestDatabaseConfig;
  let database: AtriumDatabase;
  let catalog: Catalog;
  let restricted: Catalog;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/acme/fresh-service/blob/main/catalog-info.yaml") response.writeHead(200).end(newComponent);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(tmpdir(), "atrium-catalog-actions-"));
    writeFileSync(path.join(dir, "all.yaml"), documents.map((document) => JSON.stringify(document)).join("\n---\n"));
    dbConfig = testDatabaseConfig(engine);
    database = await openDatabase(dbConfig as never, dir);
    await migrateToLatest(database);
    const config = (permission?: object) =>
      configSchema.parse({
        app: { baseUrl: "http://localhost:7007" },
        backend: { reading: { allow: [{ host }] } },
        catalog: { locations: [{ type: "file", target: "./all.yaml" }], rules: [{ allow: ["Component", "Group", "Location"] }], processingInterval: false },
        ...(permission ? { permission } : {}),
      });
    const scheduler = createScheduler({ db: database.db, logger: silent }).forPlugin("catalog");
    catalog = createCatalog({ db: database.db, config: config(), rootDir: dir, logger: silent, scheduler });
    await catalog.start();
    await catalog.engine.drain();
    // Everyone may read the catalog; no one may register a location.
    restricted = createCatalog({
      db: database.db,
      config: config({ enabled: true, policy: { roles: [{ name: "readers", members: ["*"], permissions: [{ permission: "catalog.entity.read" }] }] } }),
      rootDir: dir,
      logger: silent,
      scheduler: createScheduler({ db: database.db, logger: silent }).forPlugin("catalog"),
    });
  });
  afterAll(async () => {
    await database?.destroy();
    await dropTestDatabase(dbConfig);
    rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const reader = () => createLocationReader({ readingAllow: [{ host }] });

  it("catalog:register registers the repository's catalog file, outputs its entity, and the catalog ingests it", async () => {
    const run = await actionRun();
    const action = createCatalogRegisterAction({ locations: catalog.locations, reader: reader() });
    await run.run(action, { repoContentsUrl: `http://${host}/acme/fresh-service/blob/main`, catalogInfoPath: "/catalog-info.yaml" });
    const catalogInfoUrl = `http://${host}/acme/fresh-service/blob/main/catalog-info.yaml`;
    expect(run.outputs).toEqual({ entityRef: "component:default/fresh-service", catalogInfoUrl });
    expect(run.logs.map((line) => line.message)).toContain(`Registering ${catalogInfoUrl} in the catalog`);
    expect((await catalog.locations.list({ credentials: userCredentials(GUEST_IDENTITY) })).map((location) => location.target)).toContain(catalogInfoUrl);
    await catalog.engine.drain();
    expect((await catalog.entities.entityByRef("component:default/fresh-service", { credentials: userCredentials(GUEST_IDENTITY) }))?.spec?.lifecycle).toBe("experimental");

    // Registering it again fails, unless the location is optional.
    const again = await actionRun("task-2");
    await expect(again.run(action, { catalogInfoUrl })).rejects.toThrow(/already exists/);
    await again.run(action, { catalogInfoUrl, optional: true });
    expect(again.outputs).toEqual({ entityRef: "component:default/fresh-service", catalogInfoUrl });
  });

  it("catalog:register acts with the task initiator's permissions and reads only configured hosts", async () => {
    const run = await actionRun();
    const denied = createCatalogRegisterAction({ locations: restricted.locations, reader: reader() });
    await expect(run.run(denied, { catalogInfoUrl: `http://${host}/acme/other/blob/main/catalog-info.yaml` })).rejects.toMatchObject({ name: "NotAllowedError" });
    const action = createCatalogRegisterAction({ locations: catalog.locations, reader: reader() });
    await expect(run.run(action, { repoContentsUrl: "https://google.com/foo/bar" })).rejects.toThrow("No integration found for host https://google.com/foo/bar");
    await expect(run.run(action, { catalogInfoUrl: "http://169.254.169.254/latest/meta-data" })).rejects.toThrow(/neither a configured integration/);
    // A location whose file is missing fails the step, unless optional; then only the URL is output.
    await expect(run.run(action, { catalogInfoUrl: `http://${host}/acme/missing/blob/main/catalog-info.yaml` })).rejects.toThrow(/not found/);
    const optional = await actionRun("task-3");
    await optional.run(action, { catalogInfoUrl: `http://${host}/acme/gone/blob/main/catalog-info.yaml`, optional: true });
    expect(optional.outputs).toEqual({ catalogInfoUrl: `http://${host}/acme/gone/blob/main/catalog-info.yaml` });
  });

  it("catalog:fetch reads one entity or several with defaults, and fails on a missing one unless optional", async () => {
    const action = createFetchCatalogEntityAction({ entities: catalog.entities });
    const run = await actionRun();
    await run.run(action, { entityRef: "ledger", defaultKind: "Component" });
    expect(run.outputs.entity).toMatchObject({ kind: "Component", metadata: { name: "ledger" } });
    await run.run(action, { entityRefs: ["group:team-a", "component:default/nope"], optional: true });
    expect(run.outputs.entities).toEqual([expect.objectContaining({ kind: "Group", metadata: expect.objectContaining({ name: "team-a" }) }), null]);
    await expect(run.run(action, { entityRef: "component:default/nope" })).rejects.toThrow("Entity component:default/nope not found");
    await expect(run.run(action, { entityRefs: ["group:default/team-a", "group:default/nope"] })).rejects.toThrow("Entity group:default/nope not found");
    await expect(run.run(action, {})).rejects.toThrow("Missing entity reference or references");
    const nothing = await actionRun("task-2");
    await nothing.run(action, { optional: true });
    expect(nothing.outputs).toEqual({});
    // The initiator's read permission applies: what they may not read is not found.
    const unreadable = createFetchCatalogEntityAction({
      entities: createCatalog({
        db: database.db,
        config: configSchema.parse({ app: { baseUrl: "http://localhost:7007" }, catalog: { processingInterval: false }, permission: { enabled: true, policy: { roles: [] } } }),
        rootDir: dir,
        logger: silent,
        scheduler: createScheduler({ db: database.db, logger: silent }).forPlugin("catalog"),
      }).entities,
    });
    await expect(run.run(unreadable, { entityRef: "component:default/ledger" })).rejects.toThrow("Entity component:default/ledger not found");
  });
});

describe("catalog:write", () => {
  it("writes the entity as YAML, annotated with the template it came from, at filePath inside the workspace", async () => {
    const run = await actionRun();
    const entity = { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "svc", annotations: { "github.com/project-slug": "acme/svc" } }, spec: { type: "service" } };
    await run.run(createCatalogWriteAction(), { entity }, { templateInfo: { entityRef: "template:default/node-service" } });
    expect(parse(await readFile(path.join(run.workspace.path, "catalog-info.yaml"), "utf8"))).toEqual({
      ...entity,
      metadata: { name: "svc", annotations: { "github.com/project-slug": "acme/svc", "backstage.io/source-template": "template:default/node-service" } },
    });
    await run.run(createCatalogWriteAction(), { entity, filePath: "deploy/catalog.yaml" });
    expect(parse(await readFile(path.join(run.workspace.path, "deploy/catalog.yaml"), "utf8"))).toEqual(entity);
    await expect(run.run(createCatalogWriteAction(), { entity, filePath: "../catalog-info.yaml" })).rejects.toThrow("Path '../catalog-info.yaml' is outside the workspace");
  });
});
