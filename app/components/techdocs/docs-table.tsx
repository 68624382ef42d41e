import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import type { Presentations } from "~/lib/catalog/presentation";
import type { DocsIndexRow } from "~/lib/techdocs/docs-index";

// The documented entities as a table: the document (a link to the reader),
// its description, owner and type (Backstage's DocsTable columns).

export function DocsTable({ rows, presentations, caption }: { rows: DocsIndexRow[]; presentations: Presentations; caption?: string }) {
  const t = useTranslation();
  return (
    <ScrollRegion label={caption ?? t("techdocs.index.title")} className="rounded bg-white shadow dark:bg-slate-900">
      <table className="w-full text-left text-sm" data-testid="docs-table">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t("techdocs.index.name")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("techdocs.index.description")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("techdocs.index.owner")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("techdocs.index.type")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="px-4 py-8 text-center text-slate-600 dark:text-slate-300">
                {t("techdocs.index.empty")}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.entityRef} data-entity-ref={row.entityRef} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                <td className="px-4 py-2 font-medium">
                  <Link to={row.docsPath} className="docs-link">
                    {row.title}
                  </Link>
                </td>
                <td className="max-w-md px-4 py-2">{row.description}</td>
                <td className="px-4 py-2">
                  {row.ownerRefs.map((owner, index) => (
                    <span key={owner}>
                      {index > 0 ? ", " : null}
                      <EntityRefLink entityRef={owner} presentations={presentations} defaultKind="group" className="docs-link" />
                    </span>
                  ))}
                </td>
                <td className="px-4 py-2">{row.type}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The same entities as cards (the custom home's DocsCardGrid). */
export function DocsCardGrid({ rows }: { rows: DocsIndexRow[] }) {
  const t = useTranslation();
  if (rows.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t("techdocs.index.empty")}</p>;
  return (
    <ul className="grid gap-4 [grid-template-columns:repeat(auto-fill,minmax(22em,1fr))]" data-testid="docs-card-grid">
      {rows.map((row) => (
        <li key={row.entityRef} className="flex flex-col gap-2 rounded bg-white p-4 shadow dark:bg-slate-900">
          <h3 className="text-lg font-semibold">{row.title}</h3>
          {row.description ? <p className="text-sm">{row.description}</p> : null}
          <p className="mt-auto">
            <Link to={row.docsPath} className="docs-link font-semibold">
              {t("entityPage.cards.readDocs")}
              <span className="sr-only"> ({row.title})</span>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
