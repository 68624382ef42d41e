import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { facetToken, queryDocuments, upsertDocuments } from "~/lib/search/search-store.server";
import { TEST_ENGINES, useDatabaseMigratedTo } from "../../../../tests/support/databases";
import { migrateToLatest } from "../migrate.server";
import { TECHDOCS_FIRST_ID } from "./0010_search_rank";

// An index written before 0010 (rows as 0009's store wrote them) stays
// searchable after it: docs pages move to their id range on PostgreSQL,
// titles are backfilled into search_rank on SQLite, and new rows follow.

describe.each(TEST_ENGINES)("migration 0010_search_rank on %s", (engine) => {
  const fixture = useDatabaseMigratedTo(engine, "0009_search");

  it("keeps an existing index searchable, docs pages in their own id range, titles ranked", async () => {
    const { database } = fixture;
    const db = database.db;
    const rows = [
      { type: "software-catalog", ref: "component:default/zephyr-text", title: "plain", text: "zephyr winds" },
      { type: "techdocs", ref: "component:default/guide", title: "Zephyr Guide", text: "zephyr" },
      { type: "techdocs", ref: "component:default/other", title: "Other page", text: "zephyr again" },
    ];
    for (const [index, row] of rows.entries()) {
      const document = JSON.stringify({ title: row.title, text: row.text, location: `/x/${index}` });
      const facets = facetToken("resultType", row.type);
      if (engine === "pg") {
        await sql`INSERT INTO search_documents (type, entity_ref, path, document, tsv) VALUES (${row.type}, ${row.ref}, '', ${document},
          setweight(to_tsvector('english', ${row.title}), 'A') || setweight(to_tsvector('english', ${row.text}), 'C') || to_tsvector('simple', ${facets}))`.execute(db);
      } else {
        await sql`INSERT INTO search_documents (id, type, entity_ref, path, document) VALUES (${index + 1}, ${row.type}, ${row.ref}, '', ${document})`.execute(db);
        await sql`INSERT INTO search_fts (rowid, title, text, keywords, facets) VALUES (${index + 1}, ${row.title}, ${row.text}, '', ${facets})`.execute(db);
      }
    }
    await migrateToLatest(database);

    const search = (types: string[]) => queryDocuments(db, { words: ["zephyr"], prefixes: "short", facets: [{ field: "resultType", values: types }], offset: 0, limit: 10 }, { countUpTo: 1000 });
    const docs = await search(["techdocs"]);
    // The page with the word in its title first.
    expect(docs.hits.map((hit) => hit.document.title)).toEqual(["Zephyr Guide", "Other page"]);
    expect(docs.total).toBe(2);
    expect((await search(["software-catalog"])).hits.map((hit) => hit.document.title)).toEqual(["plain"]);
    if (engine === "pg") {
      expect(docs.hits.every((hit) => hit.id >= TECHDOCS_FIRST_ID)).toBe(true);
    }

    await upsertDocuments(db, [
      { type: "techdocs", entityRef: "component:default/new", path: "", document: { title: "New zephyr notes" }, title: "New zephyr notes", keywords: "", text: "", facets: {} },
    ]);
    const after = await search(["techdocs"]);
    expect(after.total).toBe(3);
    expect(after.hits.map((hit) => hit.document.title)).toContain("New zephyr notes");
    // The new row's title ranks it with the other title match (search_rank on SQLite, the A weight on PostgreSQL).
    expect(
      after.hits
        .map((hit) => hit.document.title)
        .slice(0, 2)
        .sort(),
    ).toEqual(["New zephyr notes", "Zephyr Guide"]);
    if (engine === "pg") expect(after.hits.every((hit) => hit.id >= TECHDOCS_FIRST_ID)).toBe(true);
  });
});
