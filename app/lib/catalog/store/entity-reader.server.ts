import { createHash } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../../db/dialect";
import type { Database } from "../../db/schema";
import { ANNOTATION_ORPHAN, type Entity, type EntityRelation } from "../entity";
import { relationEdges } from "./relation-edges.server";

// Entities as clients see them: the stored body with uid and etag, its
// relations in both directions (relation-edges.server.ts), the
// orphan annotation and processing errors as status items. That is stitched
// into final_entity when the entity changes (stitch.server.ts), and a read
// sends the stored text; only an entity not stitched yet is assembled here
// from its parts. The etag column changes with the entity's own row; what
// others' relations add to it is folded in, so a new relation changes the
// etag of the entity it points at without a write to that entity's body.

export type EntityRow = Pick<Database["catalog_entities"], "entity_id" | "entity_ref" | "etag" | "errors" | "orphan"> & {
  /** The body: null when the row carries its final text. */
  body: string | null;
  final_entity?: string | null;
  /** JSON text [[type, target], …] from relationsColumn, or null for none. */
  relations: string | null;
};

/**
 * An entity's relations as one JSON column of its own row (the entity table
 * aliased `e`), so assembling an entity is one query, not one for the rows
 * and another for their relations.
 */
export function relationsColumn(db: Kysely<Database>): RawBuilder<string | null> {
  const edges = relationEdges((edge) => sql`${edge.source} = e.entity_ref`);
  return isPostgres(db)
    ? sql<string | null>`(SELECT json_agg(json_build_array(x.type, x.target_display))::text FROM (${edges}) x)`
    : sql<string | null>`(SELECT json_group_array(json_array(x.type, x.target_display)) FROM (${edges}) x)`;
}

/**
 * The columns an entity is read from (catalog_entities aliased `e`): its
 * final text, and its parts only when it has none. Neither engine evaluates
 * a CASE branch it does not take, so a stitched entity costs no relations
 * subquery and sends no second copy of its body.
 */
export function entityColumns(db: Kysely<Database>) {
  const unstitched = sql`e.final_entity IS NULL`;
  return [
    "e.entity_id",
    "e.entity_ref",
    "e.final_entity",
    "e.etag",
    "e.errors",
    "e.orphan",
    sql<string | null>`CASE WHEN ${unstitched} THEN e.body END`.as("body"),
    sql<string | null>`CASE WHEN ${unstitched} THEN ${relationsColumn(db)} END`.as("relations"),
  ] as const;
}

/** The entity's JSON as the API serves it: stored, or assembled when not stitched yet. */
export function entityJson(row: EntityRow): string {
  return row.final_entity ?? assembleEntityJson(row);
}

export function assembleEntityJson(row: EntityRow): string {
  return JSON.stringify(assembleEntity(row, parseRelations(row.relations)));
}

function assembleEntity(row: EntityRow, relations: EntityRelation[]): Entity {
  const entity = JSON.parse(row.body ?? "null") as Entity;
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
