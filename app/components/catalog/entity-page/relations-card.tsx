import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { useTranslation } from "~/components/ui/root-data";
import type { CardView } from "~/lib/catalog/entity-page/entity-page-view";
import { lookupPresentation, type Presentations } from "~/lib/catalog/presentation";
import { parseEntityRef } from "~/lib/catalog/entity-ref";
import type { MessageKey } from "~/lib/i18n/i18n";
import { InfoCard } from "./info-card";

type RelationsView = Extract<CardView, { card: "relations" }>;

/** One relation type's targets as a server-rendered table of entity links: name, kind and type. */
export function RelationsCard({ view, presentations, index }: { view: RelationsView; presentations: Presentations; index: number }) {
  const t = useTranslation();
  const title = view.name ? t(`entityPage.cards.${view.name}` as MessageKey) : (view.title ?? "");
  return (
    <InfoCard id={view.name ?? `relations-${index}`} title={title}>
      {view.refs.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t("entityPage.cards.empty")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("entityPage.cards.name")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("entityPage.cards.kind")}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t("entityPage.cards.typeColumn")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.refs.map((ref) => {
              const [, kind, type] = lookupPresentation(presentations, ref).secondaryTitle.split(" | ");
              return (
                <tr key={ref} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="py-2 pr-4">
                    <EntityRefLink entityRef={ref} presentations={presentations} />
                  </td>
                  <td className="py-2 pr-4">{kind ?? kindOf(ref)}</td>
                  <td className="py-2">{type ?? ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </InfoCard>
  );
}

function kindOf(ref: string): string {
  try {
    return parseEntityRef(ref).kind;
  } catch {
    return "";
  }
}
