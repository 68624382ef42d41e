import { Form } from "react-router";

/** The search of the scaffolder's reference pages (actions, templating extensions): a GET form of `q`, so a search is a link. */
export function QuerySearch({ q, label, button }: { q: string; label: string; button: string }) {
  return (
    <Form method="get" role="search" className="mb-6 flex gap-2">
      <label className="flex-1">
        <span className="sr-only">{label}</span>
        <input type="search" name="q" defaultValue={q} key={q} placeholder={label} className="w-full rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900" />
      </label>
      <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {button}
      </button>
    </Form>
  );
}
