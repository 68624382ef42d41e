import { Form } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import { DIRECTIONS, type GraphQuery } from "~/lib/catalog/graph/graph-query";
import { ALL_RELATIONS } from "~/lib/catalog/graph/relation-pairs";
import type { MessageKey } from "~/lib/i18n/i18n";

// The filter panel: a GET form whose fields carry Backstage's parameter names,
// so submitting it (with or without JavaScript) lands on a deep link that
// Backstage's own catalog graph page reads the same way.

const DEPTHS = [1, 2, 3, 4, 5, 10];
export const GRAPH_KINDS = ["component", "api", "resource", "system", "domain", "group", "user", "location", "template"];

export function GraphFilters({ query, values }: { query: GraphQuery; values: { rootEntityRefs: string[] } }) {
  const t = useTranslation();
  const field = "mt-1 block w-full rounded border border-slate-300 bg-transparent p-1.5 text-sm dark:border-slate-600";
  const depth = Number.isFinite(query.maxDepth) ? String(query.maxDepth) : "∞";
  const depths = [...new Set([...DEPTHS.map(String), depth])].filter((value) => value !== "∞");
  const kinds = [...new Set([...GRAPH_KINDS, ...(query.kinds ?? [])])];
  const relations = [...new Set([...ALL_RELATIONS, ...(query.relations ?? [])])];
  // One box per root, and an empty one to add another.
  const roots = [...values.rootEntityRefs, ""];
  return (
    <Form method="get" action="/catalog-graph" aria-labelledby="graph-filters-title" className="space-y-4 rounded bg-white p-4 shadow dark:bg-slate-900">
      <h2 id="graph-filters-title" className="text-lg font-semibold">
        {t("catalogGraph.filters.title")}
      </h2>
      <fieldset>
        <legend className="text-sm font-semibold">{t("catalogGraph.filters.rootEntityRefs")}</legend>
        {roots.map((ref, index) => (
          <input
            key={index}
            name="rootEntityRefs[]"
            defaultValue={ref}
            aria-label={`${t("catalogGraph.filters.rootEntityRefs")} ${index + 1}`}
            placeholder="component:default/name"
            className={field}
          />
        ))}
      </fieldset>
      <label className="block text-sm font-semibold">
        {t("catalogGraph.filters.maxDepth")}
        <select name="maxDepth" defaultValue={depth} className={field}>
          {depths.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
          <option value="∞">{t("catalogGraph.filters.infinite")}</option>
        </select>
      </label>
      <label className="block text-sm font-semibold">
        {t("catalogGraph.filters.direction")}
        <select name="direction" defaultValue={query.direction} className={field}>
          {DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t(`catalogGraph.filters.directions.${direction}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <Checklist name="selectedKinds[]" legend={t("catalogGraph.filters.kinds")} hint={t("catalogGraph.filters.allHint")} options={kinds} checked={query.kinds} />
      <Checklist name="selectedRelations[]" legend={t("catalogGraph.filters.relations")} hint={t("catalogGraph.filters.allHint")} options={relations} checked={query.relations} />
      {/* A hidden "false" first: an unchecked box sends nothing, and the last value wins. */}
      <Toggle name="mergeRelations" label={t("catalogGraph.filters.mergeRelations")} checked={query.mergeRelations} />
      <Toggle name="unidirectional" label={t("catalogGraph.filters.unidirectional")} checked={query.unidirectional} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
          {t("catalogGraph.filters.apply")}
        </button>
        <Link
          to={`/catalog-graph?${new URLSearchParams(values.rootEntityRefs.map((ref) => ["rootEntityRefs[]", ref])).toString()}`}
          className="text-sm text-brand-600 hover:underline dark:text-brand-300"
        >
          {t("catalogGraph.filters.reset")}
        </Link>
      </div>
    </Form>
  );
}

function Checklist({ name, legend, hint, options, checked }: { name: string; legend: string; hint: string; options: string[]; checked: string[] | undefined }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>
      <div className="mt-1 grid grid-cols-2 gap-x-2 text-sm">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-1.5">
            <input type="checkbox" name={name} value={option} defaultChecked={checked?.includes(option) ?? false} />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Toggle({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="hidden" name={name} value="false" />
      <input type="checkbox" name={name} value="true" defaultChecked={checked} />
      {label}
    </label>
  );
}
