import type { TechDocsPageForSearch } from "../search/documents";

// The pages a published site gives the search index, read back from its
// search/search_index.json (mkdocs' sections: `page/` or `page/#id`, as
// app/lib/techdocs/build/build-site.server.ts writes them). The service
// indexes a site it did not build itself this way: one published before the
// process started, whose search documents an in-memory or new database lacks.

type SearchIndexFile = { docs?: Array<{ location?: unknown; title?: unknown; text?: unknown }> };

export function searchPagesOfIndex(json: string): TechDocsPageForSearch[] {
  const parsed = JSON.parse(json) as SearchIndexFile;
  const pages = new Map<string, TechDocsPageForSearch>();
  for (const doc of Array.isArray(parsed.docs) ? parsed.docs : []) {
    if (typeof doc.location !== "string" || typeof doc.title !== "string" || typeof doc.text !== "string") continue;
    const [path = "", anchor] = doc.location.split("#", 2);
    const known = pages.get(path);
    // A page's first section is its title's (the h1's anchor) when the index has no entry for the page itself.
    const page = known ?? { path, title: doc.title, headings: [], text: "" };
    if (anchor === undefined) page.title = doc.title;
    else if (known) page.headings.push(doc.title);
    page.text = page.text ? `${page.text} ${doc.text}` : doc.text;
    pages.set(path, page);
  }
  return [...pages.values()];
}
