import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import type { ReaderPageData } from "~/lib/techdocs/reader-page";
import { navTrail } from "~/lib/techdocs/reader-nav";
import { DocsArticle } from "./docs-article";
import { DocsNavigation } from "./docs-nav";
import { DocsBuildFailed, DocsBuilding, DocsNotFound } from "./reader-states";
import { TextSizeForm } from "./text-size-form";
import { useDocsSync } from "./use-docs-sync";

// The docs reader: the site's header (unless inside the entity page, whose
// header names the entity already), the navigation, the article with its
// breadcrumbs, edit and source links, the table of contents and the pager.
// `readerBase` is where the reader lives: /docs/... or the Docs tab.

type ReadyData = Extract<ReaderPageData, { status: "ready" }>;

export function DocsReaderPage({ data, readerBase, embedded = false }: { data: ReaderPageData; readerBase: string; embedded?: boolean }) {
  return (
    <div className="docs-reader flex flex-col gap-4">
      {embedded ? null : <ReaderHeader data={data} />}
      {data.status === "ready" ? (
        <DocsReader data={data} readerBase={readerBase} embedded={embedded} />
      ) : (
        <div className="px-6 py-6">
          {data.status === "notFound" ? <DocsNotFound emptyPath={data.emptyPath} readerBase={readerBase} /> : null}
          {data.status === "failed" ? <DocsBuildFailed message={data.message} log={data.log} /> : null}
          {data.status === "building" ? <DocsBuilding log={data.log} entityRef={data.header.entityRef} /> : null}
        </div>
      )}
    </div>
  );
}

function ReaderHeader({ data }: { data: ReaderPageData }) {
  const t = useTranslation();
  const siteName = data.status === "ready" ? data.view.site.siteName || data.header.title : data.header.title;
  const description = data.status === "ready" ? data.view.site.siteDescription : undefined;
  return (
    <header data-page-theme="documentation" className="docs-header px-6 py-6 text-white shadow">
      <h1 className="text-3xl font-bold">{siteName}</h1>
      {description ? <p className="mt-1 text-white/90">{description}</p> : null}
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="font-semibold">{data.header.kind}:</dt>
          <dd>
            <Link to={data.header.entityPath} className="underline">
              {data.header.title}
            </Link>
          </dd>
        </div>
        {data.header.owners.length ? (
          <div className="flex gap-1">
            <dt className="font-semibold">{t("techdocs.reader.owner")}:</dt>
            <dd className="docs-header-owners">
              {data.header.owners.map((owner, index) => (
                <span key={owner}>
                  {index > 0 ? ", " : null}
                  <EntityRefLink entityRef={owner} defaultKind="group" className="underline" />
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {data.header.lifecycle ? (
          <div className="flex gap-1">
            <dt className="font-semibold">{t("techdocs.reader.lifecycle")}:</dt>
            <dd>{data.header.lifecycle}</dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}

function DocsReader({ data, readerBase, embedded }: { data: ReadyData; readerBase: string; embedded: boolean }) {
  const t = useTranslation();
  const { view } = data;
  const trail = navTrail(view.site.nav, view.page.path);
  const sections = trail.slice(0, -1);
  return (
    <div className={`grid gap-6 ${embedded ? "" : "px-6 pb-8"} lg:grid-cols-[16rem_minmax(0,1fr)_14rem]`}>
      <DocsNavigation nav={view.site.nav} pagePath={view.page.path} readerBase={readerBase} />
      <div className="flex min-w-0 flex-col gap-4">
        <UpdateNotice data={data} />
        <nav aria-label={t("techdocs.reader.breadcrumbs")} className="text-sm">
          <ol className="flex flex-wrap gap-1">
            <li>
              <Link to={`${readerBase}/`} className="docs-link">
                {view.site.siteName}
              </Link>
            </li>
            {sections.map((section, index) => (
              <li key={`${section.title}-${index}`}>
                <span aria-hidden="true">/ </span>
                {section.path !== undefined ? (
                  <Link to={`${readerBase}/${section.path}`} className="docs-link">
                    {section.title}
                  </Link>
                ) : (
                  section.title
                )}
              </li>
            ))}
            {view.page.path !== "" ? (
              <li aria-current="page">
                <span aria-hidden="true">/ </span>
                {view.page.title}
              </li>
            ) : null}
          </ol>
        </nav>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap gap-4 text-sm">
            {view.editUrl ? (
              <Link to={view.editUrl} className="docs-link font-semibold" data-testid="docs-edit-link">
                {t("techdocs.reader.editPage")}
              </Link>
            ) : null}
            {view.sourceUrl ? (
              <Link to={view.sourceUrl} className="docs-link">
                {t("techdocs.reader.source")}
              </Link>
            ) : null}
          </div>
          <TextSizeForm textSize={data.textSize} />
        </div>
        <DocsArticle html={view.html} readerBase={readerBase} textSize={data.textSize} issueRepository={data.issueRepository} />
        <Pager data={data} readerBase={readerBase} />
      </div>
      <TableOfContents data={data} />
    </div>
  );
}

function TableOfContents({ data }: { data: ReadyData }) {
  const t = useTranslation();
  const entries = data.view.page.toc;
  if (entries.length === 0) return <div />;
  return (
    <aside aria-label={t("techdocs.reader.toc")} className="docs-toc text-sm">
      <h2 className="mb-2 font-semibold">{t("techdocs.reader.tocTitle")}</h2>
      <ul className="flex flex-col gap-1">
        {entries.map((entry) => (
          <li key={entry.id} style={{ paddingLeft: `${(entry.level - 2) * 0.75}rem` }}>
            <a href={`#${entry.id}`} className="docs-link">
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function Pager({ data, readerBase }: { data: ReadyData; readerBase: string }) {
  const t = useTranslation();
  const { previous, next } = data.view;
  if (!previous && !next) return null;
  return (
    <nav aria-label={t("techdocs.reader.pager")} className="mt-6 flex justify-between gap-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      {previous ? (
        <Link to={`${readerBase}/${previous.path}`} rel="prev" className="docs-link flex flex-col">
          <span className="text-sm">{t("techdocs.reader.previous")}</span>
          <span className="font-semibold">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={`${readerBase}/${next.path}`} rel="next" className="docs-link flex flex-col text-right">
          <span className="text-sm">{t("techdocs.reader.next")}</span>
          <span className="font-semibold">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * Once the page is shown, the reader syncs the docs over the event stream
 * (use-docs-sync.ts); when it ends, the page asks its own loader again in the
 * background (a fetcher: what is shown stays) and, if the published build
 * changed, says so, as Backstage does. While a build runs it says that one is
 * being prepared.
 */
function UpdateNotice({ data }: { data: ReadyData }) {
  const t = useTranslation();
  // The docs route's loader answers `reader`; the entity page's has it in its Docs card.
  const fetcher = useFetcher<{ reader?: ReaderPageData; view?: { cards: Array<{ card: string; reader?: ReaderPageData }> } }>();
  const location = useLocation();
  const [building, setBuilding] = useState(data.updating);
  const shown = data.view.buildTimestamp;
  const fetched = fetcher.data?.reader ?? fetcher.data?.view?.cards.find((card) => card.card === "techdocs")?.reader;
  const newer = fetched?.status === "ready" && fetched.view.buildTimestamp !== shown;
  const path = `${location.pathname}${location.search}`;

  // One sync per docs site shown (Backstage syncs when the reader opens an entity's docs, not on every page).
  useDocsSync(data.header.entityRef, true, {
    onLog: () => setBuilding(true),
    onDone: () => {
      setBuilding(false);
      void fetcher.load(path);
    },
    onUnavailable: () => setBuilding(false),
  });

  if (newer) {
    return (
      <div role="status" className="docs-notice rounded border border-brand-600 px-4 py-2" data-testid="docs-newer-version">
        {t("techdocs.reader.newerVersion")}{" "}
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="docs-link font-semibold">
          {t("techdocs.reader.refresh")}
        </Link>
      </div>
    );
  }
  if (!building) return null;
  return (
    <div role="status" className="docs-notice rounded border border-slate-300 px-4 py-2 text-sm dark:border-slate-600">
      {t("techdocs.reader.updating")}
    </div>
  );
}
