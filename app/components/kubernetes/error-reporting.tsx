import { Pagination } from "~/components/ui/pagination";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { useTranslation } from "~/components/ui/root-data";
import { DEFAULT_TABLE_PAGE_SIZE, pageHref, pageOf, readTableState } from "~/components/ui/table-state";
import type { ErrorReportRowView } from "~/lib/kubernetes/tab-view";
import { ObjectLink } from "./object-link";
import { useTabLinks } from "./use-tab-links";

/** The table's id: its page is `errors.page` in the URL, as the kit's tables name theirs. */
const TABLE_ID = "errors";

/**
 * Backstage's `ErrorReporting`: every detected error, highest severity
 * first, paged and without search. The columns keep Backstage's widths
 * (10/10/10/30/40 %), which the kit's table does not set, so the table is
 * laid out here with the kit's paging.
 */
export function ErrorReporting({ rows }: { rows: ErrorReportRowView[] }) {
  const t = useTranslation();
  const { params, pathname } = useTabLinks();
  const prefix = `${TABLE_ID}.`;
  const state = readTableState(params, prefix, []);
  const paged = pageOf(rows, state.page, DEFAULT_TABLE_PAGE_SIZE);
  const columns = [
    { id: "cluster", width: "10%" },
    { id: "namespace", width: "10%" },
    { id: "kind", width: "10%" },
    { id: "name", width: "30%" },
    { id: "messages", width: "40%" },
  ] as const;
  return (
    <section aria-labelledby="kubernetes-error-reporting-title" data-testid="kubernetes-error-reporting">
      <h2 id="kubernetes-error-reporting-title" className="mb-3 text-xl font-semibold">
        {t("kubernetes.errorReporting.title")}
      </h2>
      <ScrollRegion labelledBy="kubernetes-error-reporting-title" className="rounded bg-white shadow dark:bg-slate-900">
        <table className="w-full table-fixed text-left text-sm">
          <colgroup>
            {columns.map((column) => (
              <col key={column.id} style={{ width: column.width }} />
            ))}
          </colgroup>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className="px-4 py-3 font-semibold">
                  {t(`kubernetes.errorReporting.${column.id}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paged.rows.map((row, index) => (
              <tr key={`${row.drawer}-${paged.from + index}`} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                <td className="px-4 py-2 break-words">{row.cluster}</td>
                <td className="px-4 py-2 break-words">{row.namespace}</td>
                <td className="px-4 py-2 break-words">{row.kind}</td>
                <td className="px-4 py-2">
                  <ObjectLink link={{ name: row.name, drawer: row.drawer }} />
                </td>
                <td className="px-4 py-2 break-words">{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {paged.pages > 1 ? (
        <Pagination
          links={{
            first: paged.page > 1 ? pageHref(pathname, params, prefix, 1) : undefined,
            previous: paged.page > 1 ? pageHref(pathname, params, prefix, paged.page - 1) : undefined,
            next: paged.page < paged.pages ? pageHref(pathname, params, prefix, paged.page + 1) : undefined,
            last: paged.page < paged.pages ? pageHref(pathname, params, prefix, paged.pages) : undefined,
          }}
        >
          <span>{t("uiKit.table.rows", { from: paged.from + 1, to: paged.from + paged.rows.length, count: rows.length })}</span>
        </Pagination>
      ) : null}
    </section>
  );
}
