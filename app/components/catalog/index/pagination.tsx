import { PageLink } from "~/components/ui/pagination";
import { useTranslation } from "~/components/ui/root-data";
import { indexHref, PAGE_SIZES, type CatalogIndexQuery } from "~/lib/catalog/catalog-index/index-query";
import { FILTERS_FORM_ID } from "./filter-sidebar";

/**
 * Cursor paging: first, previous and next pages are links (their titles are
 * the tooltips), so they work without JavaScript and can be shared; they
 * carry the position of their first row, so the pager can say "21–34 of 34". The page
 * size belongs to the filters form: changing it starts from the first page.
 */
export function Pagination({ query, rows, totalItems, nextCursor, prevCursor }: { query: CatalogIndexQuery; rows: number; totalItems: number; nextCursor?: string; prevCursor?: string }) {
  const t = useTranslation();
  // Where the page stands: known on the first page and on pages reached through these links.
  const from = query.cursor ? query.start : 1;
  return (
    <nav aria-label={t("catalogIndex.pagination.label")} className="mt-3 flex flex-wrap items-center justify-end gap-4 text-sm">
      <span className="flex items-center gap-2">
        <label htmlFor="catalog-limit">{t("catalogIndex.pagination.rowsPerPage")}</label>
        <select
          id="catalog-limit"
          name="limit"
          form={FILTERS_FORM_ID}
          defaultValue={String(query.limit)}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="rounded border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" form={FILTERS_FORM_ID} className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
            {t("catalogIndex.pagination.apply")}
          </button>
        </noscript>
      </span>
      <span data-testid="catalog-total">
        {from && rows > 0 ? t("catalogIndex.pagination.range", { from, to: from + rows - 1, count: totalItems }) : t("catalogIndex.pagination.total", { count: totalItems })}
      </span>
      <span className="flex items-center gap-1">
        <PageLink to={query.cursor ? indexHref(query) : undefined} label={t("catalogIndex.pagination.first")} symbol="«" />
        <PageLink
          to={prevCursor ? indexHref(query, { cursor: prevCursor, start: from ? Math.max(1, from - query.limit) : undefined }) : undefined}
          label={t("catalogIndex.pagination.previous")}
          symbol="‹"
        />
        <PageLink to={nextCursor ? indexHref(query, { cursor: nextCursor, start: from ? from + rows : undefined }) : undefined} label={t("catalogIndex.pagination.next")} symbol="›" />
      </span>
    </nav>
  );
}
