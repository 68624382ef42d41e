import { useMemo, useState } from "react";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Choice, EntityFieldData } from "~/lib/scaffolder/fields/data";
import { searchParamName } from "~/lib/scaffolder/fields/rules";
import { WIZARD_INTENT } from "~/lib/scaffolder/wizard/form-data";
import { ComboboxField } from "./combobox-input";
import { buttonClass, describedBy, descriptionOf, FieldFrame, inputClass, titleOf } from "./field-frame";
import { searchCatalog, useDebouncedLoad } from "./remote";
import type { FieldExtensionProps } from "./types";

// The single-entity pickers (EntityPicker, OwnerPicker, OwnedEntityPicker,
// MyGroupsPicker): one entity ref from the choices the server loaded
// (app/lib/scaffolder/fields/entity-choices.server.ts), or, where the
// template allows arbitrary values, any ref typed in.
//
// Without JavaScript: a native select when the choices are all of them and
// nothing else may be typed; otherwise a text input suggesting the choices
// (a datalist), and a Search button that submits the form with GET so the
// server narrows the choices by the text beside it. With JavaScript: a
// combobox that asks the catalog as the user types, after 500 ms.

const EMPTY: EntityFieldData = { choices: [], complete: true, search: "", filterParams: [], allowArbitraryValues: true };

export function entityData(data: unknown): EntityFieldData {
  return data && typeof data === "object" && "choices" in data ? (data as EntityFieldData) : EMPTY;
}

function firstString(value: unknown): string {
  if (Array.isArray(value)) return typeof value[0] === "string" ? value[0] : "";
  return typeof value === "string" ? value : "";
}

/** The no-JavaScript search: a box and a button that submits the form with GET, leaving validation to the real submit. */
export function ServerSearch(props: { name: string; id: string; title: string; search: string; disabled?: boolean }) {
  const t = useTranslation();
  return (
    <span className="flex gap-2">
      <input
        type="search"
        id={`${props.id}-search`}
        name={searchParamName(props.name)}
        defaultValue={props.search}
        aria-label={t("scaffolderFields.searchLabel", { title: props.title })}
        disabled={props.disabled}
        className={`${inputClass} max-w-xs`}
      />
      <button type="submit" name={WIZARD_INTENT} value="search" formNoValidate className={buttonClass} disabled={props.disabled}>
        {t("scaffolderFields.search")}
      </button>
    </span>
  );
}

/** Remote choices with JavaScript: the catalog asked with the field's filter once the typing pauses. */
function useCatalogChoices(data: EntityFieldData, query: string | undefined): Choice[] {
  const basePath = useBasePath();
  const fetched = useDebouncedLoad(data.complete ? undefined : query, (signal) => searchCatalog(basePath, { ...data, term: query ?? "" }, signal));
  return useMemo(() => {
    if (!fetched) return data.choices;
    const known = new Set(fetched.map((choice) => choice.value));
    return [...fetched, ...data.choices.filter((choice) => !known.has(choice.value))];
  }, [fetched, data.choices]);
}

export function SingleEntityField(props: FieldExtensionProps & { defaults: { title: string; description: string } }) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const data = entityData(props.data);
  const title = titleOf(props, props.defaults.title);
  const description = descriptionOf(props, props.defaults.description);
  const initial = firstString(data.value !== undefined ? data.value : props.value);
  const [value, setValue] = useState(initial);
  const [query, setQuery] = useState<string>();
  const choices = useCatalogChoices(data, query);
  const describedby = describedBy(props, Boolean(description));
  const invalid = Boolean(props.errors?.length) || undefined;
  const locked = props.disabled || data.locked === true;
  const extraErrors = data.error ? [data.error] : undefined;

  if (hydrated) {
    return (
      <FieldFrame field={props} title={title} description={description} extraErrors={extraErrors}>
        <ComboboxField
          id={props.id}
          name={props.name}
          value={value}
          onChange={setValue}
          options={choices}
          freeText={data.allowArbitraryValues}
          onQuery={setQuery}
          filterLocally={data.complete || query === undefined}
          describedBy={describedby}
          invalid={invalid}
          required={props.required}
          disabled={locked}
          emptyText={t("scaffolderFields.noMatches")}
        />
      </FieldFrame>
    );
  }

  const useSelect = locked || (!data.allowArbitraryValues && data.complete);
  const listId = `${props.id}-choices`;
  return (
    <FieldFrame field={props} title={title} description={description} extraErrors={extraErrors}>
      {useSelect ? (
        <>
          <select
            id={props.id}
            name={locked ? undefined : props.name}
            defaultValue={initial}
            disabled={locked}
            required={props.required}
            aria-describedby={describedby}
            aria-invalid={invalid}
            className={inputClass}
          >
            {locked && initial ? null : <option value="" />}
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          {/* A disabled select posts nothing: the locked choice travels here. */}
          {locked ? <input type="hidden" name={props.name} value={initial} /> : null}
        </>
      ) : data.allowArbitraryValues ? (
        <>
          <input
            id={props.id}
            name={props.name}
            defaultValue={initial}
            list={listId}
            required={props.required}
            autoComplete="off"
            aria-describedby={describedby}
            aria-invalid={invalid}
            className={inputClass}
          />
          <datalist id={listId}>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </datalist>
        </>
      ) : (
        <select id={props.id} name={props.name} defaultValue={initial} required={props.required} aria-describedby={describedby} aria-invalid={invalid} className={inputClass}>
          <option value="" />
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
      {!locked && (!data.complete || data.search) ? <ServerSearch name={props.name} id={props.id} title={title} search={data.search} /> : null}
    </FieldFrame>
  );
}
