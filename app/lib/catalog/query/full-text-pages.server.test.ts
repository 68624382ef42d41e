import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../../tests/support/databases";
import { fillLargeCatalog } from "../../../../tests/support/large-catalog";
import { queryPlan } from "../../../../tests/support/query-plans";
import { decodeCursor } from "./cursor";
import { entityJson, type EntityRow } from "../store/entity-reader.server";
import { pageQuery, queryPage, type QuerySpec } from "./entities-query.server";

// A full-text page is looked for first among the next few thousand entities
// in order, then, when they hold fewer matches than the page, through the
// trigram index (entities-query.server.ts, pageRows). Paged through 20 at a
// time both ways, common and rare terms must give exactly the matches, in
// the order one unpaged read gives them, whichever way each page was read.

const COUNT = 6000;
const FIELDS = ["metadata.name", "metadata.tags"];

/** Entity i of tests/support/large-catalog.ts is named service-i and tagged tag-(i % 20). */
function expectedNames(term: string): string[] {
  const names: string[] = [];
  for (let i = 1; i <= COUNT; i++) if (`service-${i}`.includes(term) || `tag-${i % 20}`.includes(term)) names.push(`service-${i}`);
  return names.sort();
}

describe.each(TEST_ENGINES)("full-text pages on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  const nameOf = (item: string) => (JSON.parse(item) as { metadata: { name: string } }).metadata.name;

  /** Every page forward from the first, then every page back from the last: the names in order both times. */
  async function pageBothWays(spec: QuerySpec): Promise<{ forward: string[]; backward: string[] }> {
    const read = (after: Array<string | null> | undefined, isPrevious: boolean) => queryPage(database.db, spec, { limit: 20, after, isPrevious, totalItems: 0, fromCursor: Boolean(after) });
    const forwardPages: string[][] = [];
    let page = await read(undefined, false);
    for (;;) {
      forwardPages.push(page.items.map(nameOf));
      if (!page.pageInfo.nextCursor) break;
      page = await read(decodeCursor(page.pageInfo.nextCursor).orderFieldValues, false);
    }
    const backwardPages: string[][] = [];
    while (page.pageInfo.prevCursor) {
      page = await read(decodeCursor(page.pageInfo.prevCursor).orderFieldValues, true);
      backwardPages.unshift(page.items.map(nameOf));
    }
    backwardPages.push(forwardPages.at(-1)!);
    return { forward: forwardPages.flat(), backward: backwardPages.flat() };
  }

  it("pages through common, rare and short terms as one unpaged read orders them", async () => {
    await fillLargeCatalog(database.db, COUNT);
    // tag-1: eleven tags in twenty (tag-1, tag-10 to tag-19); "-4321": one name; "777": six names, one in
    // each thousand of uid order; "-59": 111 names, together late in uid order; "99": two characters.
    for (const term of ["tag-1", "-4321", "777", "-59", "99"]) {
      for (const orderFields of [[], [{ field: "metadata.name", order: "desc" as const }]]) {
        const spec: QuerySpec = { fullTextFilter: { term, fields: FIELDS }, orderFields };
        const unpaged = (await pageQuery(database.db, spec, { limit: COUNT }).execute()).map((row) => nameOf(entityJson(row as EntityRow)));
        expect([...unpaged].sort(), term).toEqual(expectedNames(term));
        const { forward, backward } = await pageBothWays(spec);
        expect(forward, term).toEqual(unpaged);
        expect(backward, term).toEqual(unpaged);
      }
    }
  }, 60_000);

  it("reads a common term's page from the entities in order, checking each one's rows, without the trigram index", async () => {
    await fillLargeCatalog(database.db, COUNT);
    // A field alone too: without statistics SQLite once searched the (key, value) index instead, every row of the field for each entity.
    // On SQLite a page in uid order of indexed fields reads the trigram index in that order instead (read-plan.server.test.ts).
    const byName = [{ field: "metadata.name", order: "asc" as const }];
    const cases = [{ fields: FIELDS, orderFields: byName }, { fields: ["metadata.description"], orderFields: [] }, ...(engine === "pg" ? [{ fields: FIELDS, orderFields: [] }] : [])];
    for (const { fields, orderFields } of cases) {
      const spec: QuerySpec = { fullTextFilter: { term: "tag-1", fields }, orderFields };
      const text = await queryPlan(database.db, engine, pageQuery(database.db, spec, { limit: 20, fullTextWindow: 2000 }));
      expect(text).not.toMatch(/catalog_fts/);
      if (engine === "sqlite") expect(text).toMatch(/SEARCH s USING (?:COVERING )?INDEX catalog_search_entity \(entity_id=\? AND key=\?\)/);
      else expect(text).toMatch(/catalog_search_entity/);
    }
  });
});
