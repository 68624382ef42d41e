import { isJsonObject, type JsonObject, type JsonSchema, type JsonValue, type UiSchema } from "./json";

// Between a step's JSON Schema and an HTML form: the names fields post
// under (conform's: `owner`, `repo.host`, `tags[1]`), and what a post means
// as JSON values. A form posts strings only; the schema says which are
// numbers, booleans (a checkbox posts "on" or nothing) and lists.

/** The id of the wizard's form; a field's id is `{form}-{name}`, its error `{form}-{name}-error`, as conform names them. */
export const WIZARD_FORM_ID = "wizard";
/** The submit buttons' field: next, back, review, create, refresh, restart. */
export const WIZARD_INTENT = "__wizard";

export function childName(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

export function fieldId(name: string): string {
  return `${WIZARD_FORM_ID}-${name}`;
}

export function uiOf(uiSchema: UiSchema | undefined, key: string): UiSchema {
  const child = uiSchema?.[key];
  return isJsonObject(child as JsonValue) ? (child as UiSchema) : {};
}

export function uiOption(uiSchema: UiSchema, key: string): unknown {
  const options = uiSchema["ui:options"];
  return uiSchema[`ui:${key}`] ?? (isJsonObject(options as JsonValue) ? (options as Record<string, unknown>)[key] : undefined);
}

/** A field posted nothing the server trusts: it is shown but not editable. */
export function isLocked(uiSchema: UiSchema): boolean {
  return uiOption(uiSchema, "readonly") === true || uiOption(uiSchema, "disabled") === true;
}

/** A secret is masked on the review step and never written back into the page. */
export function isSecret(uiSchema: UiSchema): boolean {
  return uiSchema["ui:field"] === "Secret" || uiOption(uiSchema, "widget") === "password";
}

export function schemaType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null");
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  if (schema.enum?.length) return typeof schema.enum[0] === "number" ? "number" : "string";
  return undefined;
}

/** How to read a custom field's post: the server part of its extension, when it has one. */
export type CustomValueReader = (field: string, posted: unknown) => JsonValue | undefined;

/**
 * The JSON values a step's post means, for the step's schema as resolved.
 * A locked field (ui:readonly, ui:disabled) keeps its earlier value or its
 * default whatever was posted; a secret left empty keeps the value already
 * entered, since the page never sends it back. A number that does not parse
 * stays the posted text, for ajv to refuse beside the field.
 */
export function postedValues(schema: JsonSchema, uiSchema: UiSchema, payload: unknown, previous: JsonObject | undefined, readCustom?: CustomValueReader, options: PostedOptions = {}): JsonObject {
  const posted = isJsonObject(payload as JsonValue) ? (payload as Record<string, unknown>) : {};
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const ui = uiOf(uiSchema, key);
    const before = previous?.[key];
    const field = ui["ui:field"];
    let value: JsonValue | undefined;
    if (isLocked(ui)) {
      value = before ?? child.default;
    } else if (typeof field === "string" && readCustom) {
      value = readCustom(field, posted[key]);
    } else {
      value = valueOf(child, ui, posted[key], before, options);
    }
    if (isSecret(ui) && (value === undefined || value === "") && typeof before === "string") value = before;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** keepEmptyItems: a list keeps its empty entries (while adding and removing, so the new input shows). */
export type PostedOptions = { keepEmptyItems?: boolean };

function valueOf(schema: JsonSchema, uiSchema: UiSchema, posted: unknown, before: JsonValue | undefined, options: PostedOptions): JsonValue | undefined {
  switch (schemaType(schema)) {
    case "object":
      return postedValues(schema, uiSchema, posted, isJsonObject(before) ? before : undefined, undefined, options);
    case "boolean":
      if (uiOption(uiSchema, "widget") === "radio" || uiOption(uiSchema, "widget") === "select") return posted === "true" ? true : posted === "false" ? false : undefined;
      return posted === "on" || posted === "true";
    case "number":
    case "integer":
      return numberOf(posted);
    case "array": {
      const list = posted === undefined ? [] : Array.isArray(posted) ? posted : [posted];
      const items = schema.items ?? {};
      const itemType = schemaType(items);
      const filled = list.map((item) => item ?? "").filter((item) => options.keepEmptyItems || item !== "");
      return filled.map((item) => (item === "" ? "" : itemType === "number" || itemType === "integer" ? (numberOf(item) ?? "") : typeof item === "string" ? item : JSON.stringify(item)));
    }
    default:
      // An empty input is no value, as conform and rjsf read it: a required field then says so.
      return typeof posted === "string" && posted !== "" ? posted : undefined;
  }
}

function numberOf(posted: unknown): JsonValue | undefined {
  if (typeof posted !== "string" || posted.trim() === "") return undefined;
  const number = Number(posted);
  return Number.isFinite(number) ? number : posted;
}

/** Every field a step could show under any condition: what its post replaces in the draft. */
export function stepKeys(schema: JsonSchema): string[] {
  const keys = new Set(Object.keys(schema.properties ?? {}));
  const parts = [
    ...(schema.allOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
    schema.then,
    schema.else,
    ...Object.values(schema.dependencies ?? {}).filter((dependency) => !Array.isArray(dependency)),
  ] as Array<JsonSchema | undefined>;
  for (const part of parts) if (part) for (const key of stepKeys(part)) keys.add(key);
  return [...keys];
}

/** The errors of a reply, keyed by field name, as conform's reply carries them. */
export type FieldErrors = Record<string, string[] | null>;
