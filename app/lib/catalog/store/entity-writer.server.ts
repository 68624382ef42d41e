import { createHash, randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { ensureNewUidsSortLast, newEntityUid } from "./uid.server";
import type { Entity, EntityStatusItem } from "../entity";
import { deleteFullTextRows, insertFullTextRows } from "./full-text.server";
import { buildSearchRows } from "./search-rows";
import { catalogTransaction, markUnstitched, stitch, unstitched, yieldToRequests } from "./stitch.server";
import { deleteRelationRows } from "./relation-edges.server";
import { insertValues } from "../../db/insert-values.server";

// Writes what processing one Location entity produced, in one transaction:
// new and changed entities with their relations and search rows, orphans for
// what it no longer emits, conflicts as errors, and its own next refresh.
// The stored body never holds uid or etag: they are columns, stitched into
// the entity's final text (stitch.server.ts) before the transaction commits.

/**
 * A relation and its reverse, stored as one row (relation-edges.server.ts): the
 * keys are lower-cased refs, the displays as clients read them (kind and
 * namespace lower-cased, the name as written).
 */
export type DerivedRelation = { sourceKey: string; sourceDisplay: string; type: string; reverseType: string; targetKey: string; targetDisplay: string };

export type EmittedEntity = {
  entity: Entity;
  key: string;
  kind: string;
  relations: DerivedRelation[];
  locationKey: string;
  originKey: string;
  /** Errors about this entity that keep its previous version (e.g. a relation that does not parse). */
  errors?: EntityStatusItem[];
};

/**
 * The processing lease on the Location entity being written (processing-engine):
 * a write goes in only while its owner still holds it, and renews it.
 */
export type HeldLease = { owner: string; until: number };

/** The process lost its lease on the location (it stalled past the lease, and another process took the location over). */
export class LeaseLostError extends Error {
  constructor(entityRef: string) {
    super(`No longer holds the processing lease on ${entityRef}`);
    this.name = "LeaseLostError";
  }
}

/** What one target (one file) of a Location entity produced. */
export type TargetOutput = {
  /** The Location entity that was processed. */
  parentKey: string;
  lease: HeldLease;
  /** The target's location ref: the managed-by-location of what it emits. */
  scopeKey: string;
  emitted: EmittedEntity[];
  /** Errors for existing entities whose new version could not be taken. */
  keptWithErrors: Map<string, EntityStatusItem[]>;
  now: number;
};

export type WriteSummary = { inserted: number; updated: number; orphaned: number; conflicts: number };

const BATCH_ROWS = 500;

/** The columns the writer's inserts fill; the others keep their defaults. */
const ENTITY_COLUMNS = [
  "entity_id",
  "entity_ref",
  "kind",
  "namespace",
  "name",
  "spec_type",
  "spec_lifecycle",
  "spec_owner",
  "location_key",
  "origin_key",
  "body",
  "hash",
  "parent_ref",
  "root_source",
  "errors",
  "etag",
  "orphan",
  "lease_owner",
  "lease_until",
  "updated_at",
  "next_refresh_at",
] as const;
const RELATION_COLUMNS = ["originating_entity_id", "source_ref", "source_display", "type", "reverse_type", "target_ref", "target_display"] as const;
const SEARCH_COLUMNS = ["entity_id", "key", "value", "original_value"] as const;

/**
 * Writes one target's entities in one transaction: new and changed ones,
 * orphans for what the target no longer emits. Returns the conflicts as
 * errors for the Location entity.
 */
export async function writeTargetOutput(db: Kysely<Database>, output: TargetOutput): Promise<{ summary: WriteSummary; errors: EntityStatusItem[] }> {
  const result = await catalogTransaction(db, (trx) => writeInTransaction(trx, output));
  if (result.changed) await bumpGeneration(db);
  return result;
}

async function writeInTransaction(trx: Transaction<Database>, output: TargetOutput): Promise<{ summary: WriteSummary; errors: EntityStatusItem[]; changed: boolean }> {
  const { parentKey, now } = output;
  await renewHeldLease(trx, parentKey, output.lease);
  const summary: WriteSummary = { inserted: 0, updated: 0, orphaned: 0, conflicts: 0 };
  const parentErrors: EntityStatusItem[] = [];

  const children = new Map(
    (
      await trx.selectFrom("catalog_entities").select(["entity_id", "entity_ref", "hash", "errors", "orphan"]).where("parent_ref", "=", parentKey).where("location_key", "=", output.scopeKey).execute()
    ).map((row) => [row.entity_ref, row]),
  );
  const emittedKeys = output.emitted.map((item) => item.key).filter((key) => !children.has(key));
  const others = new Map<string, { entity_id: string; parent_ref: string | null; orphan: number; location_key: string | null }>();
  for (const chunk of chunks(emittedKeys, BATCH_ROWS)) {
    const rows = await trx.selectFrom("catalog_entities").select(["entity_id", "entity_ref", "parent_ref", "orphan", "location_key"]).where("entity_ref", "in", chunk).execute();
    for (const row of rows) others.set(row.entity_ref, row);
  }

  const changed: Array<{ id: string; item: EmittedEntity }> = [];
  const seen = new Set<string>();
  const inserts: Array<Insertable<Database["catalog_entities"]>> = [];
  /** Entities this transaction writes, to stitch before it commits. */
  const touched = new Set<string>();
  for (const item of output.emitted) {
    if (seen.has(item.key)) {
      parentErrors.push(processingError("ConflictError", `Detected duplicate entity ${item.key} in ${item.locationKey}; the first one is kept`));
      continue;
    }
    seen.add(item.key);
    const body = JSON.stringify(item.entity);
    const hash = createHash("sha1").update(body).digest("hex");
    const existing = children.get(item.key);
    // A Location's errors are written by its own processing, not by its parent's.
    const errors = item.kind === "location" && existing ? existing.errors : item.errors?.length ? JSON.stringify(item.errors) : null;
    if (existing) {
      if (existing.hash === hash && existing.errors === errors && !existing.orphan) continue;
      await trx
        .updateTable("catalog_entities")
        .set({ ...columnsOf(item, body, hash), errors, orphan: 0, etag: newEtag(), updated_at: now, ...unstitched(), ...(existing.hash === hash ? {} : locationQueue(item, now)) })
        .where("entity_id", "=", existing.entity_id)
        .execute();
      changed.push({ id: existing.entity_id, item });
      summary.updated++;
      continue;
    }
    const other = others.get(item.key);
    // Emitted by the same Location from another of its files: the entity moved, it is no conflict.
    if (other && !other.orphan && other.parent_ref !== parentKey) {
      summary.conflicts++;
      parentErrors.push(
        processingError(
          "ConflictError",
          `Detected conflicting entityRef ${item.key} already referenced by ${other.location_key ?? other.parent_ref ?? "another location"} and now also ${item.locationKey}`,
        ),
      );
      continue;
    }
    if (other) {
      // An orphan that a location emits again is adopted by it, as is an entity moved between its files.
      await trx
        .updateTable("catalog_entities")
        .set({ ...columnsOf(item, body, hash), parent_ref: parentKey, root_source: null, errors, orphan: 0, etag: newEtag(), updated_at: now, ...unstitched(), ...locationQueue(item, now) })
        .where("entity_id", "=", other.entity_id)
        .execute();
      changed.push({ id: other.entity_id, item });
      summary.updated++;
      continue;
    }
    // Only a transaction that inserts looks up the catalog's largest uid: most refreshes insert nothing.
    if (inserts.length === 0) await ensureNewUidsSortLast(trx);
    const id = newEntityUid();
    inserts.push({
      entity_id: id,
      ...columnsOf(item, body, hash),
      parent_ref: parentKey,
      root_source: null,
      errors,
      etag: newEtag(),
      orphan: 0,
      lease_owner: null,
      lease_until: null,
      updated_at: now,
      next_refresh_at: item.kind === "location" ? now : null,
    });
    changed.push({ id, item });
    summary.inserted++;
  }
  // Another replica may have inserted the same ref since we looked: the
  // database decides who was first, and the loser records a conflict.
  const inserted = new Set<string>();
  for (const chunk of chunks(inserts, BATCH_ROWS)) {
    const rows = await insertValues<"catalog_entities", { entity_id: string }>(trx, "catalog_entities", ENTITY_COLUMNS, chunk, 'ON CONFLICT ("entity_ref") DO NOTHING RETURNING "entity_id"');
    for (const row of rows) inserted.add(row.entity_id);
    await yieldToRequests();
  }
  for (const row of inserts) {
    if (inserted.has(row.entity_id)) continue;
    const index = changed.findIndex((entry) => entry.id === row.entity_id);
    const [lost] = changed.splice(index, 1);
    summary.inserted--;
    summary.conflicts++;
    parentErrors.push(processingError("ConflictError", `Detected conflicting entityRef ${lost.item.key} already referenced by another location and now also ${lost.item.locationKey}`));
  }

  for (const [key, errors] of output.keptWithErrors) {
    const child = children.get(key);
    if (!child) continue;
    seen.add(key);
    const serialized = JSON.stringify(errors);
    if (child.errors !== serialized) {
      await trx
        .updateTable("catalog_entities")
        .set({ errors: serialized, etag: newEtag(), updated_at: now, ...unstitched() })
        .where("entity_id", "=", child.entity_id)
        .execute();
      touched.add(key);
    }
  }

  for (const { item } of changed) touched.add(item.key);
  await replaceDerivedRows(trx, changed, inserted, touched);

  const gone = [...children.values()].filter((child) => !seen.has(child.entity_ref) && !child.orphan);
  for (const chunk of chunks(gone, BATCH_ROWS)) {
    await trx
      .updateTable("catalog_entities")
      .set({ orphan: 1, etag: newEtag(), updated_at: now, next_refresh_at: null, ...unstitched() })
      .where(
        "entity_id",
        "in",
        chunk.map((child) => child.entity_id),
      )
      .execute();
    for (const child of chunk) touched.add(child.entity_ref);
  }
  summary.orphaned = gone.length;
  await stitch(trx, touched);

  return { summary, errors: parentErrors, changed: summary.inserted + summary.updated + summary.orphaned > 0 || output.keptWithErrors.size > 0 };
}

/**
 * Ends the processing of a Location entity: entities of targets it no longer
 * lists become orphans (those of targets that could not be read stay as they
 * are), its own errors are stored, and its next refresh is scheduled.
 */
export async function finishLocation(
  db: Kysely<Database>,
  input: { parentKey: string; lease: HeldLease; targetKeys: string[]; errors: EntityStatusItem[]; now: number; nextRefreshAt: number },
): Promise<number> {
  const errors = input.errors.length ? JSON.stringify(input.errors) : null;
  const { orphaned, changed } = await catalogTransaction(db, async (trx) => {
    await renewHeldLease(trx, input.parentKey, input.lease);
    let query = trx
      .updateTable("catalog_entities")
      .set({ orphan: 1, etag: newEtag(), updated_at: input.now, next_refresh_at: null, ...unstitched() })
      .where("parent_ref", "=", input.parentKey)
      .where("orphan", "=", 0);
    if (input.targetKeys.length) query = query.where((eb) => eb.or([eb("location_key", "is", null), eb("location_key", "not in", input.targetKeys)]));
    const orphans = await query.returning("entity_ref").execute();
    const parent = await trx.selectFrom("catalog_entities").select("errors").where("entity_ref", "=", input.parentKey).executeTakeFirst();
    await trx
      .updateTable("catalog_entities")
      .set({
        errors,
        ...(parent?.errors === errors ? {} : { etag: newEtag(), updated_at: input.now, ...unstitched() }),
        next_refresh_at: input.nextRefreshAt,
        lease_owner: null,
        lease_until: null,
      })
      .where("entity_ref", "=", input.parentKey)
      .execute();
    await stitch(trx, [...orphans.map((row) => row.entity_ref), input.parentKey]);
    const count = orphans.length;
    return { orphaned: count, changed: count > 0 || parent?.errors !== errors };
  });
  if (changed) await bumpGeneration(db);
  return orphaned;
}

/**
 * Renews the lease as the transaction's first write, or throws when it is no
 * longer ours: a lapsed lease is still ours until another process claims it,
 * which makes the claim its own. On PostgreSQL the row stays locked until the transaction
 * ends, so another process cannot take the location over in between: its
 * claim waits, then finds the lease renewed.
 */
async function renewHeldLease(trx: Transaction<Database>, entityRef: string, lease: HeldLease) {
  const result = await trx.updateTable("catalog_entities").set({ lease_until: lease.until }).where("entity_ref", "=", entityRef).where("lease_owner", "=", lease.owner).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new LeaseLostError(entityRef);
}

/**
 * Marks the catalog as changed, for caches keyed by its generation. Called
 * after the change commits, outside its transaction: a result computed in
 * between is cached under the old generation, which is already superseded,
 * and concurrent writers never wait on this row's lock.
 */
export async function bumpGeneration(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable("catalog_generation")
    .set((eb) => ({ generation: eb("generation", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

/**
 * Relations, search and full-text rows follow the entity. An entity that
 * gains or loses a relation (the target of one written here, which shows its
 * reverse) shows it, so its final text is cleared; the processing task's sweep
 * stitches it (stitch.server.ts), once for all the transactions that touched
 * it, and reads assemble it until then. Its etag folds its relations in
 * (entity-reader).
 */
async function replaceDerivedRows(trx: Transaction<Database>, changed: Array<{ id: string; item: EmittedEntity }>, fresh: Set<string>, touched: Set<string>) {
  if (changed.length === 0) return;
  const stale = changed.filter((entry) => !fresh.has(entry.id)).map((entry) => entry.id);
  const related = new Set<string>();
  for (const chunk of chunks(stale, BATCH_ROWS)) {
    for (const ref of await deleteRelationRows(trx, chunk)) related.add(ref);
    await deleteFullTextRows(trx, chunk);
    await trx.deleteFrom("catalog_search").where("entity_id", "in", chunk).execute();
    await yieldToRequests();
  }

  const relationRows = changed.flatMap(({ id, item }) =>
    item.relations.map((relation) => ({
      originating_entity_id: id,
      source_ref: relation.sourceKey,
      source_display: relation.sourceDisplay,
      type: relation.type,
      reverse_type: relation.reverseType,
      target_ref: relation.targetKey,
      target_display: relation.targetDisplay,
    })),
  );
  for (const chunk of chunks(relationRows, BATCH_ROWS)) {
    await insertValues(trx, "catalog_relations", RELATION_COLUMNS, chunk);
    await yieldToRequests();
  }
  for (const row of relationRows) related.add(row.source_ref).add(row.target_ref);
  await markUnstitched(
    trx,
    [...related].filter((ref) => !touched.has(ref)),
  );

  // relations.* filters and facets read the relation rows (relation-edges.server.ts), not search rows.
  await insertSearchRows(
    trx,
    changed.map(({ id, item }) => ({ id, entity: item.entity })),
  );
}

/** The search and full-text rows of entities whose old rows are already gone. */
export async function insertSearchRows(trx: Transaction<Database>, entities: Array<{ id: string; entity: Entity }>) {
  const rowsOf = entities.map(({ id, entity }) => buildSearchRows({ ...entity, metadata: { ...entity.metadata, uid: id } }, []).map((row) => ({ entity_id: id, ...row })));
  // In index order, so each batch touches neighbouring pages of the (key, value) index.
  const searchRows = rowsOf.flat().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : (a.value ?? "") < (b.value ?? "") ? -1 : 1));
  for (const chunk of chunks(searchRows, BATCH_ROWS * 2)) {
    await insertValues(trx, "catalog_search", SEARCH_COLUMNS, chunk);
    await yieldToRequests();
  }
  // An entity's full-text rows go in together: on SQLite they are one row.
  for (const chunk of chunks(rowsOf, BATCH_ROWS)) {
    await insertFullTextRows(trx, chunk.flat());
    await yieldToRequests();
  }
}

function columnsOf(item: EmittedEntity, body: string, hash: string) {
  const spec = (item.entity.spec ?? {}) as Record<string, unknown>;
  const lower = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : null);
  const [kind, rest] = item.key.split(":");
  const [namespace, ...name] = rest.split("/");
  return {
    entity_ref: item.key,
    kind,
    namespace,
    name: name.join("/"),
    spec_type: lower(spec.type),
    spec_lifecycle: lower(spec.lifecycle),
    spec_owner: lower(spec.owner),
    location_key: item.locationKey,
    origin_key: item.originKey,
    body,
    hash,
  };
}

/** A Location entity that is new or changed is due for processing at once. */
function locationQueue(item: EmittedEntity, now: number) {
  return item.kind === "location" ? { next_refresh_at: now } : {};
}

export function processingError(name: string, message: string): EntityStatusItem {
  return { type: "backstage.io/catalog-processing", level: "error", message: `${name}: ${message}`, error: { name, message } };
}

export function newEtag(): string {
  return randomUUID().replaceAll("-", "");
}

export function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
