import { Pagination } from "~/components/ui/pagination";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import { DEFAULT_TABLE_PAGE_SIZE, pageHref, pageOf, readTableState } from "~/components/ui/table-state";
import type { PodRow } from "~/lib/kubernetes/pod-rows";
import { podTablePrefix } from "~/lib/kubernetes/tab-urls";
import { ObjectLink } from "./object-link";
import { useTabLinks } from "./use-tab-links";

/**
 * Backstage's `PodsTable`: name (to the pod's drawer), phase, status,
 * containers ready, total restarts, CPU and memory usage. Paged as
 * Backstage's tables are (five rows, no search), each table under its own
 * URL prefix named by its owner's drawer key.
 */
export function PodsTable({ rows: allRows, owner, ownerKey }: { rows: PodRow[]; owner: string; ownerKey: string }) {
  const t = useTranslation();
  const { params, pathname } = useTabLinks();
  const prefix = podTablePrefix(ownerKey);
  const paged = pageOf(allRows, readTableState(params, prefix, []).page, DEFAULT_TABLE_PAGE_SIZE);
  const rows = paged.rows;
  if (allRows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("kubernetes.pods.none")}</p>;
  const headings = ["name", "phase", "status", "containersReady", "totalRestarts", "cpu", "memory"] as const;
  return (
    <ScrollRegion label={t("kubernetes.pods.title", { name: owner })}>
      <table className="w-full text-left text-sm" aria-label={t("kubernetes.pods.title", { name: owner })}>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {t(`kubernetes.pods.${heading}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.drawer} data-pod={row.name} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
              <td className="px-3 py-2">
                <ObjectLink link={row} />
              </td>
              <td className="px-3 py-2">{row.phase}</td>
              <td className="px-3 py-2">
                {row.status.length === 0 ? (
                  <StatusBadge status="ok">{t("kubernetes.pods.ok")}</StatusBadge>
                ) : (
                  <ul>
                    {row.status.map((cell) => (
                      <li key={`${cell.container}-${cell.reason}`}>
                        <StatusBadge status={cell.level}>
                          {cell.container}: {cell.reason}
                        </StatusBadge>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="px-3 py-2">{row.containersReady}</td>
              <td className="px-3 py-2">{row.totalRestarts}</td>
              <td className="px-3 py-2">{row.cpu ? <UsageLines lines={[row.cpu.requests, row.cpu.limits]} /> : t("kubernetes.pods.unknown")}</td>
              <td className="px-3 py-2">{row.memory ? <UsageLines lines={[row.memory.requests, row.memory.limits]} /> : t("kubernetes.pods.unknown")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {paged.pages > 1 ? (
        <Pagination
          label={t("kubernetes.pods.title", { name: owner })}
          links={{
            first: paged.page > 1 ? pageHref(pathname, params, prefix, 1) : undefined,
            previous: paged.page > 1 ? pageHref(pathname, params, prefix, paged.page - 1) : undefined,
            next: paged.page < paged.pages ? pageHref(pathname, params, prefix, paged.page + 1) : undefined,
            last: paged.page < paged.pages ? pageHref(pathname, params, prefix, paged.pages) : undefined,
          }}
        >
          <span>{t("uiKit.table.rows", { from: paged.from + 1, to: paged.from + rows.length, count: allRows.length })}</span>
        </Pagination>
      ) : null}
    </ScrollRegion>
  );
}

function UsageLines({ lines }: { lines: string[] }) {
  return (
    <span className="flex flex-col whitespace-nowrap">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}
