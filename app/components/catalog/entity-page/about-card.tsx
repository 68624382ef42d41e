import type { ReactNode } from "react";
import { Form, useActionData } from "react-router";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import type { Entity } from "~/lib/catalog/entity";
import { REFRESH_ENTITY_INTENT } from "~/lib/catalog/entity-dialogs";
import { formReplyOf, replyErrors } from "~/lib/forms/reply";
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
  const actionClass = "inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-semibold text-brand-600 hover:bg-brand-100/40 dark:text-brand-300";
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
          {view.refresh ? <RefreshButton className={actionClass} /> : null}
        </div>
      }
    >
      <RefreshRefusal />
      {links.missingLocation ? (
        <p role="status" className="mb-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {t("entityPage.about.missingLocation", { ref: links.missingLocation })}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CardField label={t("entityPage.about.description")} wide>
          {facts.description ?? <span className="text-slate-500 dark:text-slate-400">{t("entityPage.about.noDescription")}</span>}
        </CardField>
        <CardField label={t("entityPage.about.owner")}>
          {facts.owners.length === 0
            ? unknown
            : facts.owners.map((owner, index) => (
                <span key={owner}>
                  {index > 0 ? ", " : null}
                  {ref(owner, "group")}
                </span>
              ))}
        </CardField>
        {kind === "component" || kind === "api" || kind === "resource" ? <CardField label={t("entityPage.about.system")}>{ref(facts.system, "system")}</CardField> : null}
        {kind === "system" ? <CardField label={t("entityPage.about.domain")}>{ref(facts.domain, "domain")}</CardField> : null}
        {facts.parentComponent ? <CardField label={t("entityPage.about.parentComponent")}>{ref(facts.parentComponent, "component")}</CardField> : null}
        {facts.type || kind === "component" || kind === "api" || kind === "resource" ? <CardField label={t("entityPage.about.type")}>{facts.type ?? unknown}</CardField> : null}
        {facts.lifecycle || kind === "component" || kind === "api" ? <CardField label={t("entityPage.about.lifecycle")}>{facts.lifecycle ?? unknown}</CardField> : null}
        <CardField label={t("entityPage.about.tags")} wide>
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
        </CardField>
      </dl>
    </InfoCard>
  );
}

/** One labelled fact of a card, as Backstage's AboutField. */
export function CardField({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-bold tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

/** Backstage's "Schedule entity refresh": a form post to the entity page's action, so it works without JavaScript. */
function RefreshButton({ className }: { className: string }) {
  const t = useTranslation();
  return (
    <Form method="post" id="entity-refresh">
      <input type="hidden" name="intent" value={REFRESH_ENTITY_INTENT} />
      <button type="submit" className={className} title={t("entityPage.about.refresh")}>
        <span aria-hidden="true">↻</span>
        {t("entityPage.about.refresh")}
      </button>
    </Form>
  );
}

/** Why a refresh was refused (the action's reply to the refresh form, with its status). */
function RefreshRefusal() {
  const reply = formReplyOf(useActionData());
  const errors = reply?.initialValue?.intent === REFRESH_ENTITY_INTENT ? replyErrors(reply) : [];
  if (errors.length === 0) return null;
  return (
    <p role="alert" data-testid="refresh-error" className="mb-3 rounded bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      {errors.join(" ")}
    </p>
  );
}
