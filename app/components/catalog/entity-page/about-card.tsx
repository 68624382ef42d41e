import type { ReactNode } from "react";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import type { Entity } from "~/lib/catalog/entity";
import type { CardView } from "~/lib/catalog/entity-page/entity-page-view";
import type { Presentations } from "~/lib/catalog/presentation";
import { InfoCard } from "./info-card";

type AboutView = Extract<CardView, { card: "about" }>;

/**
 * Backstage's About card: description, owner, system, domain, type,
 * lifecycle and tags, with 'View Source' and 'Edit' from the entity's
 * source-location, view-url and edit-url annotations. Every link goes
 * through the app's Link, so a javascript: URL in an annotation is refused.
 */
export function AboutCard({ view, entity, presentations }: { view: AboutView; entity: Entity; presentations: Presentations }) {
  const t = useTranslation();
  const { facts, links } = view;
  const unknown = <span className="text-slate-500 dark:text-slate-400">{t("entityPage.about.unknown")}</span>;
  const ref = (value: string | undefined, defaultKind?: string) => (value ? <EntityRefLink entityRef={value} presentations={presentations} defaultKind={defaultKind} /> : unknown);
  const kind = entity.kind.toLocaleLowerCase("en-US");
  const actionClass = "inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-semibold text-brand-600 hover:bg-brand-100/40 dark:text-brand-100";
  return (
    <InfoCard
      id="about"
      title={t("entityPage.about.title")}
      actions={
        <div className="flex flex-wrap gap-1">
          {links.viewUrl ? (
            <Link to={links.viewUrl} className={actionClass}>
              {t("entityPage.about.viewSource")}
            </Link>
          ) : null}
          {links.editUrl ? (
            <Link to={links.editUrl} className={actionClass}>
              {t("entityPage.about.edit")}
            </Link>
          ) : null}
          {view.docsPath ? (
            <Link to={view.docsPath} className={actionClass}>
              {t("entityPage.about.viewTechDocs")}
            </Link>
          ) : null}
          {view.launchTemplatePath ? (
            <Link to={view.launchTemplatePath} className={actionClass}>
              {t("entityPage.about.launchTemplate")}
            </Link>
          ) : null}
        </div>
      }
    >
      {links.missingLocation ? (
        <p role="status" className="mb-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {t("entityPage.about.missingLocation", { ref: links.missingLocation })}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t("entityPage.about.description")} wide>
          {facts.description ?? <span className="text-slate-500 dark:text-slate-400">{t("entityPage.about.noDescription")}</span>}
        </Field>
        <Field label={t("entityPage.about.owner")}>
          {facts.owners.length === 0
            ? unknown
            : facts.owners.map((owner, index) => (
                <span key={owner}>
                  {index > 0 ? ", " : null}
                  {ref(owner, "group")}
                </span>
              ))}
        </Field>
        {kind === "component" || kind === "api" || kind === "resource" ? <Field label={t("entityPage.about.system")}>{ref(facts.system, "system")}</Field> : null}
        {kind === "system" ? <Field label={t("entityPage.about.domain")}>{ref(facts.domain, "domain")}</Field> : null}
        {facts.parentComponent ? <Field label={t("entityPage.about.parentComponent")}>{ref(facts.parentComponent, "component")}</Field> : null}
        {facts.type || kind === "component" || kind === "api" || kind === "resource" ? <Field label={t("entityPage.about.type")}>{facts.type ?? unknown}</Field> : null}
        {facts.lifecycle || kind === "component" || kind === "api" ? <Field label={t("entityPage.about.lifecycle")}>{facts.lifecycle ?? unknown}</Field> : null}
        <Field label={t("entityPage.about.tags")} wide>
          {facts.tags.length === 0 ? (
            <span className="text-slate-500 dark:text-slate-400">{t("entityPage.about.noTags")}</span>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {facts.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-slate-200 px-2 py-0.5 text-xs dark:bg-slate-700">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </Field>
      </dl>
    </InfoCard>
  );
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-bold tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}
