import { Form } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import type { GraphChoice, GraphStart } from "~/lib/catalog/graph/graph-start";

// The catalog graph page's entity picker: a GET form of one field, its
// suggestions (the visitor's owned and starred entities) a <datalist>, which
// the browser offers without JavaScript; any other ref may be typed. It opens
// the graph around the entity one relation deep, as the entity page's
// 'View graph' does.

export function GraphPicker({ choices }: { choices: GraphChoice[] }) {
  const t = useTranslation();
  const field = "mt-1 block w-full rounded border border-slate-300 bg-transparent p-1.5 text-sm dark:border-slate-600";
  return (
    <Form method="get" action="/catalog-graph" aria-labelledby="graph-picker-title" className="space-y-2 rounded bg-white p-4 shadow dark:bg-slate-900">
      <h2 id="graph-picker-title" className="text-lg font-semibold">
        {t("catalogGraph.picker.title")}
      </h2>
      <label className="block text-sm font-semibold">
        {t("catalogGraph.picker.entity")}
        <input name="rootEntityRefs[]" list="graph-picker-choices" required autoComplete="off" placeholder="component:default/name" aria-describedby="graph-picker-hint" className={field} />
      </label>
      <datalist id="graph-picker-choices">
        {choices.map((choice) => (
          <option key={choice.entityRef} value={choice.entityRef} label={choice.title} />
        ))}
      </datalist>
      <p id="graph-picker-hint" className="text-xs text-slate-600 dark:text-slate-400">
        {choices.length ? t("catalogGraph.picker.hint") : t("catalogGraph.picker.hintNoChoices")}
      </p>
      <input type="hidden" name="maxDepth" value="1" />
      <button type="submit" className="rounded bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
        {t("catalogGraph.picker.submit")}
      </button>
    </Form>
  );
}

/** What the graph shows when the URL named no root: the visitor's owned or starred entities, or how to start. */
export function GraphStartNote({ source, count, ownedTotal }: { source: GraphStart["source"]; count: number; ownedTotal: number }) {
  const t = useTranslation();
  const text =
    source === "owned"
      ? ownedTotal > count
        ? t("catalogGraph.start.ownedSome", { count, total: ownedTotal })
        : t("catalogGraph.start.owned", { count })
      : source === "starred"
        ? t("catalogGraph.start.starred", { count })
        : t("catalogGraph.start.none");
  return (
    <p data-testid="graph-start" className="text-sm text-slate-700 dark:text-slate-300">
      {text}
    </p>
  );
}
