import type { Credentials } from "../../auth/credentials";
import type { Entity } from "../../catalog/entity";
import { entityRefKey, humanizeEntityRef, stringifyEntityRef } from "../../catalog/entity-ref";
import type { FilterPredicate } from "../../catalog/query/predicate";
import type { JsonValue } from "../actions/types";
import { CHOICE_LIMIT, type Choice, type EntityFieldData } from "./data";
import { catalogFilterParams, catalogFilterPredicate, completeEntityRef, searchParamName, type EntityPickerOptions } from "./rules";
import type { FieldServerArgs } from "./types";

// The catalog side of the entity pickers: the choices a field offers (read
// with the user's own credentials, so nothing they may not read is offered),
// narrowed by the server-side search of the no-JavaScript form.

const FIELDS = ["kind", "metadata.name", "metadata.namespace", "metadata.title"];

/** The label Backstage's EntityPicker shows: the humanized ref, or the title when arbitrary values are not allowed. */
export function choiceOf(entity: Partial<Entity>, options: Pick<EntityPickerOptions, "defaultKind" | "defaultNamespace" | "allowArbitraryValues">): Choice {
  const full = entity as Entity;
  const ref = humanizeEntityRef(full, { defaultKind: options.defaultKind, defaultNamespace: options.defaultNamespace });
  return { value: stringifyEntityRef(full), label: options.allowArbitraryValues ? ref : (full.metadata.title ?? ref) };
}

/** Entities the filter allows, at most CHOICE_LIMIT, by name; `search` narrows by name and title. */
export async function entityChoices(args: { credentials: Credentials; services: FieldServerArgs["services"] }, filter: FilterPredicate | undefined, options: EntityPickerOptions, search: string) {
  const term = search.trim();
  const page = await args.services.catalog.entities.queryEntities(
    {
      filter,
      fields: FIELDS,
      limit: CHOICE_LIMIT,
      orderFields: [{ field: "metadata.name", order: "asc" }],
      fullTextFilter: term ? { term, fields: ["metadata.name", "metadata.title"] } : undefined,
    },
    { credentials: args.credentials },
  );
  return { choices: page.items.map((entity) => choiceOf(entity, options)), total: page.totalItems };
}

/** The entities of `refs` the filter allows for the caller, for validating what was posted. */
export async function allowedEntities(args: { credentials: Credentials; services: FieldServerArgs["services"] }, filter: FilterPredicate | undefined, refs: string[]): Promise<Entity[]> {
  const keys = refs.flatMap((ref) => {
    try {
      return [entityRefKey(ref)];
    } catch {
      return [];
    }
  });
  if (!keys.length) return [];
  const { items } = await args.services.catalog.entities.entitiesByRefs({ entityRefs: keys, fields: FIELDS, filter }, { credentials: args.credentials });
  return items.filter((item): item is Partial<Entity> => item !== null) as Entity[];
}

/** The value a no-JavaScript search carried in the query, if the field's search was what was submitted. */
export function queriedValue(args: Pick<FieldServerArgs, "name" | "query">): { search: string; value?: string[] } {
  const search = args.query.get(searchParamName(args.name)) ?? "";
  if (!args.query.has(searchParamName(args.name))) return { search };
  return { search, value: args.query.getAll(args.name) };
}

/**
 * The data of an entity picker's component: the choices (with the selected
 * value's own choice, when a search left it out), whether they are all of
 * them, and the filter for the browser's searches.
 */
export async function entityFieldData(args: FieldServerArgs, options: EntityPickerOptions, multiple = false): Promise<EntityFieldData> {
  const filter = catalogFilterPredicate(options.catalogFilter);
  const queried = queriedValue(args);
  let value: JsonValue | undefined = args.value;
  if (queried.value) {
    const typed = queried.value
      .flatMap((entry) => entry.split(","))
      .map((entry) => completeEntityRef(entry, options))
      .filter(Boolean);
    value = multiple ? [...new Set(typed)] : (typed[0] ?? undefined);
  }
  const { choices, total } = await entityChoices(args, filter, options, queried.search);
  const selected = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter((entry): entry is string => typeof entry === "string" && entry !== "");
  const missing = selected.filter((ref) => !choices.some((choice) => choice.value === ref.toLocaleLowerCase("en-US")));
  const extra = missing.length ? await allowedEntities(args, filter, missing) : [];
  const withSelected = [...choices, ...extra.map((entity) => choiceOf(entity, options))];
  return {
    choices: withSelected,
    complete: !queried.search && total <= choices.length,
    search: queried.search,
    filterParams: catalogFilterParams(options.catalogFilter),
    defaultKind: options.defaultKind,
    defaultNamespace: options.defaultNamespace,
    allowArbitraryValues: options.allowArbitraryValues,
    value,
  };
}
