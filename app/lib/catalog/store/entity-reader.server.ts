import { createHash } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../../db/dialect";
import type { Database } from "../../db/schema";
import { ANNOTATION_ORPHAN, type Entity, type EntityRelation } from "../entity";

// Entities as clients see them: the stored body with uid and etag, the
// relations other entities point at it (both directions were written), the
// orphan annotation and processing errors as status items. The etag column
// changes with the entity's own row; what others' relations add to it is
// folded in here, so a new relation changes the etag of the entity it points
// at without a write to that entity.

export type EntityRow = Pick<Database["catalog_entities"], "entity_id" | "entity_ref" | "body" | "etag" | "errors" | "orphan"> & {
  /** JSON text [[type, target], …] from relationsColumn, or null for none. */
  relations: string | null;
};

export const ENTITY_ROW_COLUMNS = ["entity_id", "entity_ref", "body", "etag", "errors", "orphan"] as const;

/**
 * An entity's relations as one JSON column of its own row (the entity table
 * aliased `e`), so reading entities is one query, not one for the rows and
 * another for their relations: on a loaded server each round trip to the
 * database costs more than the lookup itself.
 */
export function relationsColumn(db: Kysely<Database>): RawBuilder<string | null> {
  return isPostgres(db)
    ? sql<string | null>`(SELECT json_agg(json_build_array(r.type, r.target_display))::text FROM catalog_relations r WHERE r.source_ref = e.entity_ref)`
    : sql<string | null>`(SELECT json_group_array(json_array(r.type, r.target_display)) FROM catalog_relations r WHERE r.source_ref = e.entity_ref)`;
}

export function assembleEntities(rows: EntityRow[]): Entity[] {
  return rows.map((row) => assembleEntity(row, parseRelations(row.relations)));
}

export function assembleEntity(row: Pick<EntityRow, "entity_id" | "body" | "etag" | "errors" | "orphan">, relations: EntityRelation[]): Entity {
  const entity = JSON.parse(row.body) as Entity;
  const annotations = row.orphan ? { ...entity.metadata.annotations, [ANNOTATION_ORPHAN]: "true" } : entity.metadata.annotations;
  const result: Entity = {
    ...entity,
    metadata: { ...entity.metadata, ...(annotations ? { annotations } : {}), uid: row.entity_id, etag: etagOf(row.etag, relations) },
    relations,
  };
  if (row.errors) result.status = { items: JSON.parse(row.errors) };
  return result;
}

function etagOf(rowEtag: string, relations: EntityRelation[]): string {
  if (relations.length === 0) return rowEtag;
  const hash = createHash("sha1").update(rowEtag);
  for (const relation of relations) hash.update(`\n${relation.type} ${relation.targetRef}`);
  return hash.digest("hex");
}

/** Unique by type and target, sorted by type then target. */
function parseRelations(text: string | null): EntityRelation[] {
  if (!text) return [];
  const unique = new Map<string, EntityRelation>();
  for (const [type, targetRef] of JSON.parse(text) as Array<[string, string]>) unique.set(`${type} ${targetRef}`, { type, targetRef });
  return [...unique.values()].sort((a, b) => a.type.localeCompare(b.type) || a.targetRef.localeCompare(b.targetRef));
}
