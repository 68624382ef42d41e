import { Form, useLocation } from "react-router";
import { useTranslation } from "~/components/ui/root-data";

/** The search box above every page: a GET form to /search (the search page has its own form, so it is left out there). */
export function ShellSearchBox() {
  const t = useTranslation();
  const { pathname } = useLocation();
  if (pathname === "/search") return null;
  return (
    <Form method="get" action="/search" role="search" aria-label={t("search.header.label")} className="flex justify-end gap-2 border-b border-slate-200 px-6 py-2 dark:border-slate-700">
      <label htmlFor="shell-search-term" className="sr-only">
        {t("search.header.label")}
      </label>
      <input
        id="shell-search-term"
        type="search"
        name="term"
        maxLength={100}
        placeholder={t("search.header.placeholder")}
        className="w-64 rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-900"
      />
      <button type="submit" className="rounded border border-slate-400 px-3 py-1 text-sm font-semibold hover:bg-black/5 dark:border-slate-500 dark:hover:bg-white/10">
        {t("search.header.submit")}
      </button>
    </Form>
  );
}
