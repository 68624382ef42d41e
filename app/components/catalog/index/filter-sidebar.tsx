import type { FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";
import { Select, type SelectOption } from "~/components/ui/select";
import { useTranslation } from "~/components/ui/root-data";
import { USER_FILTERS, type CatalogIndexQuery, type FacetOption, type FilterOptions, type ListFilter, type SearchableOption } from "~/lib/catalog/catalog-index/index-query";
import { lookupPresentation, type Presentations } from "~/lib/catalog/presentation";

export const FILTERS_FORM_ID = "catalog-filters";

/**
 * The filter sidebar: one GET form, so every choice becomes the URL and the
 * page works without JavaScript (an 'Apply filters' button submits it). With
 * JavaScript a changed choice submits at once. A changed filter starts again
 * from the first page: the form carries no cursor. Beside the table only on
 * screens of 1536 px and more; on narrower ones it is a grid above it, so the
 * table's columns keep their room. On a phone it is a closed "Filters"
 * disclosure (a <details>, no script needed), so the results come first; from
 * 640 px the summary is hidden and the content shown whatever the state
 * (`::details-content`, the part a closed <details> hides).
 */
export function FilterSidebar({ query, options, presentations }: { query: CatalogIndexQuery; options: FilterOptions; presentations: Presentations }) {
  const t = useTranslation();
  const submit = useSubmit();
  // Choices apply as soon as they change (a Select submits itself); typed text waits for Enter or leaving the box.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === "checkbox" || target.type === "radio") submit(event.currentTarget);
  };
  return (
    <aside className="w-full shrink-0 2xl:w-[315px]" aria-labelledby="catalog-filters-title">
      <details className="sm:details-content:block sm:details-content:[content-visibility:visible]" data-testid="catalog-filters">
        <summary className="cursor-pointer rounded bg-white p-3 font-semibold shadow-sm sm:hidden dark:bg-slate-900">{t("catalogIndex.filters.title")}</summary>
        <Form
          method="get"
          action="/catalog"
          id={FILTERS_FORM_ID}
          onChange={onChange}
          className="mt-4 grid grid-cols-1 items-start gap-4 sm:mt-0 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 2xl:flex 2xl:flex-col"
        >
          <div className="col-span-full flex items-center justify-end sm:justify-between">
            {/* On a phone the summary says it; the heading still names the region for a screen reader. */}
            <h2 id="catalog-filters-title" className="sr-only text-lg font-semibold sm:not-sr-only">
              {t("catalogIndex.filters.title")}
            </h2>
            <Link to="/catalog" className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300">
              {t("catalogIndex.filters.clearAll")}
            </Link>
          </div>
          {query.order ? <input type="hidden" name="orderField" value={`${query.order.field},${query.order.order}`} /> : null}

          <fieldset className="min-w-0 rounded bg-white p-3 shadow-sm dark:bg-slate-900">
            <legend className="sr-only">{t("catalogIndex.filters.user.label")}</legend>
            <p aria-hidden="true" className="mb-2 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">
              {t("catalogIndex.filters.user.label")}
            </p>
            {USER_FILTERS.map((value) => (
              <label key={value} className="flex items-center gap-2 py-1">
                <input type="radio" name="filters[user]" value={value} defaultChecked={query.user === value} />
                {t(`catalogIndex.filters.user.${value}`)}
              </label>
            ))}
          </fieldset>

          <SelectFilter id="filter-kind" label={t("catalogIndex.filters.kind")} name="filters[kind]" chosen={[query.kind]} options={options.kind} lowerCase />
          <SelectFilter
            id="filter-type"
            label={t("catalogIndex.filters.type")}
            name="filters[type]"
            chosen={query.lists.type}
            options={options.type}
            placeholder={t("catalogIndex.filters.allResults")}
          />
          <CheckboxFilter
            name="owners"
            label={t("catalogIndex.filters.owner")}
            query={query}
            options={options.owners}
            hidden={options.hidden.owners}
            labelOf={(value) => lookupPresentation(presentations, value, { defaultKind: "group" }).primaryTitle}
          />
          <SelectFilter
            id="filter-lifecycle"
            label={t("catalogIndex.filters.lifecycle")}
            name="filters[lifecycles]"
            chosen={query.lists.lifecycles}
            options={options.lifecycles}
            placeholder={t("catalogIndex.filters.allResults")}
          />
          <CheckboxFilter name="tags" label={t("catalogIndex.filters.tags")} query={query} options={options.tags} hidden={options.hidden.tags} />
          <SelectFilter
            id="filter-namespace"
            label={t("catalogIndex.filters.namespace")}
            name="filters[namespace]"
            chosen={query.lists.namespace}
            options={options.namespace}
            placeholder={t("catalogIndex.filters.allResults")}
          />

          <fieldset className="min-w-0 rounded bg-white p-3 shadow-sm dark:bg-slate-900">
            <legend className="sr-only">{t("catalogIndex.filters.processingStatus")}</legend>
            <p aria-hidden="true" className="mb-2 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">
              {t("catalogIndex.filters.processingStatus")}
            </p>
            <label className="flex items-center gap-2 py-1">
              <input type="checkbox" name="filters[orphan]" value="true" defaultChecked={query.orphan} />
              {t("catalogIndex.filters.orphan")}
            </label>
            <label className="flex items-center gap-2 py-1">
              <input type="checkbox" name="filters[error]" value="true" defaultChecked={query.error} />
              {t("catalogIndex.filters.error")}
            </label>
          </fieldset>

          <button type="submit" className="self-end rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 2xl:self-auto">
            {t("catalogIndex.filters.apply")}
          </button>
        </Form>
      </details>
    </aside>
  );
}

/** A single choice, 'All results' when nothing is chosen; values chosen beyond the first ride along as hidden fields. */
function SelectFilter({
  id,
  label,
  name,
  chosen,
  options,
  placeholder,
  lowerCase,
}: {
  id: string;
  label: string;
  name: string;
  chosen: string[];
  options: FacetOption[];
  placeholder?: string;
  lowerCase?: boolean;
}) {
  const t = useTranslation();
  const value = (option: FacetOption) => (lowerCase ? option.value.toLocaleLowerCase("en-US") : option.value);
  const selected = chosen[0] ?? "";
  const known = options.some((option) => value(option) === selected);
  const choices: SelectOption[] = [
    ...(selected && !known ? [{ value: selected, label: selected }] : []),
    ...options.map((option) => ({ value: value(option), label: t("catalogIndex.filters.option", { label: option.value, count: option.count }) })),
  ];
  return (
    <div className="flex flex-col gap-1" data-filter={id}>
      <Select
        name={name}
        label={label}
        labelClassName="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400"
        options={choices}
        placeholder={placeholder}
        defaultValue={selected}
        autoSubmit
      />
      {chosen.slice(1).map((extra) => (
        <input key={extra} type="hidden" name={name} value={extra} />
      ))}
    </div>
  );
}

/** A long list of choices (owners, tags): checkboxes, the most used first, and a 'Filter' box that finds the rest. */
function CheckboxFilter({
  name,
  label,
  query,
  options,
  hidden,
  labelOf = (value) => value,
}: {
  name: SearchableOption & ListFilter;
  label: string;
  query: CatalogIndexQuery;
  options: FacetOption[];
  hidden?: number;
  labelOf?: (value: string) => string;
}) {
  const t = useTranslation();
  const chosen = new Set(query.lists[name].map((value) => value.toLocaleLowerCase("en-US")));
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={hidden ? `filter-${name}-more` : undefined}>
      <legend className="mb-1 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{label}</legend>
      <input
        type="search"
        name={`search[${name}]`}
        defaultValue={query.optionSearch[name]}
        placeholder={t("catalogIndex.filters.filterPlaceholder")}
        aria-label={t("catalogIndex.filters.narrow", { filter: label })}
        className="rounded border border-slate-300 bg-white p-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <div className="max-h-56 overflow-y-auto rounded bg-white p-2 shadow-sm dark:bg-slate-900" data-testid={`filter-${name}`}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 py-0.5 text-sm">
            <input type="checkbox" name={`filters[${name}]`} value={option.value} defaultChecked={chosen.has(option.value.toLocaleLowerCase("en-US"))} />
            <span className="min-w-0 truncate" title={option.value}>
              {t("catalogIndex.filters.option", { label: labelOf(option.value), count: option.count })}
            </span>
          </label>
        ))}
      </div>
      {hidden ? (
        <p id={`filter-${name}-more`} className="text-xs text-slate-600 dark:text-slate-300">
          {t("catalogIndex.filters.moreOptions", { count: hidden })}
        </p>
      ) : null}
    </fieldset>
  );
}
