import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { ANNOTATION_ORPHAN, type Entity, type EntityRelation } from "../entity";
import { chunks } from "./entity-writer.server";

// Entities as clients see them: the stored body with uid and etag, the
// relations other entities point at it (both directions were written), the
// orphan annotation and processing errors as status items. The etag column
// changes with the entity's own row; what others' relations add to it is
// folded in here, so a new relation changes the etag of the entity it points
// at without a write to that entity.

export type EntityRow = Pick<Database["catalog_entities"], "entity_id" | "entity_ref" | "body" | "etag" | "errors" | "orphan">;

export const ENTITY_ROW_COLUMNS = ["entity_id", "entity_ref", "body", "etag", "errors", "orphan"] as const;

export async function assembleEntities(db: Kysely<Database>, rows: EntityRow[]): Promise<Entity[]> {
  const relations = await relationsFor(db, rows.map((row) => row.entity_ref));
  return rows.map((row) => assembleEntity(row, relations.get(row.entity_ref) ?? []));
}

export function assembleEntity(row: EntityRow, relations: EntityRelation[]): Entity {
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

async function relationsFor(db: Kysely<Database>, refs: string[]): Promise<Map<string, EntityRelation[]>> {
  const byRef = new Map<string, Map<string, EntityRelation>>();
  for (const chunk of chunks(refs, 500)) {
    const rows = await db.selectFrom("catalog_relations").select(["source_ref", "type", "target_display"]).where("source_ref", "in", chunk).execute();
    for (const row of rows) {
      const relations = byRef.get(row.source_ref) ?? new Map();
      relations.set(`${row.type} ${row.target_display}`, { type: row.type, targetRef: row.target_display });
      byRef.set(row.source_ref, relations);
    }
  }
  const sorted = new Map<string, EntityRelation[]>();
  for (const [ref, relations] of byRef) {
    sorted.set(ref, [...relations.values()].sort((a, b) => a.type.localeCompare(b.type) || a.targetRef.localeCompare(b.targetRef)));
  }
  return sorted;
}
