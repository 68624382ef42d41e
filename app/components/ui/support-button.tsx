import { useRootData, useTranslation } from "~/components/shell/root-data";
import { Link } from "./link";

/** Lists app.support.items; a <details> menu, so it opens without JavaScript. */
export function SupportButton() {
  const t = useTranslation();
  const support = useRootData()?.config.support;
  const items = support?.items ?? [];
  return (
    <details className="relative">
      <summary className="cursor-pointer list-none rounded border border-current px-3 py-1 text-sm font-medium">{t("supportButton.title")}</summary>
      <div className="absolute right-0 z-20 mt-2 w-72 rounded bg-white p-3 text-slate-900 shadow-lg dark:bg-slate-800 dark:text-slate-100">
        {items.length === 0 ? (
          <div>
            <p className="font-medium">{t("supportButton.notConfigured")}</p>
            <Link to={support?.url ?? "https://backstage.io/docs/conf/"} className="text-sm text-brand-600 underline">
              {t("supportButton.notConfiguredLink")}
            </Link>
          </div>
        ) : (
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item.title}>
                <p className="font-medium">{item.title}</p>
                <ul>
                  {item.links.map((link) => (
                    <li key={link.url}>
                      <Link to={link.url} className="text-sm text-brand-600 underline dark:text-brand-100">
                        {link.title ?? link.url}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
