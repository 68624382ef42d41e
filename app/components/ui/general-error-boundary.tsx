import { isRouteErrorResponse, useRouteError } from "react-router";
import { BootErrorPage } from "~/components/shell/boot-error-page";
import { useRootData, useTranslation } from "~/components/shell/root-data";
import { STATUS_TEXT, serializeError } from "~/lib/errors";
import { ErrorPage } from "./error-page";
import { ErrorPanel } from "./error-panel";
import { PluginErrorPanel } from "./plugin-error-panel";

/**
 * The one error boundary every route builds on: 404s and other statuses as
 * the error page, code that failed to load as the boot error page, a failing
 * area as 'Error in {plugin}', anything else as 'Something Went Wrong'.
 */
export function GeneralErrorBoundary({ plugin }: { plugin?: string }) {
  const error = useRouteError();
  const t = useTranslation();
  const root = useRootData();

  if (isRouteErrorResponse(error)) {
    const { message, stack } = errorResponseDetail(error.data);
    if (error.status === 404) return <ErrorPage status={404} statusMessage={t("errorPage.notFound")} additionalInfo={message} stack={stack} />;
    const statusMessage = (error.statusText || STATUS_TEXT[error.status] || "Error").toUpperCase();
    return <ErrorPage status={error.status} statusMessage={statusMessage} additionalInfo={message} stack={stack} />;
  }

  const serialized = serializeError(error);
  const lazy = lazyLoadFailure(serialized);
  if (lazy) return <BootErrorPage step={lazy} detail={serialized.message} />;
  if (serialized.name === "ConfigError") return <BootErrorPage step="config" detail={serialized.message} />;
  if (plugin) return <PluginErrorPanel plugin={plugin} error={serialized} />;

  const channel = root?.config.support.items[0]?.links[0]?.title ?? t("errorBoundary.defaultChannel");
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-10">
      <ErrorPanel title={t("errorBoundary.title")} error={serialized}>
        <p className="mt-2">{t("errorBoundary.contact", { slackChannel: channel })}</p>
      </ErrorPanel>
    </main>
  );
}

/** Backstage's error body ({error: {message, stack?}}), a plain string, or nothing. */
function errorResponseDetail(data: unknown): { message?: string; stack?: string } {
  if (typeof data === "string") return { message: data || undefined };
  const error = (data as { error?: { message?: unknown; stack?: unknown } } | null)?.error;
  return {
    message: typeof error?.message === "string" ? error.message : undefined,
    stack: typeof error?.stack === "string" ? error.stack : undefined,
  };
}

/** Code split into chunks can fail to load after a deploy or on a flaky network. */
export function lazyLoadFailure(error: { name: string; message: string }): "lazyChunk" | "lazyPlugin" | undefined {
  if (error.name === "ChunkLoadError" || /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)) {
    return "lazyChunk";
  }
  // Code that arrived but failed to evaluate: areas that lazy-load a module
  // (graphs, the terminal) wrap such failures as LazyLoadError.
  if (error.name === "LazyLoadError") return "lazyPlugin";
  return undefined;
}
