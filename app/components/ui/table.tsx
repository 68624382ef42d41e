import type { ReactNode } from "react";
import { ScrollRegion } from "./scroll-region";
import { useLocation, useSearchParams } from "react-router";
import { useTranslation } from "./root-data";
import { Link } from "./link";
import { Pagination } from "./pagination";
import { Select } from "./select";
import { clearedHref, DEFAULT_TABLE_PAGE_SIZE, filterValues, matchingRows, pageHref, pageOf, readTableState, type TableColumn } from "./table-state";

export type KitTableColumn<Row> = TableColumn<Row> & { render?: (row: Row) => ReactNode };

type TableProps<Row> = {
  /** Names the table's URL parameters (`{id}.q`, `{id}.page`, `{id}.f.{column}`) and its elements. */
  id: string;
  title: ReactNode;
  columns: readonly KitTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Columns offered as filters in the sidebar ('Filters'); none, no sidebar. */
  filters?: readonly string[];
  searchable?: boolean;
  /** Rows per page; undefined shows every row. */
  pageSize?: number;
};

/**
 * The kit's table with a filter sidebar, worded as Backstage's: title
 * 'Filters', 'Clear all', 'All results', a search box 'Filter', 'No records to
 * display', paged with tooltips. Its state is a GET form in the URL, so it
 * renders on the server and works without JavaScript; with it, a changed
 * filter applies at once.
 */
export function Table<Row>({ id, title, columns, rows, rowKey, filters = [], searchable = false, pageSize }: TableProps<Row>) {
  const t = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const prefix = `${id}.`;
  const state = readTableState(params, prefix, filters);
  const matching = matchingRows(rows, columns, state);
  const paged = pageSize ? pageOf(matching, state.page, pageSize) : { rows: matching, page: 1, pages: 1, from: 0 };
  const formId = `${id}-table-form`;
  const filterColumns = filters.map((filter) => columns.find((column) => column.id === filter)).filter((column) => column !== undefined);
  // Parameters of other tables and of the page travel along with this table's form.
  const others = [...params].filter(([key]) => !key.startsWith(prefix));

  return (
    <div className="flex flex-col gap-4 md:flex-row" data-table={id}>
      <form id={formId} method="get" action={pathname} className={filterColumns.length ? "md:w-[315px] md:shrink-0" : "hidden"}>
        {others.map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        {filterColumns.length ? (
          <section aria-labelledby={`${id}-filters-title`} className="flex flex-col gap-3">
            <div className="flex items-center justify-between">
              <h2 id={`${id}-filters-title`} className="text-lg font-semibold">
                {t("uiKit.table.filters")}
              </h2>
              <Link to={clearedHref(pathname, params, prefix)} className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300">
                {t("uiKit.table.clearAll")}
              </Link>
            </div>
            {filterColumns.map((column) => (
              <Select
                key={`${column.id}-${state.filters[column.id] ?? ""}`}
                name={`${prefix}f.${column.id}`}
                label={column.title}
                placeholder={t("uiKit.table.allResults")}
                options={filterValues(rows, column).map((value) => ({ value, label: value }))}
                defaultValue={state.filters[column.id] ?? ""}
                autoSubmit
              />
            ))}
            <noscript>
              <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-600">
                {t("uiKit.table.applyFilters")}
              </button>
            </noscript>
          </section>
        ) : null}
      </form>
      <section className="min-w-0 flex-1" aria-labelledby={`${id}-title`}>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h2>
          {searchable ? (
            <label className="flex items-center gap-2">
              <span className="sr-only">{t("uiKit.table.search")}</span>
              <input
                key={state.search}
                type="search"
                name={`${prefix}q`}
                form={formId}
                defaultValue={state.search}
                placeholder={t("uiKit.table.filterPlaceholder")}
                className="w-56 rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
          ) : null}
        </div>
        <ScrollRegion labelledBy={`${id}-title`} className="rounded bg-white shadow dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                {columns.map((column) => (
                  <th key={column.id} scope="col" className="px-4 py-3 font-semibold">
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {paged.rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-600 dark:text-slate-400">
                    {t("uiKit.table.empty")}
                  </td>
                </tr>
              ) : (
                paged.rows.map((row) => (
                  <tr key={rowKey(row)} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                    {columns.map((column) => (
                      <td key={column.id} className="px-4 py-2">
                        {column.render ? column.render(row) : column.value(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ScrollRegion>
        {pageSize ? (
          <Pagination
            links={{
              first: paged.page > 1 ? pageHref(pathname, params, prefix, 1) : undefined,
              previous: paged.page > 1 ? pageHref(pathname, params, prefix, paged.page - 1) : undefined,
              next: paged.page < paged.pages ? pageHref(pathname, params, prefix, paged.page + 1) : undefined,
              last: paged.page < paged.pages ? pageHref(pathname, params, prefix, paged.pages) : undefined,
            }}
          >
            <span data-testid={`${id}-range`}>{t("uiKit.table.rows", { from: matching.length ? paged.from + 1 : 0, to: paged.from + paged.rows.length, count: matching.length })}</span>
          </Pagination>
        ) : null}
      </section>
    </div>
  );
}

export { DEFAULT_TABLE_PAGE_SIZE };
