import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { userCredentials, type Credentials } from "~/lib/auth/credentials";
import type { Entity } from "~/lib/catalog/entity";
import { entityRefKey } from "~/lib/catalog/entity-ref";
import { insertSearchRows } from "~/lib/catalog/store/entity-writer.server";
import { deleteEntityRows } from "~/lib/catalog/store/roots.server";
import type { Database } from "~/lib/db/schema";
import { createPermissionService } from "~/lib/permission/permission-service.server";
import { parsePermissionConfig } from "~/lib/permission/policy-config";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { highlightParts } from "./query";
import { createSearchService } from "./search-service.server";
import { pendingCatalogChanges, RANK_WINDOW } from "./search-store.server";

// The index on both engines, as its callers see it: what the collator picks
// up from the catalog (new, changed, deleted), what the docs pages add, the
// filters, paging and highlights of the query, and what a restricted caller
// may see.

const permissions = createPermissionService(
  parsePermissionConfig({
    enabled: true,
    policy: {
      roles: [
        { name: "readers", members: ["user:default/ada"], permissions: [{ permission: "catalog.entity.read", conditions: { rule: "IS_ENTITY_KIND", params: { kinds: ["API"] } } }] },
        { name: "admins", members: ["user:default/root"], permissions: [{ permission: "*" }] },
      ],
    },
  }),
);
const identity = (name: string) => ({ userEntityRef: `user:default/${name}`, ownershipEntityRefs: [`user:default/${name}`], provider: "custom" }) as never;
const root: Credentials = userCredentials(identity("root"));
const ada: Credentials = userCredentials(identity("ada"));
const nobody: Credentials = userCredentials(identity("nobody"));

function component(name: string, extra: { title?: string; description?: string; tags?: string[]; lifecycle?: string; kind?: string; owner?: string } = {}): Entity {
  return {
    apiVersion: "backstage.io/v1alpha1",
    kind: extra.kind ?? "Component",
    metadata: { name, namespace: "default", ...(extra.title ? { title: extra.title } : {}), ...(extra.description ? { description: extra.description } : {}), tags: extra.tags ?? [] },
    spec: { type: "service", lifecycle: extra.lifecycle ?? "production", owner: extra.owner ?? "group:default/team-a" },
  };
}

async function writeEntities(db: Kysely<Database>, entities: Entity[]): Promise<string[]> {
  const ids = entities.map(() => randomUUID());
  await db.transaction().execute(async (trx) => {
    for (const [index, entity] of entities.entries()) {
      const body = JSON.stringify(entity);
      const spec = entity.spec as Record<string, string>;
      await trx
        .insertInto("catalog_entities")
        .values({
          entity_id: ids[index],
          entity_ref: entityRefKey(entity),
          kind: entity.kind.toLowerCase(),
          namespace: "default",
          name: entity.metadata.name.toLowerCase(),
          spec_type: spec.type,
          spec_lifecycle: spec.lifecycle,
          spec_owner: spec.owner,
          parent_ref: null,
          root_source: "test",
          location_key: null,
          origin_key: null,
          body,
          errors: null,
          hash: createHash("sha1").update(body).digest("hex"),
          etag: randomUUID(),
          orphan: 0,
          next_refresh_at: null,
          lease_owner: null,
          lease_until: null,
          updated_at: Date.now(),
        })
        .execute();
    }
    await insertSearchRows(
      trx,
      entities.map((entity, index) => ({ id: ids[index], entity, relations: [] })),
    );
  });
  return ids;
}

async function updateEntity(db: Kysely<Database>, id: string, entity: Entity) {
  await db
    .updateTable("catalog_entities")
    .set({ body: JSON.stringify(entity), etag: randomUUID(), updated_at: Date.now() })
    .where("entity_id", "=", id)
    .execute();
}

const titles = (set: { results: Array<{ document: Record<string, unknown> }> }) => set.results.map((result) => result.document.title);

describe.each(TEST_ENGINES)("the search index on %s", (engine) => {
  const database = useMigratedDatabase(engine);
  const service = () => createSearchService({ db: database.db, permissions });

  it("indexes the catalog's entities as Backstage's collator documents, finds them by name, title, description, tags, owner and type", async () => {
    await writeEntities(database.db, [
      component("rent-ledger", { title: "Rent Ledger", description: "Keeps every tenant's payments", tags: ["accounting"] }),
      component("tenant-portal", { description: "Where tenants pay their rent", owner: "group:default/renters" }),
    ]);
    const search = service();
    expect(await search.collateCatalog()).toBe(2);
    expect(await pendingCatalogChanges(database.db)).toBe(0);

    const ledger = await search.query({ term: "ledger" }, { credentials: root });
    expect(ledger.results).toEqual([
      expect.objectContaining({
        type: "software-catalog",
        rank: 1,
        document: {
          title: "Rent Ledger",
          text: "Keeps every tenant's payments",
          location: "/catalog/default/component/rent-ledger",
          componentType: "service",
          type: "service",
          namespace: "default",
          kind: "Component",
          lifecycle: "production",
          owner: "group:default/team-a",
        },
      }),
    ]);
    expect(ledger.numberOfResults).toBe(1);
    const highlight = ledger.results[0].highlight!;
    expect(highlightParts(highlight.fields.title, highlight.preTag, highlight.postTag)).toEqual([
      { text: "Rent ", match: false },
      { text: "Ledger", match: true },
    ]);
    expect(titles(await search.query({ term: "accounting" }, { credentials: root }))).toEqual(["Rent Ledger"]);
    expect(titles(await search.query({ term: "renters" }, { credentials: root }))).toEqual(["tenant-portal"]);
    // Prefixes, several words (all must match), stems.
    expect(titles(await search.query({ term: "ten" }, { credentials: root }))).toHaveLength(2);
    expect(titles(await search.query({ term: "tenants portal" }, { credentials: root }))).toEqual(["tenant-portal"]);
    expect(titles(await search.query({ term: "payment" }, { credentials: root }))).toEqual(["Rent Ledger"]);
    // A long word is matched whole (and stemmed) first; one still being typed, as a prefix.
    expect(titles(await search.query({ term: "payments" }, { credentials: root }))).toEqual(["Rent Ledger"]);
    expect(titles(await search.query({ term: "paymen" }, { credentials: root }))).toEqual(["Rent Ledger"]);
    expect(titles(await search.query({ term: "accoun" }, { credentials: root }))).toEqual(["Rent Ledger"]);
    // The title ranks above the description.
    expect(titles(await search.query({ term: "rent" }, { credentials: root }))).toEqual(["Rent Ledger", "tenant-portal"]);
  });

  it("collates incrementally: only what changed since the last run, deletions removed", async () => {
    const [first, second] = await writeEntities(database.db, [component("alpha-service"), component("beta-service")]);
    const search = service();
    await search.collateCatalog();
    expect(await search.collateCatalog()).toBe(0);

    await updateEntity(database.db, first, component("alpha-service", { title: "Alpha Renamed" }));
    await database.db.transaction().execute((trx) => deleteEntityRows(trx, [second]));
    expect(await search.collateCatalog()).toBe(2);
    expect(titles(await search.query({ term: "service" }, { credentials: root }))).toEqual(["Alpha Renamed"]);
    expect((await search.query({ term: "beta" }, { credentials: root })).results).toEqual([]);
  });

  it("indexes docs pages per entity, replaces them on the next build, removes them", async () => {
    const search = service();
    const entity = { namespace: "default", kind: "Component", name: "Rent-Ledger", title: "Rent Ledger", owner: "group:default/team-a", lifecycle: "production" };
    await search.indexTechDocs(entity, [
      { path: "", title: "Overview", headings: ["Getting started"], text: "The ledger keeps <script>alert(1)</script> balances." },
      { path: "ops/deploy/", title: "Deploying", headings: ["Rollback"], text: "Deploy with the pipeline. ".repeat(30) + "Then reconcile the balances." },
    ]);
    const found = await search.query({ term: "balances", types: ["techdocs"] }, { credentials: root });
    expect(found.results.map((result) => result.document.location).sort()).toEqual(["/docs/default/component/rent-ledger/", "/docs/default/component/rent-ledger/ops/deploy/"]);
    expect(found.results[0]).toMatchObject({ type: "techdocs", document: { kind: "component", name: "rent-ledger", entityTitle: "Rent Ledger", owner: "group:default/team-a" } });
    const deploy = found.results.find((result) => result.document.path === "ops/deploy/")!;
    // The snippet is a window around the match, not the whole page.
    expect(deploy.highlight!.fields.text.length).toBeLessThan(400);
    expect(deploy.highlight!.fields.text).toContain(`${deploy.highlight!.preTag}balances${deploy.highlight!.postTag}`);
    expect(titles(await search.query({ term: "rollback" }, { credentials: root }))).toEqual(["Deploying"]);

    await search.indexTechDocs(entity, [{ path: "", title: "Overview", headings: [], text: "Rewritten." }]);
    expect((await search.query({ term: "balances" }, { credentials: root })).results).toEqual([]);
    await search.removeTechDocs("component:default/rent-ledger");
    expect((await search.query({ term: "overview" }, { credentials: root })).results).toEqual([]);
  });

  it("filters by type, kind and lifecycle, one of several values, unknown fields matching nothing", async () => {
    await writeEntities(database.db, [
      component("orders", { lifecycle: "production" }),
      component("orders-api", { kind: "API", lifecycle: "experimental" }),
      component("orders-legacy", { lifecycle: "deprecated" }),
    ]);
    const search = service();
    await search.collateCatalog();
    await search.indexTechDocs({ namespace: "default", kind: "Component", name: "orders", owner: "group:default/team-a", lifecycle: "production" }, [
      { path: "", title: "Orders handbook", headings: [], text: "" },
    ]);
    expect(titles(await search.query({ term: "orders", filters: { kind: "api" } }, { credentials: root }))).toEqual(["orders-api"]);
    expect((await search.query({ term: "orders", filters: { lifecycle: ["production", "experimental"] } }, { credentials: root })).numberOfResults).toBe(3);
    expect(titles(await search.query({ term: "orders", types: ["software-catalog"], filters: { lifecycle: "production" } }, { credentials: root }))).toEqual(["orders"]);
    expect(titles(await search.query({ term: "", types: ["techdocs"] }, { credentials: root }))).toEqual(["Orders handbook"]);
    expect((await search.query({ term: "orders", filters: { color: "blue" } }, { credentials: root })).results).toEqual([]);
  });

  it("ranks a word in the title first, then in the keywords, then in the text alone", async () => {
    await writeEntities(database.db, [component("alpha", { description: "Winds from the zephyr side" }), component("beta", { tags: ["zephyr"] }), component("gamma", { title: "Zephyrs Gamma" })]);
    const search = service();
    await search.collateCatalog();
    expect(titles(await search.query({ term: "zephyr" }, { credentials: root }))).toEqual(["Zephyrs Gamma", "beta", "alpha"]);
    expect(titles(await search.query({ term: "zeph" }, { credentials: root }))).toEqual(["Zephyrs Gamma", "beta", "alpha"]);
  });

  it("filters on one result type whichever was indexed first", async () => {
    const search = service();
    await search.indexTechDocs({ namespace: "default", kind: "Component", name: "early", owner: "group:default/team-a", lifecycle: "production" }, [
      { path: "", title: "Early runbook", headings: [], text: "deploy" },
    ]);
    await writeEntities(database.db, [component("deploy-tool", { description: "deploy" })]);
    await search.collateCatalog();
    await search.indexTechDocs({ namespace: "default", kind: "Component", name: "deploy-tool", owner: "group:default/team-a", lifecycle: "production" }, [
      { path: "", title: "Late runbook", headings: [], text: "deploy" },
    ]);
    expect(titles(await search.query({ term: "deploy", types: ["techdocs"] }, { credentials: root })).sort()).toEqual(["Early runbook", "Late runbook"]);
    expect(titles(await search.query({ term: "deploy", types: ["techdocs"], filters: { kind: "component" } }, { credentials: root })).sort()).toEqual(["Early runbook", "Late runbook"]);
    expect(titles(await search.query({ term: "deploy", types: ["software-catalog"] }, { credentials: root }))).toEqual(["deploy-tool"]);
    expect(titles(await search.query({ term: "", types: ["techdocs"] }, { credentials: root })).sort()).toEqual(["Early runbook", "Late runbook"]);
    expect((await search.query({ term: "deploy" }, { credentials: root })).numberOfResults).toBe(3);
  });

  it("shows a restricted caller only the entities it may read, and their docs", async () => {
    await writeEntities(database.db, [component("billing"), component("billing-api", { kind: "API" })]);
    const search = service();
    await search.collateCatalog();
    for (const name of ["billing", "billing-api"]) {
      await search.indexTechDocs({ namespace: "default", kind: name === "billing" ? "Component" : "API", name, owner: "group:default/team-a", lifecycle: "production" }, [
        { path: "", title: `${name} docs`, headings: [], text: "billing" },
      ]);
    }
    expect((await search.query({ term: "billing" }, { credentials: root })).numberOfResults).toBe(4);
    const mine = await search.query({ term: "billing" }, { credentials: ada });
    expect(titles(mine).sort()).toEqual(["billing-api", "billing-api docs"]);
    expect(mine.numberOfResults).toBe(2);
    expect(await search.query({ term: "billing" }, { credentials: nobody })).toEqual({ results: [], numberOfResults: 0 });
  });

  it("pages with Backstage's cursors across the ranking windows, every match once", async () => {
    const count = RANK_WINDOW + 30;
    const entities = Array.from({ length: count }, (_, index) => component(`svc-${String(index).padStart(5, "0")}`, { description: index % 7 === 0 ? "common common" : "common" }));
    await writeEntities(database.db, entities);
    const search = service();
    await search.collateCatalog();
    const first = await search.query({ term: "common", pageLimit: 100 }, { credentials: root });
    expect(first.results).toHaveLength(100);
    expect(first.nextPageCursor).toBe(Buffer.from("1").toString("base64"));
    expect(first.previousPageCursor).toBeUndefined();
    expect(first.numberOfResults).toBe(count);
    const seen = new Set(first.results.map((result) => result.document.title));
    let cursor = first.nextPageCursor;
    let pages = 1;
    while (cursor) {
      const page = await search.query({ term: "common", pageLimit: 100, pageCursor: cursor }, { credentials: root });
      expect(page.previousPageCursor).toBe(Buffer.from(String(pages - 1)).toString("base64"));
      expect(page.results[0].rank).toBe(pages * 100 + 1);
      for (const result of page.results) seen.add(result.document.title);
      cursor = page.nextPageCursor;
      pages++;
    }
    expect(pages).toBe(Math.ceil(count / 100));
    expect(seen.size).toBe(count);
  });

  it("refuses bad parameters as Backstage does", async () => {
    const search = service();
    await expect(search.query({ term: "x".repeat(101) }, { credentials: root })).rejects.toThrow('The term length "101" is greater than "100"');
    await expect(search.query({ term: "x", pageLimit: 101 }, { credentials: root })).rejects.toThrow('The page limit "101" is greater than "100"');
    await expect(search.query({ term: "x", pageCursor: "not a cursor!" }, { credentials: root })).rejects.toMatchObject({ name: "InputError" });
  });
});
