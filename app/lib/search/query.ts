// The search query as Backstage's search API takes it, and what both its
// callers (GET /api/search/query and the /search page) share: the document
// types, limits, the page cursor, the words of a term and the highlighting
// of matches. Isomorphic: no node: imports.

export const SEARCH_TYPES = ["software-catalog", "techdocs"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Backstage's search-backend: search.maxPageLimit and search.maxTermLength default to 100; its engines page by 25. */
export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 100;
export const MAX_TERM_LENGTH = 100;
/** Words of a term beyond this are ignored: each one is another index lookup. */
export const MAX_WORDS = 8;

/** The document fields a filter may name; values are compared without regard to case. */
export const FILTER_FIELDS = ["kind", "lifecycle", "owner", "namespace", "type", "name"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type SearchFilters = Partial<Record<string, string | string[]>>;

export type SearchRequest = {
  term: string;
  types?: SearchType[];
  filters?: SearchFilters;
  pageCursor?: string;
  pageLimit?: number;
};

export type SearchResult<Document = Record<string, unknown>> = {
  type: SearchType;
  document: Document;
  highlight?: { preTag: string; postTag: string; fields: Record<string, string> };
  rank: number;
};

export type SearchResultSet<Document = Record<string, unknown>> = {
  results: Array<SearchResult<Document>>;
  nextPageCursor?: string;
  previousPageCursor?: string;
  /** Set when the number is known exactly; a broad term is counted up to MAX_COUNTED_RESULTS. */
  numberOfResults?: number;
};

/** Past this many matches the total is not counted (counting is as costly as the matches). */
export const MAX_COUNTED_RESULTS = 1000;

/** Backstage's page cursor: the page number (from 0), base64-encoded. */
export function encodePageCursor(page: number): string {
  return btoa(String(page));
}

/** The page of a cursor; undefined for one that is not a page number. */
export function decodePageCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return 0;
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    return undefined;
  }
  return /^\d{1,6}$/.test(text) ? Number(text) : undefined;
}

/** The words of a term as the index tokenizes them: letters and digits, lower case. */
export function termWords(term: string): string[] {
  return term
    .toLocaleLowerCase("en-US")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** A word of the text matches when it starts with a word of the term (searches are prefix searches). */
function matchesWord(word: string, words: string[]): boolean {
  const folded = word.toLocaleLowerCase("en-US").normalize("NFKD").replace(/\p{M}/gu, "");
  return words.some((term) => folded.startsWith(term) || (term.length > 3 && folded.startsWith(term.slice(0, -1))));
}

const WORD = /[\p{L}\p{N}]+/gu;

/** `text` with each matching word wrapped in the tags, Backstage's highlight field format. */
export function highlightText(text: string, words: string[], preTag: string, postTag: string): string {
  if (words.length === 0) return text;
  return text.replace(WORD, (word) => (matchesWord(word, words) ? `${preTag}${word}${postTag}` : word));
}

/** About `maxWords` words of `text` around its first match, with ' … ' where it was cut. */
export function snippetOf(text: string, words: string[], maxWords = 35): string {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length <= maxWords) return tokens.join(" ");
  const first = Math.max(
    0,
    tokens.findIndex((token) => (token.match(WORD) ?? []).some((word) => matchesWord(word, words))),
  );
  const start = Math.max(0, Math.min(first - 5, tokens.length - maxWords));
  const end = start + maxWords;
  return `${start > 0 ? "… " : ""}${tokens.slice(start, end).join(" ")}${end < tokens.length ? " …" : ""}`;
}

/** Splits a highlighted field into plain and matched parts, for rendering without HTML. */
export function highlightParts(field: string, preTag: string, postTag: string): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let rest = field;
  while (rest) {
    const open = rest.indexOf(preTag);
    if (open < 0) break;
    const close = rest.indexOf(postTag, open + preTag.length);
    if (close < 0) break;
    if (open > 0) parts.push({ text: rest.slice(0, open), match: false });
    parts.push({ text: rest.slice(open + preTag.length, close), match: true });
    rest = rest.slice(close + postTag.length);
  }
  if (rest) parts.push({ text: rest, match: false });
  return parts;
}

/**
 * A query from URL parameters, as Backstage's search client writes them
 * (qs: `term`, `types[0]`, `filters[kind]`, `filters[kind][0]`, `pageCursor`,
 * `pageLimit`); the /search page's form uses the same names. Empty values
 * are left out (a form's "All"). Throws a message for a bad parameter.
 */
export function parseSearchParams(params: URLSearchParams): SearchRequest | { problem: string } {
  const request: SearchRequest = { term: "" };
  const types: string[] = [];
  const filters: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (key === "term") request.term = value;
    else if (/^types(\[\d*\])?$/.test(key)) {
      if (value) types.push(value);
    } else if (key === "pageCursor") request.pageCursor = value || undefined;
    else if (key === "pageLimit") {
      if (!/^\d+$/.test(value)) return { problem: `Invalid query string: pageLimit must be a number, got ${JSON.stringify(value)}` };
      request.pageLimit = Number(value);
    } else {
      const filter = /^filters\[([^\]]+)\](\[\d*\])?$/.exec(key);
      if (!filter) return { problem: `Invalid query string: unknown parameter ${JSON.stringify(key)}` };
      if (value) (filters[filter[1]] ??= []).push(value);
    }
  }
  const unknown = types.find((type) => !(SEARCH_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined) return { problem: `Invalid query string: unknown type ${JSON.stringify(unknown)}` };
  if (types.length) request.types = types as SearchType[];
  if (Object.keys(filters).length) request.filters = Object.fromEntries(Object.entries(filters).map(([field, values]) => [field, values.length === 1 ? values[0] : values]));
  if (request.term.length > MAX_TERM_LENGTH) return { problem: `The term length "${request.term.length}" is greater than "${MAX_TERM_LENGTH}"` };
  if (request.pageLimit !== undefined && request.pageLimit > MAX_PAGE_LIMIT) return { problem: `The page limit "${request.pageLimit}" is greater than "${MAX_PAGE_LIMIT}"` };
  if (request.pageLimit !== undefined && request.pageLimit < 1) return { problem: `Invalid query string: pageLimit must be at least 1` };
  if (decodePageCursor(request.pageCursor) === undefined) return { problem: `Invalid query string: pageCursor is not a page cursor` };
  return request;
}

/** The URL parameters of a request, for links that keep the query (the page's next and previous links). */
export function searchParamsOf(request: SearchRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (request.term) params.set("term", request.term);
  request.types?.forEach((type, index) => params.append(`types[${index}]`, type));
  for (const [field, value] of Object.entries(request.filters ?? {})) {
    if (Array.isArray(value)) value.forEach((item, index) => params.append(`filters[${field}][${index}]`, item));
    else if (value) params.set(`filters[${field}]`, value);
  }
  if (request.pageLimit) params.set("pageLimit", String(request.pageLimit));
  if (request.pageCursor) params.set("pageCursor", request.pageCursor);
  return params;
}
