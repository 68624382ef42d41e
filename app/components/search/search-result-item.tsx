import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import type { CatalogSearchDocument, TechDocsSearchDocument } from "~/lib/search/documents";
import type { SearchResult } from "~/lib/search/query";
import { Highlighted } from "./highlighted";

// One result of /search: a catalog entity (its title, kind, type, lifecycle
// and owner), or a docs page (Backstage's TechDocsSearchResultListItem: the
// entity, the page title and a snippet), matches highlighted.

export function SearchResultItem({ result }: { result: SearchResult }) {
  const t = useTranslation();
  const highlight = result.highlight;
  const field = (name: "title" | "text", fallback: string) =>
    highlight?.fields[name] !== undefined ? <Highlighted field={highlight.fields[name]} preTag={highlight.preTag} postTag={highlight.postTag} /> : fallback;
  const document = result.document as Partial<CatalogSearchDocument & TechDocsSearchDocument>;
  const location = typeof document.location === "string" ? document.location : "/";
  const meta =
    result.type === "techdocs"
      ? [t("search.results.docsOf", { entity: document.entityTitle || document.name || "" }), document.kind, document.owner]
      : [document.kind, document.type, document.lifecycle, document.owner];
  return (
    <li className="min-w-0 rounded border border-slate-200 bg-white p-4 [overflow-wrap:anywhere] dark:border-slate-700 dark:bg-slate-900">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{t(`search.types.${result.type}`)}</p>
      <h3 className="mt-1 text-lg font-semibold">
        <Link to={location} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {field("title", String(document.title ?? ""))}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{meta.filter(Boolean).join(" · ")}</p>
      {document.text ? <p className="mt-2 text-slate-800 dark:text-slate-200">{field("text", String(document.text))}</p> : null}
    </li>
  );
}
