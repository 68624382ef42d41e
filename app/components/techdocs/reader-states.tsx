import { useEffect, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import { BUILDING_REFRESH_SECONDS } from "~/lib/techdocs/reader-page";
import { useDocsSync } from "./use-docs-sync";

// What the reader shows when there is no page to show: the page is not
// there (404), the build failed (500), or the first build still runs.

export function DocsNotFound({ emptyPath, readerBase }: { emptyPath: boolean; readerBase: string }) {
  const t = useTranslation();
  return (
    <section className="docs-state flex flex-col gap-3" data-testid="docs-not-found">
      <h2 className="text-2xl font-semibold">{t("techdocs.reader.notFound")}</h2>
      {emptyPath ? (
        <p>{t("techdocs.reader.notFoundIndexHint")}</p>
      ) : (
        <p>
          <Link to={`${readerBase}/`} className="docs-link font-semibold">
            {t("techdocs.reader.backToDocs")}
          </Link>
        </p>
      )}
    </section>
  );
}

export function DocsBuildFailed({ message, log }: { message: string; log: string[] }) {
  const t = useTranslation();
  return (
    <section role="alert" className="docs-state flex flex-col gap-3" data-testid="docs-build-failed">
      <h2 className="text-2xl font-semibold">{t("techdocs.reader.failed")}</h2>
      <p className="font-mono text-sm">{message}</p>
      <BuildLog log={log} open />
    </section>
  );
}

export function DocsBuilding({ log, entityRef }: { log: string[]; entityRef: string }) {
  const t = useTranslation();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [lines, setLines] = useState(log);
  const [polling, setPolling] = useState(false);
  // With JavaScript the build's own event stream says when it is done (and shows its log as it goes);
  // the loader is asked again then, or every few seconds should the stream not be available.
  useDocsSync(entityRef, true, {
    onLog: (line) => setLines((before) => (before.includes(line) ? before : [...before, line])),
    onDone: () => void revalidator.revalidate(),
    onUnavailable: () => setPolling(true),
  });
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void revalidator.revalidate(), BUILDING_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [polling, revalidator]);
  return (
    <section className="docs-state flex flex-col gap-3" data-testid="docs-building" aria-live="polite">
      {/* Without JavaScript the page looks again by itself; with it, the loader is revalidated instead. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(BUILDING_REFRESH_SECONDS)} />
      </noscript>
      <p className="font-semibold">{t("techdocs.reader.building")}</p>
      <p>
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="docs-link">
          {t("techdocs.reader.refreshNow")}
        </Link>
      </p>
      <BuildLog log={lines} />
    </section>
  );
}

function BuildLog({ log, open }: { log: string[]; open?: boolean }) {
  const t = useTranslation();
  if (log.length === 0) return null;
  return (
    <details open={open}>
      <summary className="cursor-pointer font-semibold">{t("techdocs.reader.buildLog")}</summary>
      <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">{log.join("\n")}</pre>
    </details>
  );
}
