import { Form } from "react-router";
import { Select } from "~/components/ui/select";
import { useTranslation } from "~/components/ui/root-data";
import { SEARCH_TYPES, type SearchRequest } from "~/lib/search/query";

// The /search page's form: a GET form whose fields are Backstage's query
// parameters, so a search is a link, works without JavaScript, and the API
// takes the same URL's parameters.

const KINDS = ["Component", "API", "System", "Domain", "Resource", "Group", "User", "Template", "Location"];
const LIFECYCLES = ["experimental", "production", "deprecated"];

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export function SearchForm({ request }: { request: SearchRequest }) {
  const t = useTranslation();
  const kind = first(request.filters?.kind);
  const lifecycle = first(request.filters?.lifecycle);
  const withCurrent = (options: string[], current: string) => (current && !options.some((option) => option.toLowerCase() === current.toLowerCase()) ? [...options, current] : options);
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("search.form.label")}
      className="flex flex-wrap items-end gap-4 rounded border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <span className="flex min-w-64 flex-1 flex-col gap-1">
        <label htmlFor="search-term" className="text-sm font-semibold">
          {t("search.form.term")}
        </label>
        <input
          id="search-term"
          type="search"
          name="term"
          defaultValue={request.term}
          maxLength={100}
          placeholder={t("search.form.placeholder")}
          className="rounded border border-slate-400 bg-white p-2 dark:border-slate-500 dark:bg-slate-900"
        />
      </span>
      <Select
        name="types[0]"
        label={t("search.form.type")}
        placeholder={t("search.form.all")}
        defaultValue={request.types?.[0] ?? ""}
        options={SEARCH_TYPES.map((type) => ({ value: type, label: t(`search.types.${type}`) }))}
      />
      <Select name="filters[kind]" label={t("search.form.kind")} placeholder={t("search.form.all")} defaultValue={kind} options={withCurrent(KINDS, kind).map((value) => ({ value, label: value }))} />
      <Select
        name="filters[lifecycle]"
        label={t("search.form.lifecycle")}
        placeholder={t("search.form.all")}
        defaultValue={lifecycle}
        options={withCurrent(LIFECYCLES, lifecycle).map((value) => ({ value, label: value }))}
      />
      <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {t("search.form.submit")}
      </button>
    </Form>
  );
}
