import { sql, type Kysely } from "kysely";

// Each entity as clients see it, stored: the body with uid, etag, the orphan
// annotation, status items and relations, serialised once when something it
// shows changes (store/stitch.server.ts), so a read sends the text as it is.
// NULL means "not stitched yet": readers assemble such an entity from its
// parts, and the processing task stitches what is left. The ticket moves on
// with every change, so a stitch computed before a change can never land
// after it. The partial index holds only the rows waiting for a stitch.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("catalog_entities").addColumn("final_entity", "text").execute();
  await db.schema
    .alterTable("catalog_entities")
    .addColumn("stitch_ticket", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("catalog_entities_unstitched").on("catalog_entities").column("entity_id").where(sql.ref("final_entity"), "is", null).ifNotExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("catalog_entities_unstitched").ifExists().execute();
  await db.schema.alterTable("catalog_entities").dropColumn("stitch_ticket").execute();
  await db.schema.alterTable("catalog_entities").dropColumn("final_entity").execute();
}
