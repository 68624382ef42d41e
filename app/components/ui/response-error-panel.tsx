import { useTranslation } from "./root-data";
import { ErrorPanel } from "./error-panel";
import type { ErrorResponseBody } from "./response-error";

/** A failed request: the error panel, with the request's method and URL and the whole error as JSON. */
export function ResponseErrorPanel({ title, body }: { title?: string; body: ErrorResponseBody }) {
  const t = useTranslation();
  return (
    <ErrorPanel title={title} error={body.error}>
      {body.request ? (
        <p className="mt-2 text-sm">
          {t("uiKit.responseError.request")}:{" "}
          <code className="font-mono">
            {body.request.method} {body.request.url}
          </code>
        </p>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm">{t("uiKit.responseError.fullError")}</summary>
        <pre data-testid="response-error-json" className="mt-2 overflow-auto text-xs whitespace-pre-wrap">
          {JSON.stringify(body, null, 2)}
        </pre>
      </details>
    </ErrorPanel>
  );
}
