import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { StarButton } from "~/components/catalog/star-button";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import { indexHref, indexOrder, SORT_FIELDS, type CatalogIndexQuery, type SortColumn } from "~/lib/catalog/catalog-index/index-query";
import { indexColumns, type IndexColumn } from "~/lib/catalog/catalog-index/index-columns";
import type { IndexRow } from "~/lib/catalog/catalog-index/index-row";
import { entityRoute } from "~/lib/catalog/entity-route";
import type { Presentations } from "~/lib/catalog/presentation";
import type { TranslationKey } from "~/lib/i18n/i18n";

const COLUMN_HEADERS: Record<IndexColumn, { label: TranslationKey; sort?: SortColumn }> = {
  name: { label: "catalogIndex.table.name", sort: "name" },
  namespace: { label: "catalogIndex.table.namespace" },
  system: { label: "catalogIndex.table.system", sort: "system" },
  owner: { label: "catalogIndex.table.owner", sort: "owner" },
  type: { label: "catalogIndex.table.type", sort: "type" },
  lifecycle: { label: "catalogIndex.table.lifecycle", sort: "lifecycle" },
  targets: { label: "catalogIndex.table.targets" },
  description: { label: "catalogIndex.table.description" },
  tags: { label: "catalogIndex.table.tags" },
  actions: { label: "catalogIndex.table.actions" },
};

/** The page of entities, in the kind's columns (index-columns.ts); column headers are links that order the whole result on the server. */
export function EntityTable({ query, rows, presentations, signedIn }: { query: CatalogIndexQuery; rows: IndexRow[]; presentations: Presentations; signedIn: boolean }) {
  const t = useTranslation();
  const columns = indexColumns(query.kind, rows, { typeChosen: query.lists.type.length > 0 });
  const cell = (column: IndexColumn, row: IndexRow) => {
    switch (column) {
      case "name":
        return (
          <td key={column} className="px-2 py-2 font-medium">
            <EntityRefLink entityRef={row.entityRef} presentations={presentations} defaultKind={query.kind} />
          </td>
        );
      case "namespace":
        return (
          <td key={column} className="px-2 py-2">
            {row.namespace}
          </td>
        );
      case "system":
        return (
          <td key={column} className="px-2 py-2">
            <RefList refs={row.systemRefs} presentations={presentations} defaultKind="system" />
          </td>
        );
      case "owner":
        return (
          <td key={column} className="px-2 py-2">
            <RefList refs={row.ownerRefs} presentations={presentations} defaultKind="group" />
          </td>
        );
      case "type":
        return (
          <td key={column} className="px-2 py-2">
            {row.type}
          </td>
        );
      case "lifecycle":
        return (
          <td key={column} className="px-2 py-2">
            {row.lifecycle}
          </td>
        );
      case "targets":
        return (
          <td key={column} className="px-2 py-2 break-all">
            {row.targets.join(", ")}
          </td>
        );
      case "description":
        return (
          <td key={column} className="max-w-xs px-2 py-2">
            <span className="line-clamp-3">{row.description}</span>
          </td>
        );
      case "tags":
        return (
          <td key={column} className="px-2 py-2">
            <ul className="flex flex-wrap gap-1">
              {row.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
                  {tag}
                </li>
              ))}
            </ul>
          </td>
        );
      case "actions":
        return (
          <td key={column} className="px-2 py-2">
            <RowActions row={row} signedIn={signedIn} />
          </td>
        );
    }
  };
  return (
    // Positioned, so the screen-reader-only texts of the row actions (position: absolute) are clipped
    // with the table: without it they escape the scrolling box and widen a phone's page to the table's width.
    <div className="relative overflow-x-auto rounded bg-white shadow dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <tr>
            {columns.map((column) => (
              <SortableHeader key={column} query={query} label={t(COLUMN_HEADERS[column].label)} sort={COLUMN_HEADERS[column].sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-600 dark:text-slate-300">
                {t("catalogIndex.table.empty")}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.entityRef} data-entity-ref={row.entityRef} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                {columns.map((column) => cell(column, row))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortableHeader({ query, label, sort }: { query: CatalogIndexQuery; label: string; sort?: SortColumn }) {
  const t = useTranslation();
  if (!sort) {
    return (
      <th scope="col" className="px-2 py-3">
        {label}
      </th>
    );
  }
  const field = SORT_FIELDS[sort];
  const order = indexOrder(query);
  const current = order.field === field ? order.order : undefined;
  const next = current === "asc" ? "desc" : "asc";
  return (
    <th scope="col" className="px-2 py-3" aria-sort={current === "asc" ? "ascending" : current === "desc" ? "descending" : undefined}>
      <Link to={indexHref(query, { order: { field, order: next } })} title={t("catalogIndex.table.sortBy", { column: label })} className="inline-flex items-center gap-1 hover:underline">
        {label}
        {current ? <span aria-hidden="true">{current === "asc" ? "▲" : "▼"}</span> : null}
      </Link>
    </th>
  );
}

function RefList({ refs, presentations, defaultKind }: { refs: string[]; presentations: Presentations; defaultKind: string }) {
  return (
    <>
      {refs.map((ref, index) => (
        <span key={ref}>
          {index > 0 ? ", " : null}
          <EntityRefLink entityRef={ref} presentations={presentations} defaultKind={defaultKind} />
        </span>
      ))}
    </>
  );
}

function RowActions({ row, signedIn }: { row: IndexRow; signedIn: boolean }) {
  const t = useTranslation();
  const view = t("catalogIndex.table.view", { title: row.title });
  const edit = t("catalogIndex.table.edit", { title: row.title });
  return (
    <div className="flex items-center gap-1">
      <Link to={entityRoute(row.entityRef)} title={view} aria-label={view} className="rounded p-1 hover:bg-black/10">
        <ActionIcon path="M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z" />
      </Link>
      {row.editUrl ? (
        <Link to={row.editUrl} title={edit} aria-label={edit} className="rounded p-1 hover:bg-black/10">
          <ActionIcon path="M4 17.2V20h2.8l8.3-8.3-2.8-2.8zM19.7 7.1a1 1 0 0 0 0-1.4l-1.4-1.4a1 1 0 0 0-1.4 0l-1.3 1.3 2.8 2.8z" />
        </Link>
      ) : null}
      {signedIn ? <StarButton entityRef={row.entityRef} starred={row.starred} title={row.title} /> : null}
    </div>
  );
}

function ActionIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 fill-current">
      <path d={path} />
    </svg>
  );
}
