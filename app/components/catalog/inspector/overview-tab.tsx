import type { ReactNode } from "react";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { useTranslation } from "~/components/ui/root-data";
import type { Entity } from "~/lib/catalog/entity";
import { stringifyEntityRef } from "~/lib/catalog/entity-ref";
import type { Presentations } from "~/lib/catalog/presentation";
import { CopyButton } from "./copy-button";

const STATUS_STYLES: Record<string, string> = {
  error: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
};

/** Identity (each value copyable), metadata, relations grouped by type, and status items. */
export function OverviewTab({ entity, presentations }: { entity: Entity; presentations: Presentations }) {
  const t = useTranslation();
  const specType = typeof entity.spec?.type === "string" ? entity.spec.type : undefined;
  const identity: Array<[string, string | undefined]> = [
    ["apiVersion", entity.apiVersion],
    ["kind", entity.kind],
    ["spec.type", specType],
    ["uid", entity.metadata.uid],
    ["etag", entity.metadata.etag],
    ["entityRef", stringifyEntityRef(entity)],
  ];
  const relationsByType = new Map<string, string[]>();
  for (const relation of [...(entity.relations ?? [])].sort((a, b) => a.type.localeCompare(b.type))) {
    relationsByType.set(relation.type, [...(relationsByType.get(relation.type) ?? []), relation.targetRef]);
  }
  const statusItems = entity.status?.items ?? [];

  return (
    <div className="space-y-6">
      <Section title={t("entityDialogs.inspector.overview.identity")}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {identity
            .filter((entry): entry is [string, string] => Boolean(entry[1]))
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold">{label}</dt>
                <dd className="flex items-center gap-1 font-mono break-all" data-testid={`inspector-identity-${label}`}>
                  <span>{value}</span>
                  <CopyButton text={value} label={label} />
                </dd>
              </div>
            ))}
        </dl>
      </Section>

      <Section title={t("entityDialogs.inspector.overview.metadata")}>
        <KeyValues title={t("entityDialogs.inspector.overview.annotations")} values={entity.metadata.annotations} />
        <KeyValues title={t("entityDialogs.inspector.overview.labels")} values={entity.metadata.labels} />
        <h4 className="mt-3 text-sm font-semibold">{t("entityDialogs.inspector.overview.tags")}</h4>
        {entity.metadata.tags?.length ? (
          <ul className="mt-1 flex flex-wrap gap-1">
            {entity.metadata.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-200 px-2 py-0.5 text-xs dark:bg-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        ) : (
          <None />
        )}
      </Section>

      <Section title={t("entityDialogs.inspector.overview.relations")}>
        {relationsByType.size === 0 ? <None /> : null}
        {[...relationsByType].map(([type, refs]) => (
          <div key={type} className="mt-2">
            <h4 className="text-sm font-semibold">{type}</h4>
            <ul className="mt-1 list-disc space-y-0.5 pl-6 text-sm">
              {refs.map((ref) => (
                <li key={ref}>
                  <EntityRefLink entityRef={ref} presentations={presentations} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Section>

      {statusItems.length > 0 ? (
        <Section title={t("entityDialogs.inspector.overview.status")}>
          <ul className="space-y-2 text-sm">
            {statusItems.map((item, index) => (
              <li key={index} className="flex flex-wrap items-baseline gap-2">
                <span className={`rounded px-2 py-0.5 text-xs font-semibold uppercase ${STATUS_STYLES[item.level] ?? STATUS_STYLES.info}`}>{item.level}</span>
                <span className="font-mono text-xs">{item.type}</span>
                <span className="min-w-0 break-words">{item.message || item.error?.message}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function KeyValues({ title, values }: { title: string; values: Record<string, string> | undefined }) {
  const entries = Object.entries(values ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <h4 className="mt-3 text-sm font-semibold">{title}</h4>
      {entries.length === 0 ? (
        <None />
      ) : (
        <ul className="mt-1 space-y-0.5 font-mono text-xs">
          {entries.map(([key, value]) => (
            <li key={key} className="break-all">
              <span className="text-slate-600 dark:text-slate-400">{key}:</span> {value}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function None() {
  const t = useTranslation();
  return <p className="text-sm text-slate-500 italic dark:text-slate-400">{t("entityDialogs.inspector.overview.none")}</p>;
}
