import { z } from "zod";

// The home page's widgets and their arrangement: which widgets a user shows
// and in what order. Isomorphic: the settings form and the loader share it.

export const HOME_WIDGETS = ["search", "starred", "recent", "owned", "docs"] as const;
export type HomeWidgetId = (typeof HOME_WIDGETS)[number];

/** Without any saved settings: every widget, in this order. */
export const DEFAULT_HOME_WIDGETS: readonly HomeWidgetId[] = HOME_WIDGETS;

export function isHomeWidget(value: unknown): value is HomeWidgetId {
  return typeof value === "string" && (HOME_WIDGETS as readonly string[]).includes(value);
}

/**
 * A stored arrangement as a list of widget ids: unknown ids (widgets that
 * left the product) and duplicates are dropped; what is not a list at all
 * falls back to the default. An empty list is a choice: an empty home.
 */
export function parseHomeWidgets(value: unknown): HomeWidgetId[] {
  if (!Array.isArray(value)) return [...DEFAULT_HOME_WIDGETS];
  return [...new Set(value.filter(isHomeWidget))];
}

/**
 * The settings form's draft: `widget` fields give the order (all widgets, top
 * to bottom), `show` fields the shown ones; `move` ('up:<id>' or 'down:<id>')
 * moves one widget a step, so reordering works without JavaScript.
 */
export function draftFromForm(form: { order: string[]; shown: string[]; move?: string | null }): { order: HomeWidgetId[]; shown: HomeWidgetId[] } {
  const order = [...new Set(form.order.filter(isHomeWidget))];
  for (const id of HOME_WIDGETS) if (!order.includes(id)) order.push(id);
  const move = /^(up|down):(.+)$/.exec(form.move ?? "");
  if (move && isHomeWidget(move[2])) {
    const from = order.indexOf(move[2]);
    const to = move[1] === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to]!, order[from]!];
  }
  const shown = new Set(form.shown.filter(isHomeWidget));
  return { order, shown: order.filter((id) => shown.has(id)) };
}

/** The arrangement a settings form saves: the shown widgets in the form's order. */
export function widgetsFromForm(form: { order: string[]; shown: string[] }): HomeWidgetId[] {
  return draftFromForm(form).shown;
}

/** Every widget in the order the settings form lists them: the shown ones first, in their order, then the hidden. */
export function settingsOrder(shown: readonly HomeWidgetId[]): HomeWidgetId[] {
  return [...shown, ...HOME_WIDGETS.filter((id) => !shown.includes(id))];
}

const widgetIds = z.array(z.string()).refine((ids) => ids.every(isHomeWidget), { error: "home.customize.widgetInvalid" });

/**
 * The settings form's post (app/lib/forms/submission.ts): Save with the
 * `widget` order and the `show` boxes ticked, or Restore defaults. A widget
 * id the product does not have is refused beside the list.
 */
export const homeSettingsSchema = z.object({
  intent: z.enum(["save", "reset"], { error: "home.customize.intentInvalid" }),
  widget: widgetIds.default([]),
  show: widgetIds.default([]),
});
