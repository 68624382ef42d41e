import { sql, type Kysely } from "kysely";

// A relation and its reverse in one row (app/lib/catalog/store/relation-edges.server.ts):
// reverse_type names the edge from target back to source, source_display is
// how that edge shows the source. Rows written before are paired here: each
// row an entity wrote about itself takes the type and display of the row it
// wrote the other way, and that row goes. A row without its pair (a relation
// of an entity to itself, whose two rows both start at the entity) stays as
// it was, one edge.

/** Each relation type and its reverse, as the catalog wrote them when this migration was made. */
const REVERSE_TYPES: Array<[string, string]> = [
  ["ownedBy", "ownerOf"],
  ["ownerOf", "ownedBy"],
  ["consumesApi", "apiConsumedBy"],
  ["apiConsumedBy", "consumesApi"],
  ["providesApi", "apiProvidedBy"],
  ["apiProvidedBy", "providesApi"],
  ["dependsOn", "dependencyOf"],
  ["dependencyOf", "dependsOn"],
  ["parentOf", "childOf"],
  ["childOf", "parentOf"],
  ["memberOf", "hasMember"],
  ["hasMember", "memberOf"],
  ["partOf", "hasPart"],
  ["hasPart", "partOf"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("catalog_relations").addColumn("reverse_type", "text").execute();
  await db.schema.alterTable("catalog_relations").addColumn("source_display", "text").execute();
  const reverseOf = sql.join(
    REVERSE_TYPES.map(([type, reverse]) => sql`WHEN ${type} THEN ${reverse}`),
    sql` `,
  );
  await sql`UPDATE catalog_relations AS a SET reverse_type = b.type, source_display = b.target_display
    FROM catalog_relations AS b, catalog_entities AS o
    WHERE o.entity_id = a.originating_entity_id AND a.source_ref = o.entity_ref AND a.target_ref <> a.source_ref
      AND b.originating_entity_id = a.originating_entity_id AND b.source_ref = a.target_ref AND b.target_ref = a.source_ref
      AND b.type = CASE a.type ${reverseOf} END`.execute(db);
  await sql`DELETE FROM catalog_relations WHERE reverse_type IS NULL AND EXISTS (
    SELECT 1 FROM catalog_relations AS a WHERE a.originating_entity_id = catalog_relations.originating_entity_id
      AND a.source_ref = catalog_relations.target_ref AND a.target_ref = catalog_relations.source_ref AND a.reverse_type = catalog_relations.type)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO catalog_relations (originating_entity_id, source_ref, type, target_ref, target_display)
    SELECT originating_entity_id, target_ref, reverse_type, source_ref, source_display FROM catalog_relations WHERE reverse_type IS NOT NULL`.execute(db);
  await db.schema.alterTable("catalog_relations").dropColumn("source_display").execute();
  await db.schema.alterTable("catalog_relations").dropColumn("reverse_type").execute();
}
