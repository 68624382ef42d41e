import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "react-router";
import { BootErrorPage } from "./boot-error-page";
import { useRootData, useTranslation } from "./root-data";
import { STATUS_TEXT, serializeError } from "~/lib/errors";
import { ErrorPage } from "./error-page";
import { ErrorPanel } from "./error-panel";
import { PluginErrorPanel } from "./plugin-error-panel";

/** What a route shows for a status it threw (`throw data(body, { status })`): a component given the error. */
export type StatusHandler = (props: { error: ErrorResponse }) => ReactNode;

type SerializedError = ReturnType<typeof serializeError>;

type GeneralErrorBoundaryProps = {
  /** The area a failure belongs to: 'Error in {plugin}' with a Retry. */
  plugin?: string;
  /** The route's own page per status (entity not found, ...); any other status is the error page. */
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  /** The route's own page for an error it did not throw on purpose, instead of 'Error in {plugin}' or 'Something Went Wrong'. */
  unexpectedErrorHandler?: (error: SerializedError) => ReactNode;
};

/**
 * The one error boundary of every page; a route customises it through its
 * props, never with a boundary of its own. Statuses as the error page
 * ('ERROR {status}: {statusMessage}', 404 as PAGE NOT FOUND) unless the
 * route handles that status; code or configuration that failed to load as
 * the boot error page; any other error as the route's own handler, else
 * 'Error in {plugin}', else 'Something Went Wrong'.
 */
export function GeneralErrorBoundary({ plugin, statusHandlers, unexpectedErrorHandler }: GeneralErrorBoundaryProps) {
  const error = useRouteError();
  const t = useTranslation();
  const root = useRootData();

  if (isRouteErrorResponse(error)) {
    const Handler = statusHandlers?.[error.status] ?? StatusErrorPage;
    return <Handler error={error} />;
  }

  const serialized = serializeError(error);
  const lazy = lazyLoadFailure(serialized);
  if (lazy) return <BootErrorPage step={lazy} detail={serialized.message} />;
  if (serialized.name === "ConfigError") return <BootErrorPage step="config" detail={serialized.message} />;
  if (unexpectedErrorHandler) return unexpectedErrorHandler(serialized);
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

/** The default for a status: the error page, with Backstage's error message and stack when the body has them. */
export function StatusErrorPage({ error }: { error: ErrorResponse }) {
  const t = useTranslation();
  const { message, stack } = errorResponseDetail(error.data);
  if (error.status === 404) return <ErrorPage status={404} statusMessage={t("errorPage.notFound")} additionalInfo={message} stack={stack} />;
  const statusMessage = (error.statusText || STATUS_TEXT[error.status] || "Error").toUpperCase();
  return <ErrorPage status={error.status} statusMessage={statusMessage} additionalInfo={message} stack={stack} />;
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
  if (
    error.name === "ChunkLoadError" ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  ) {
    return "lazyChunk";
  }
  // Code that arrived but failed to evaluate: areas that lazy-load a module
  // (graphs, the terminal) wrap such failures as LazyLoadError.
  if (error.name === "LazyLoadError") return "lazyPlugin";
  return undefined;
}
