// The kit table's state, all in the URL (so a view is a link and paging and
// filtering work without JavaScript): per table, under its own prefix,
// `{prefix}q` (search), `{prefix}page` (1-based), `{prefix}f.{filter}`.
// The rows are filtered, searched and paged here, the same on the server and
// in the browser.

export type TableColumn<Row> = {
  id: string;
  title: string;
  /** The cell's text: what search and filters match. */
  value: (row: Row) => string;
};

export type TableState = { search: string; page: number; filters: Record<string, string> };

export const DEFAULT_TABLE_PAGE_SIZE = 5;

/** This table's state from the URL; values that do not parse fall back to the defaults. */
export function readTableState(params: URLSearchParams, prefix: string, filterIds: readonly string[]): TableState {
  const page = Number(params.get(`${prefix}page`) ?? "1");
  const filters: Record<string, string> = {};
  for (const id of filterIds) {
    const value = params.get(`${prefix}f.${id}`);
    if (value) filters[id] = value;
  }
  return { search: (params.get(`${prefix}q`) ?? "").slice(0, 200), page: Number.isInteger(page) && page >= 1 ? page : 1, filters };
}

/** The values a filter offers: every distinct value of its column, sorted. */
export function filterValues<Row>(rows: readonly Row[], column: TableColumn<Row>): string[] {
  return [...new Set(rows.map(column.value).filter(Boolean))].sort((a, b) => a.localeCompare(b, "en"));
}

/** The rows matching every filter and the search (any column containing it, ignoring case). */
export function matchingRows<Row>(rows: readonly Row[], columns: readonly TableColumn<Row>[], state: TableState): Row[] {
  const needle = state.search.trim().toLocaleLowerCase("en-US");
  return rows.filter((row) => {
    for (const [id, wanted] of Object.entries(state.filters)) {
      const column = columns.find((candidate) => candidate.id === id);
      if (column && column.value(row) !== wanted) return false;
    }
    return !needle || columns.some((column) => column.value(row).toLocaleLowerCase("en-US").includes(needle));
  });
}

/** One page of `rows` (the last page when `page` is past it), with where it starts and how many pages there are. */
export function pageOf<Row>(rows: readonly Row[], page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const from = (current - 1) * pageSize;
  return { rows: rows.slice(from, from + pageSize), page: current, pages, from };
}

/** The current URL with this table's page changed (other parameters kept). */
export function pageHref(pathname: string, params: URLSearchParams, prefix: string, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(`${prefix}page`);
  else next.set(`${prefix}page`, String(page));
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The current URL without any of this table's parameters: 'Clear all'. */
export function clearedHref(pathname: string, params: URLSearchParams, prefix: string): string {
  const next = new URLSearchParams([...params].filter(([key]) => !key.startsWith(prefix)));
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}
