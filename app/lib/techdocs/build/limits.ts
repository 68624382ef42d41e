// The builder's limits. A docs folder comes from a repository anyone with a
// catalog entity may point at, so every dimension of the work is bounded: the
// number of files read, their sizes, the Markdown rendered per page, and the
// shapes Markdown parsers handle badly (thousands of nested list items, huge
// tables: see app/lib/markdown/render-markdown.server.ts for the same defence
// on entity descriptions).

/** Files in the docs source (Markdown, images, everything under the folder of mkdocs.yml). More is a failed build. */
export const MAX_SITE_FILES = 10_000;
/** Bytes of one file. A larger Markdown page is a note and a plain rendering; a larger asset is skipped with a note. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Bytes of the whole source. More is a failed build. */
export const MAX_SITE_BYTES = 200 * 1024 * 1024;
/** Bytes of one Markdown page that get the full rendering; past this the page is shown as plain text with a note. */
export const MAX_PAGE_MARKDOWN_BYTES = 512 * 1024;
/**
 * Lines of one page that open a list item or a quote; mdast's list handling
 * grows faster than linearly with them (about 1 s for 2,000 items nested ten
 * deep on a busy two-core machine).
 */
export const MAX_PAGE_CONTAINER_LINES = 2_000;
/** Nesting of lists and quotes in one page deeper than this is hostile, not prose. */
export const MAX_PAGE_NESTING = 12;
/** Table rows of one page: micromark's table parsing costs about 1 ms a row; a bigger table shows nothing a reader can use. */
export const MAX_PAGE_TABLE_ROWS = 2_000;
/** Links and images of one page (`](`): micromark resolves link labels in a paragraph in more than linear time. */
export const MAX_PAGE_LINKS = 5_000;
/** Nesting of admonitions and content tabs. */
export const MAX_BLOCK_NESTING = 8;
/**
 * Admonitions, content tabs, alerts and definition list parts of one page:
 * each costs micromark a few marker paragraphs (about 0.1 ms each on a busy
 * two-core machine), so past this the rest are shown as written, with a note.
 */
export const MAX_PAGE_BLOCKS = 5_000;
/** Bytes of mkdocs.yml. */
export const MAX_CONFIG_BYTES = 256 * 1024;
/** YAML aliases in mkdocs.yml (an alias bomb expands exponentially). */
export const MAX_CONFIG_ALIASES = 100;
/** Depth of nav sections. */
export const MAX_NAV_DEPTH = 10;
