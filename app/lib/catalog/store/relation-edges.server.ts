import { sql, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "../../db/schema";

// Every relation the catalog derives comes with its reverse (ownedBy and
// ownerOf, dependsOn and dependencyOf, …), written by the same entity. One
// row of catalog_relations holds both: `source type target` as stored, and
// `target reverse_type source` read from the same row: half the rows of
// storing each direction (docs/decisions/051-relations-stored-once.md). A
// row whose reverse_type is null stands for its one edge only.
//
// Readers ask for edges through relationEdges: one arm per direction, each
// searching by the index of the columns its condition names. A correlated
// condition (edges of the entity `e` being read) must be written inside each
// arm: neither planner pushes it into a union read as a view.

/** The columns of one direction of a stored row, for a condition on edges. */
export type EdgeColumns = { source: RawBuilder<string>; type: RawBuilder<string>; target: RawBuilder<string>; targetDisplay: RawBuilder<string> };

const AS_STORED: EdgeColumns = { source: sql.ref("r.source_ref"), type: sql.ref("r.type"), target: sql.ref("r.target_ref"), targetDisplay: sql.ref("r.target_display") };
const REVERSED: EdgeColumns = { source: sql.ref("r.target_ref"), type: sql.ref("r.reverse_type"), target: sql.ref("r.source_ref"), targetDisplay: sql.ref("r.source_display") };

/**
 * The edges for which `where` holds, as rows (source_ref, type, target_ref,
 * target_display). `where` is called once per direction with that
 * direction's columns.
 */
export function relationEdges(where: (edge: EdgeColumns) => RawBuilder<unknown>): RawBuilder<unknown> {
  const arm = (edge: EdgeColumns, paired: RawBuilder<unknown>) =>
    sql`SELECT ${edge.source} AS source_ref, ${edge.type} AS type, ${edge.target} AS target_ref, ${edge.targetDisplay} AS target_display
      FROM catalog_relations r WHERE ${paired}${where(edge)}`;
  return sql`${arm(AS_STORED, sql``)} UNION ALL ${arm(REVERSED, sql`r.reverse_type IS NOT NULL AND `)}`;
}

/**
 * Deletes the relation rows the given entities wrote; returns the refs of
 * the entities that showed one of them (both ends of a paired row).
 */
export async function deleteRelationRows(trx: Transaction<Database>, originatingEntityIds: string[]): Promise<string[]> {
  if (originatingEntityIds.length === 0) return [];
  const removed = await trx.deleteFrom("catalog_relations").where("originating_entity_id", "in", originatingEntityIds).returning(["source_ref", "target_ref", "reverse_type"]).execute();
  return removed.flatMap((row) => (row.reverse_type === null ? [row.source_ref] : [row.source_ref, row.target_ref]));
}
