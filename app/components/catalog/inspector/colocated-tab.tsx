import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { useTranslation } from "~/components/ui/root-data";
import type { InspectorTabData } from "~/lib/catalog/entity-dialogs";
import type { Presentations } from "~/lib/catalog/presentation";

type ColocatedData = Extract<InspectorTabData, { tab: "colocated" }>;

/** Other entities from the same location, then from the same origin; alerts when there is nothing to list. */
export function ColocatedTab({ data }: { data: ColocatedData }) {
  const t = useTranslation();
  const empty = data.atLocation.length === 0 && data.atOrigin.length === 0;
  return (
    <div>
      <h3 className="text-lg font-semibold">{t("entityDialogs.inspector.colocated.title")}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("entityDialogs.inspector.colocated.description")}</p>
      {!data.location && !data.origin ? (
        <Alert>{t("entityDialogs.inspector.colocated.alertNoLocation")}</Alert>
      ) : empty ? (
        <Alert>{t("entityDialogs.inspector.colocated.alertNoEntity")}</Alert>
      ) : (
        <>
          {data.location && data.atLocation.length > 0 ? (
            <Group header={t("entityDialogs.inspector.colocated.locationHeader")} source={data.location} refs={data.atLocation} presentations={data.presentations} />
          ) : null}
          {data.origin && data.atOrigin.length > 0 ? (
            <Group header={t("entityDialogs.inspector.colocated.originHeader")} source={data.origin} refs={data.atOrigin} presentations={data.presentations} />
          ) : null}
        </>
      )}
    </div>
  );
}

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="mt-4 rounded border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
      {children}
    </p>
  );
}

function Group({ header, source, refs, presentations }: { header: string; source: string; refs: string[]; presentations: Presentations }) {
  const t = useTranslation();
  return (
    <section className="mt-4">
      <h4 className="font-semibold">{header}</h4>
      <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">{source}</p>
      <ul aria-label={t("entityDialogs.inspector.colocated.listLabel")} className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {refs.map((ref) => (
          <li key={ref}>
            <EntityRefLink entityRef={ref} presentations={presentations} />
          </li>
        ))}
      </ul>
    </section>
  );
}
