import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import { entityRoute } from "~/lib/catalog/entity-route";
import type { TemplateCard, TemplateFilters, TemplateGroup } from "~/lib/scaffolder/wizard/template-list";

// The template list's parts: the filter form (a GET form, so it works
// without JavaScript and a filtered list is a link) and the cards, grouped
// by type, each with a Choose link into the wizard.

export function wizardPath(card: Pick<TemplateCard, "namespace" | "name">): string {
  return `/create/templates/${encodeURIComponent(card.namespace)}/${encodeURIComponent(card.name)}`;
}

type FacetsProps = { filters: TemplateFilters; facets: { tags: string[]; owners: Array<{ ref: string; label: string }> } };

export function TemplateFilterForm({ filters, facets }: FacetsProps) {
  const t = useTranslation();
  const box = "flex items-center gap-2 py-0.5";
  return (
    <Form method="get" aria-label={t("scaffolderWizard.list.filters")} className="flex w-full flex-col gap-4 rounded bg-white p-4 shadow md:w-64 dark:bg-slate-900">
      <h2 className="text-lg font-semibold">{t("scaffolderWizard.list.filters")}</h2>
      {facets.tags.length ? (
        <fieldset>
          <legend className="font-semibold">{t("scaffolderWizard.list.tags")}</legend>
          {facets.tags.map((tag) => (
            <label key={tag} className={box}>
              <input type="checkbox" name="tags" value={tag} defaultChecked={filters.tags.includes(tag)} className="h-4 w-4" />
              {tag}
            </label>
          ))}
        </fieldset>
      ) : null}
      {facets.owners.length ? (
        <fieldset>
          <legend className="font-semibold">{t("scaffolderWizard.list.owner")}</legend>
          {facets.owners.map((owner) => (
            <label key={owner.ref} className={box}>
              <input type="checkbox" name="owners" value={owner.ref} defaultChecked={filters.owners.includes(owner.ref)} className="h-4 w-4" />
              {owner.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {t("scaffolderWizard.list.apply")}
        </button>
        {filters.tags.length || filters.owners.length ? (
          <Link to="/create" className="rounded border border-slate-300 px-4 py-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
            {t("scaffolderWizard.list.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function TemplateGroups({ groups }: { groups: TemplateGroup[] }) {
  const t = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      {groups.map((group) => {
        const headingId = `template-group-${group.type || "other"}`;
        return (
          <section key={group.type} aria-labelledby={headingId}>
            <h2 id={headingId} className="mb-3 text-xl font-semibold capitalize">
              {group.type || t("scaffolderWizard.list.other")}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {group.templates.map((card) => (
                <li key={card.ref}>
                  <TemplateCardView card={card} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function TemplateCardView({ card }: { card: TemplateCard }) {
  const t = useTranslation();
  const titleId = `template-${card.namespace}-${card.name}`;
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded bg-white p-4 shadow dark:bg-slate-900">
      <header>
        {card.type ? <p className="text-xs tracking-wide text-slate-600 uppercase dark:text-slate-300">{card.type}</p> : null}
        <h3 id={titleId} className="text-lg font-semibold">
          {card.title}
        </h3>
      </header>
      {card.description ? <p className="text-slate-700 dark:text-slate-300">{card.description}</p> : null}
      {card.tags.length ? (
        <ul aria-label={t("scaffolderWizard.list.tags")} className="flex flex-wrap gap-1">
          {card.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex items-end justify-between gap-2">
        {card.owner ? (
          <p className="text-sm">
            <span className="text-slate-600 dark:text-slate-300">{t("scaffolderWizard.list.owner")}: </span>
            <Link to={entityRoute(card.owner.ref)} className="text-brand-700 dark:text-brand-300">
              {card.owner.label}
            </Link>
          </p>
        ) : (
          <span />
        )}
        <Link to={wizardPath(card)} aria-label={t("scaffolderWizard.list.chooseLabel", { title: card.title })} className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {t("scaffolderWizard.list.choose")}
        </Link>
      </div>
    </article>
  );
}
