import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { ensureNewUidsSortLast, newEntityUid } from "./uid.server";
import { ConflictError, NotFoundError } from "../../errors";
import { ANNOTATION_LOCATION, ANNOTATION_ORIGIN_LOCATION, type Entity } from "../entity";
import { stringifyLocationRef, type LocationSpec } from "../location-ref";
import { bumpGeneration, chunks, insertSearchRows, newEtag } from "./entity-writer.server";
import { deleteFullTextRows } from "./full-text.server";
import { deleteRelationRows } from "./relation-edges.server";
import { catalogTransaction, markUnstitched, stitch, unstitched } from "./stitch.server";

// Roots of the catalog: every location from config or the API is a Location
// entity named generated-<sha1 of its ref>, as in Backstage, so an entity's
// ancestry always ends at a Location. Processing starts from these.

export const CONFIG_ROOT = "config";

export type StoredLocation = { id: string; type: string; target: string; entityRef: string };

export function rootLocationEntity(location: LocationSpec): Entity {
  const ref = stringifyLocationRef(location);
  return {
    apiVersion: "backstage.io/v1alpha1",
    kind: "Location",
    metadata: {
      name: `generated-${createHash("sha1").update(ref).digest("hex")}`,
      namespace: "default",
      annotations: { [ANNOTATION_LOCATION]: ref, [ANNOTATION_ORIGIN_LOCATION]: ref },
    },
    spec: { type: location.type, target: location.target, presence: "required" },
  };
}

export function rootEntityKey(location: LocationSpec): string {
  return `location:default/${rootLocationEntity(location).metadata.name}`;
}

/** Makes the config roots exactly the configured locations; roots dropped from config leave orphans behind. */
export async function syncConfigRoots(db: Kysely<Database>, locations: LocationSpec[], now: number): Promise<void> {
  const wanted = new Map(locations.map((location) => [rootEntityKey(location), location]));
  const configRoots = (q: Kysely<Database> | Transaction<Database>) => configRootsQuery(q).execute();
  // Every worker and replica starts here. When config is unchanged it writes
  // nothing: a worker starting while another ingests would otherwise wait for
  // SQLite's write lock (and fail after the busy timeout), and each start
  // would move the generation on, emptying the caches keyed by it.
  const stored = await configRoots(db);
  if (stored.length === wanted.size && stored.every((row) => wanted.has(row.entity_ref))) return;
  await changeCatalog(db, async (trx) => {
    const current = await configRoots(trx);
    for (const row of current) if (!wanted.has(row.entity_ref)) await removeRoot(trx, row.entity_ref, now);
    const existing = new Set(current.map((row) => row.entity_ref));
    for (const [key, location] of wanted) if (!existing.has(key)) await insertRoot(trx, location, CONFIG_ROOT, now);
  });
}

/** The config roots, read through their own small index (migration 0016). */
export function configRootsQuery(q: Kysely<Database> | Transaction<Database>) {
  return q.selectFrom("catalog_entities").select(["entity_ref"]).where("root_source", "=", CONFIG_ROOT);
}

export async function addLocation(db: Kysely<Database>, location: LocationSpec, now: number): Promise<StoredLocation> {
  return changeCatalog(db, async (trx) => {
    const duplicate = await trx.selectFrom("catalog_locations").select("id").where("type", "=", location.type).where("target", "=", location.target).executeTakeFirst();
    const key = rootEntityKey(location);
    const configured = await trx.selectFrom("catalog_entities").select("entity_id").where("entity_ref", "=", key).executeTakeFirst();
    if (duplicate || configured) throw new ConflictError(`Location ${stringifyLocationRef(location)} already exists`);
    const id = newEntityUid();
    await trx.insertInto("catalog_locations").values({ id, type: location.type, target: location.target, entity_ref: key, created_at: now }).execute();
    await insertRoot(trx, location, id, now);
    return { id, ...location, entityRef: key };
  });
}

export async function removeLocation(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await changeCatalog(db, async (trx) => {
    const location = await trx.selectFrom("catalog_locations").selectAll().where("id", "=", id).executeTakeFirst();
    if (!location) throw new NotFoundError(`Found no location with ID ${id}`);
    await trx.deleteFrom("catalog_locations").where("id", "=", id).execute();
    await removeRoot(trx, location.entity_ref, now);
  });
}

/** Points a registered location at a new target; its Location entity keeps its name and is processed again. */
export async function updateLocation(db: Kysely<Database>, id: string, location: LocationSpec, now: number): Promise<StoredLocation> {
  return changeCatalog(db, async (trx) => {
    const row = await trx.selectFrom("catalog_locations").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError(`Found no location with ID ${id}`);
    const duplicate = await trx.selectFrom("catalog_locations").select("id").where("type", "=", location.type).where("target", "=", location.target).where("id", "!=", id).executeTakeFirst();
    if (duplicate) throw new ConflictError(`Location ${stringifyLocationRef(location)} already exists`);
    await trx.updateTable("catalog_locations").set({ type: location.type, target: location.target }).where("id", "=", id).execute();
    const entity = rootLocationEntity(location);
    entity.metadata.name = row.entity_ref.slice("location:default/".length);
    const body = JSON.stringify(entity);
    const ref = stringifyLocationRef(location);
    const updated = await trx
      .updateTable("catalog_entities")
      .set({
        body,
        hash: createHash("sha1").update(body).digest("hex"),
        location_key: ref,
        origin_key: ref,
        spec_type: location.type.toLowerCase(),
        etag: newEtag(),
        updated_at: now,
        next_refresh_at: now,
        ...unstitched(),
      })
      .where("entity_ref", "=", row.entity_ref)
      .returning("entity_id")
      .executeTakeFirst();
    if (updated) {
      await deleteFullTextRows(trx, [updated.entity_id]);
      await trx.deleteFrom("catalog_search").where("entity_id", "=", updated.entity_id).execute();
      await insertSearchRows(trx, [{ id: updated.entity_id, entity }]);
      await stitch(trx, [row.entity_ref]);
    }
    return toStoredLocation({ ...row, ...location });
  });
}

export async function listLocations(db: Kysely<Database>): Promise<StoredLocation[]> {
  const rows = await db.selectFrom("catalog_locations").selectAll().orderBy("created_at").orderBy("id").execute();
  return rows.map(toStoredLocation);
}

export async function getLocation(db: Kysely<Database>, id: string): Promise<StoredLocation> {
  const row = await db.selectFrom("catalog_locations").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError(`Found no location with ID ${id}`);
  return toStoredLocation(row);
}

export function toStoredLocation(row: Database["catalog_locations"]): StoredLocation {
  return { id: row.id, type: row.type, target: row.target, entityRef: row.entity_ref };
}

async function insertRoot(trx: Transaction<Database>, location: LocationSpec, source: string, now: number) {
  const entity = rootLocationEntity(location);
  const ref = stringifyLocationRef(location);
  const body = JSON.stringify(entity);
  await ensureNewUidsSortLast(trx);
  const id = newEntityUid();
  await trx
    .insertInto("catalog_entities")
    .values({
      entity_id: id,
      entity_ref: rootEntityKey(location),
      kind: "location",
      namespace: "default",
      name: entity.metadata.name.toLowerCase(),
      spec_type: location.type.toLowerCase(),
      spec_lifecycle: null,
      spec_owner: null,
      parent_ref: null,
      root_source: source,
      location_key: ref,
      origin_key: ref,
      body,
      errors: null,
      hash: createHash("sha1").update(body).digest("hex"),
      etag: newEtag(),
      orphan: 0,
      next_refresh_at: now,
      lease_owner: null,
      lease_until: null,
      updated_at: now,
    })
    .execute();
  await insertSearchRows(trx, [{ id, entity }]);
  await stitch(trx, [rootEntityKey(location)]);
}

/** Deletes a root Location entity; what it emitted stays, as orphans. */
async function removeRoot(trx: Transaction<Database>, key: string, now: number) {
  const root = await trx.selectFrom("catalog_entities").select("entity_id").where("entity_ref", "=", key).executeTakeFirst();
  if (!root) return;
  await deleteEntityRows(trx, [root.entity_id]);
  const orphans = await trx
    .updateTable("catalog_entities")
    .set({ orphan: 1, etag: newEtag(), updated_at: now, next_refresh_at: null, ...unstitched() })
    .where("parent_ref", "=", key)
    .returning("entity_ref")
    .execute();
  await stitch(
    trx,
    orphans.map((row) => row.entity_ref),
  );
}

/** Runs a change in a transaction, then moves the catalog's generation on. */
export async function changeCatalog<T>(db: Kysely<Database>, change: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const result = await catalogTransaction(db, change);
  await bumpGeneration(db);
  return result;
}

/** Removes entities with everything derived from them; the entities that lose a relation to them are left for the sweep to stitch. */
export async function deleteEntityRows(trx: Transaction<Database>, ids: string[]) {
  const related = new Set<string>();
  for (const chunk of chunks(ids, 500)) {
    for (const ref of await deleteRelationRows(trx, chunk)) related.add(ref);
    await deleteFullTextRows(trx, chunk);
    await trx.deleteFrom("catalog_search").where("entity_id", "in", chunk).execute();
    await trx.deleteFrom("catalog_entities").where("entity_id", "in", chunk).execute();
  }
  await markUnstitched(trx, related);
}
