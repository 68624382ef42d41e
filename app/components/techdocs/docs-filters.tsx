import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import { lookupPresentation, type Presentations } from "~/lib/catalog/presentation";
import { DOCS_USER_FILTERS, type DocsIndexQuery } from "~/lib/techdocs/docs-index";

// The docs index's filters: a GET form (the state is the URL), so it works
// without JavaScript; with it, a change submits at once.

export function DocsFilters({ query, kinds, owners, presentations, signedIn }: { query: DocsIndexQuery; kinds: string[]; owners: string[]; presentations: Presentations; signedIn: boolean }) {
  const t = useTranslation();
  const label = { owned: t("techdocs.index.owned"), starred: t("techdocs.index.starred"), all: t("techdocs.index.all") };
  const select = "w-full rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900";
  return (
    <aside aria-labelledby="docs-filters-title" className="w-full shrink-0 md:w-[315px]">
      <Form method="get" action="/docs" className="flex flex-col gap-4 rounded bg-white p-4 shadow dark:bg-slate-900" data-testid="docs-filters">
        <div className="flex items-center justify-between">
          <h2 id="docs-filters-title" className="text-lg font-semibold">
            {t("techdocs.index.filters")}
          </h2>
          <Link to="/docs?filters[user]=all" className="docs-link text-sm">
            {t("techdocs.index.clear")}
          </Link>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-semibold">{t("techdocs.index.user")}</legend>
          {DOCS_USER_FILTERS.filter((value) => signedIn || value === "all").map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="filters[user]" value={value} defaultChecked={query.user === value} onChange={(event) => event.currentTarget.form?.requestSubmit()} />
              {label[value]}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("techdocs.index.kind")}</span>
          <select name="filters[kind]" defaultValue={query.kind ?? ""} className={select} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
            <option value="">{t("techdocs.index.anyKind")}</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("techdocs.index.owner")}</span>
          <select name="filters[owners]" defaultValue={query.owner ?? ""} className={select} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
            <option value="">{t("techdocs.index.anyOwner")}</option>
            {owners.map((owner) => (
              <option key={owner} value={owner}>
                {lookupPresentation(presentations, owner, { defaultKind: "group" }).primaryTitle}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t("techdocs.index.apply")}
        </button>
      </Form>
    </aside>
  );
}
