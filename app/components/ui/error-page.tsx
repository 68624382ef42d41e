import { useRootData, useTranslation } from "./root-data";
import { DEFAULT_SUPPORT_URL } from "~/lib/config/runtime";
import { Link } from "./link";
import { SupportButton } from "./support-button";

type ErrorPageProps = {
  status: number | string;
  statusMessage: string;
  additionalInfo?: string;
  stack?: string;
};

/**
 * The full-page error: 'ERROR {status}: {statusMessage}', a go-back link, a
 * contact-support link, the support button and, when there is one, the
 * stack behind a show/hide toggle.
 */
export function ErrorPage({ status, statusMessage, additionalInfo, stack }: ErrorPageProps) {
  const t = useTranslation();
  const root = useRootData();
  const supportUrl = root?.config.support.url ?? DEFAULT_SUPPORT_URL;
  const home = `${root?.config.basePath ?? ""}/`;
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-16">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-lg font-semibold text-red-700 dark:text-red-300" data-testid="error-status">
            {t("errorPage.subtitle", { status, statusMessage })}
          </p>
          {additionalInfo ? <p className="mt-2 text-slate-600 dark:text-slate-300">{additionalInfo}</p> : null}
        </div>
        <SupportButton />
      </div>
      <h1 className="mt-6 text-4xl font-bold">{t("errorPage.title")}</h1>
      <p className="mt-4 text-lg">
        {/* A link to the previous page; history.back() when scripts run, the home page when they don't. */}
        <a href={home} onClick={goBack} className="text-brand-600 dark:text-brand-300" data-testid="go-back-link">
          {t("errorPage.goBack")}
        </a>{" "}
        {t("errorPage.contactSupportBefore")}{" "}
        <Link to={supportUrl} className="text-brand-600 dark:text-brand-300">
          {t("errorPage.contactSupport")}
        </Link>{" "}
        {t("errorPage.contactSupportAfter")}
      </p>
      {stack ? (
        <details className="group mt-8">
          <summary className="cursor-pointer text-sm font-medium">
            <span className="group-open:hidden">{t("errorPage.showMoreDetails")}</span>
            <span className="hidden group-open:inline">{t("errorPage.showLessDetails")}</span>
          </summary>
          <pre className="mt-3 overflow-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap dark:bg-slate-900">{stack}</pre>
        </details>
      ) : null}
    </main>
  );
}

function goBack(event: React.MouseEvent<HTMLAnchorElement>) {
  if (window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
}
