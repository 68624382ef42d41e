import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// The one search index (app/lib/search/): a row per document (a catalog
// entity, or one page of an entity's docs) and its full-text index, FTS5 on
// SQLite, a tsvector with a GIN index on PostgreSQL. The document's id is the
// FTS5 rowid, so ranking can stay inside windows of ids (search-store.server.ts).
//
// search_catalog_changes is the collator's queue: triggers on
// catalog_entities put an entity there whenever its etag changes (every write
// of its body, errors or orphan flag gives a new etag, store/entity-writer.server.ts)
// or it is deleted, so an incremental run reads only what changed and sees
// deletions, whatever code path wrote them. A row is the entity's latest
// version; the collator deletes it only if that version is still the one it
// indexed. Existing entities are queued here, so an existing catalog is
// indexed by the first runs.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("search_catalog_changes")
    .addColumn("entity_id", "text", (col) => col.primaryKey())
    .addColumn("entity_ref", "text", (col) => col.notNull())
    // The entity's etag, or 'deleted'.
    .addColumn("version", "text", (col) => col.notNull())
    .execute();

  if (postgres) {
    await sql`CREATE TABLE search_documents (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      entity_ref text NOT NULL,
      path text NOT NULL,
      document text NOT NULL,
      tsv tsvector NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX search_documents_tsv ON search_documents USING gin (tsv)`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION search_queue_catalog_change() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          INSERT INTO search_catalog_changes (entity_id, entity_ref, version) VALUES (OLD.entity_id, OLD.entity_ref, 'deleted')
            ON CONFLICT (entity_id) DO UPDATE SET version = 'deleted';
          RETURN OLD;
        END IF;
        IF TG_OP = 'UPDATE' AND NEW.etag = OLD.etag THEN RETURN NEW; END IF;
        INSERT INTO search_catalog_changes (entity_id, entity_ref, version) VALUES (NEW.entity_id, NEW.entity_ref, NEW.etag)
          ON CONFLICT (entity_id) DO UPDATE SET version = EXCLUDED.version, entity_ref = EXCLUDED.entity_ref;
        RETURN NEW;
      END;
    $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER search_catalog_changes_trigger AFTER INSERT OR UPDATE OF etag OR DELETE ON catalog_entities
      FOR EACH ROW EXECUTE FUNCTION search_queue_catalog_change()`.execute(db);
  } else {
    await sql`CREATE TABLE search_documents (
      id INTEGER PRIMARY KEY,
      type TEXT NOT NULL,
      entity_ref TEXT NOT NULL,
      path TEXT NOT NULL,
      document TEXT NOT NULL
    )`.execute(db);
    // Contentless: the text lives in search_documents.document; porter stems
    // English words as PostgreSQL's 'english' configuration does; the prefix
    // indexes answer prefixes of up to 5 letters from stored lists (search-store.server.ts).
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title, text, keywords, facets, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4 5')`.execute(
      db,
    );
    await sql`CREATE TRIGGER search_catalog_insert AFTER INSERT ON catalog_entities BEGIN
      INSERT OR REPLACE INTO search_catalog_changes (entity_id, entity_ref, version) VALUES (NEW.entity_id, NEW.entity_ref, NEW.etag);
    END`.execute(db);
    await sql`CREATE TRIGGER search_catalog_update AFTER UPDATE OF etag ON catalog_entities WHEN NEW.etag <> OLD.etag BEGIN
      INSERT OR REPLACE INTO search_catalog_changes (entity_id, entity_ref, version) VALUES (NEW.entity_id, NEW.entity_ref, NEW.etag);
    END`.execute(db);
    await sql`CREATE TRIGGER search_catalog_delete AFTER DELETE ON catalog_entities BEGIN
      INSERT OR REPLACE INTO search_catalog_changes (entity_id, entity_ref, version) VALUES (OLD.entity_id, OLD.entity_ref, 'deleted');
    END`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX search_documents_key ON search_documents (entity_ref, type, path)`.execute(db);
  await sql`INSERT INTO search_catalog_changes (entity_id, entity_ref, version) SELECT entity_id, entity_ref, etag FROM catalog_entities`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS search_catalog_changes_trigger ON catalog_entities`.execute(db);
    await sql`DROP FUNCTION IF EXISTS search_queue_catalog_change()`.execute(db);
  } else {
    for (const trigger of ["search_catalog_insert", "search_catalog_update", "search_catalog_delete"]) await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
    await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  }
  await db.schema.dropTable("search_documents").ifExists().execute();
  await db.schema.dropTable("search_catalog_changes").ifExists().execute();
}
