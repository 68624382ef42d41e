import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import type { CardView } from "~/lib/catalog/entity-page/entity-page-view";
import { InfoCard } from "./info-card";

/** metadata.links, each through the app's Link (javascript: refused, outside links in a new window). */
export function LinksCard({ view }: { view: Extract<CardView, { card: "links" }> }) {
  const t = useTranslation();
  return (
    <InfoCard id="links" title={t("entityPage.cards.links")}>
      {view.links.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t("entityPage.cards.noLinks")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {view.links.map((link, index) => (
            <li key={`${link.url}-${index}`}>
              <Link to={link.url} className="text-brand-600 hover:underline dark:text-brand-300">
                {link.title || link.url}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </InfoCard>
  );
}

export function LabelsCard({ view }: { view: Extract<CardView, { card: "labels" }> }) {
  const t = useTranslation();
  return (
    <InfoCard id="labels" title={t("entityPage.cards.labels")}>
      {view.labels.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t("entityPage.cards.noLabels")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("entityPage.cards.label")}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t("entityPage.cards.value")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.labels.map(([label, value]) => (
              <tr key={label}>
                <td className="py-1 pr-4 font-mono">{label}</td>
                <td className="py-1 font-mono">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </InfoCard>
  );
}
