import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useMemo, useState } from "react";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Choice } from "~/lib/scaffolder/fields/data";
import { completeEntityRef } from "~/lib/scaffolder/fields/rules";
import { entityData, ServerSearch } from "./entity-picker";
import { buttonClass, describedBy, descriptionOf, FieldFrame, inputClass, titleOf } from "./field-frame";
import { searchCatalog, useDebouncedLoad } from "./remote";
import type { FieldExtensionProps } from "./types";

// MultiEntityPicker: several entity refs. Without JavaScript the choices are
// checkboxes (the server's search narrows them) and, where arbitrary values
// are allowed, a text box takes more refs separated by commas. With
// JavaScript a multiple combobox asks the catalog as the user types and
// shows the chosen refs as removable chips. Once `maxItems` are chosen the
// other choices are disabled. The server checks every ref
// ('{value} is not a valid entity ref').

function stringsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string" && entry !== "");
  return typeof value === "string" && value ? [value] : [];
}

export function MultiEntityPickerField(props: FieldExtensionProps) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const basePath = useBasePath();
  const data = entityData(props.data);
  const title = titleOf(props, t("scaffolderFields.entity.title"));
  const description = descriptionOf(props, t("scaffolderFields.entity.description"));
  const initial = stringsOf(data.value !== undefined ? data.value : props.value);
  const maxItems = typeof props.schema.maxItems === "number" ? props.schema.maxItems : undefined;
  const [values, setValues] = useState(initial);
  const [query, setQuery] = useState("");
  const fetched = useDebouncedLoad(data.complete || !query ? undefined : query, (signal) => searchCatalog(basePath, { ...data, term: query }, signal));
  const choices: Choice[] = useMemo(() => {
    const all = [...(fetched ?? []), ...data.choices];
    const seen = new Set<string>();
    return all.filter((choice) => (seen.has(choice.value) ? false : (seen.add(choice.value), true)));
  }, [fetched, data.choices]);
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  const atMax = maxItems !== undefined && values.length >= maxItems;
  const describedby = describedBy(props, Boolean(description));
  const invalid = Boolean(props.errors?.length) || undefined;

  if (hydrated) {
    const needle = query.trim().toLocaleLowerCase();
    const shown = needle ? choices.filter((choice) => choice.label.toLocaleLowerCase().includes(needle) || choice.value.includes(needle)) : choices;
    const addTyped = () => {
      const ref = completeEntityRef(query, data);
      if (ref && !values.includes(ref) && !atMax) setValues([...values, ref]);
      setQuery("");
    };
    return (
      <FieldFrame field={props} title={title} description={description}>
        {values.length ? (
          <ul className="flex flex-wrap gap-1" aria-label={t("scaffolderFields.selected")}>
            {values.map((value) => (
              <li key={value} className="flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-sm dark:bg-slate-700">
                {labels.get(value) ?? value}
                <button
                  type="button"
                  onClick={() => setValues(values.filter((other) => other !== value))}
                  aria-label={t("scaffolderFields.remove", { value: labels.get(value) ?? value })}
                  disabled={props.disabled}
                >
                  <span aria-hidden="true">×</span>
                </button>
                <input type="hidden" name={props.name} value={value} />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="relative flex gap-2">
          <Combobox
            multiple
            value={values}
            onChange={(next: string[]) => setValues(maxItems === undefined ? next : next.slice(0, maxItems))}
            onClose={() => setQuery("")}
            disabled={props.disabled}
            immediate
          >
            <ComboboxInput
              id={props.id}
              className={inputClass}
              aria-describedby={describedby}
              aria-invalid={invalid}
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                // Enter on text that is no option adds it as a ref, where arbitrary values are allowed; it never submits the form.
                if (event.key === "Enter" && query.trim() && shown.length === 0) {
                  event.preventDefault();
                  if (data.allowArbitraryValues) addTyped();
                }
              }}
            />
            {shown.length ? (
              <ComboboxOptions
                modal={false}
                className="absolute top-full z-40 mt-1 max-h-[378px] w-full overflow-y-auto rounded border border-slate-300 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-900"
              >
                {shown.map((choice) => (
                  <ComboboxOption
                    key={choice.value}
                    value={choice.value}
                    disabled={atMax && !values.includes(choice.value)}
                    className="flex h-9 cursor-pointer items-center truncate px-3 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[focus]:bg-brand-100 data-[selected]:font-semibold dark:data-[focus]:bg-brand-900"
                  >
                    {choice.label}
                  </ComboboxOption>
                ))}
              </ComboboxOptions>
            ) : null}
          </Combobox>
          {data.allowArbitraryValues ? (
            <button type="button" className={buttonClass} onClick={addTyped} disabled={props.disabled || atMax || !query.trim()}>
              {t("scaffolderFields.add")}
            </button>
          ) : null}
        </div>
        {atMax ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("scaffolderFields.maxItemsReached", { count: maxItems })}</p> : null}
      </FieldFrame>
    );
  }

  const chosen = new Set(initial);
  const listed = new Set(choices.map((choice) => choice.value));
  const others = initial.filter((value) => !listed.has(value));
  return (
    <FieldFrame field={props} title={title} description={description} as="fieldset">
      <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto">
        {choices.map((choice, index) => (
          <li key={choice.value}>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                id={index === 0 ? props.id : undefined}
                name={props.name}
                value={choice.value}
                defaultChecked={chosen.has(choice.value)}
                disabled={props.disabled || (atMax && !chosen.has(choice.value))}
                aria-invalid={invalid}
              />
              {choice.label}
            </label>
          </li>
        ))}
      </ul>
      {data.allowArbitraryValues ? (
        <label className="flex flex-col gap-1 text-sm">
          {t("scaffolderFields.add")}
          <input name={props.name} defaultValue={others.join(", ")} disabled={props.disabled} aria-invalid={invalid} className={inputClass} autoComplete="off" />
        </label>
      ) : null}
      {!data.complete || data.search ? <ServerSearch name={props.name} id={props.id} title={title} search={data.search} disabled={props.disabled} /> : null}
    </FieldFrame>
  );
}
