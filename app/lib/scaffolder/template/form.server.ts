import { Ajv } from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import ajvErrorsModule from "ajv-errors";
import addFormatsModule from "ajv-formats";
import { InputError } from "~/lib/errors";
import type { JsonObject, JsonValue } from "../actions/types";
import { extractSchemaFromStep, ownProperty, setOwnProperty } from "./template";
import type { UiSchema } from "./template";

// A parameter step as a server-rendered form: which fields RJSF would show
// for the current values, their defaults, and the step's validation with
// ajv, worded as RJSF's ajv8 validator words it. Conditions are resolved as
// RJSF's retrieveSchema resolves them (@rjsf/utils: resolveDependencies,
// resolveCondition, allOf merged), so the form shows exactly the fields
// Backstage's form shows (docs/decisions/028-scaffolder-templating.md).

// ajv-formats is CommonJS with a default export; under Node's ESM it arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;
const ajvErrors = ((ajvErrorsModule as unknown as { default?: typeof ajvErrorsModule }).default ?? ajvErrorsModule) as typeof ajvErrorsModule;

// RJSF's validator-ajv8 options (createAjvInstance): all errors, loose
// keywords (templates carry their own), formats from ajv-formats; and
// ajv-errors, for the `errorMessage` keyword Backstage's input examples
// (docs/features/software-templates/input-examples.md) use.
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, multipleOfPrecision: 8, discriminator: false });
addFormats(ajv);
ajvErrors(ajv);

const MAX_COMPILED = 500;
const compiled = new Map<string, ValidateFunction>();

function validatorOf(schema: JsonObject): ValidateFunction {
  const { $schema: _ignored, $id: _id, ...rest } = schema;
  const key = JSON.stringify(rest);
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    validate = ajv.compile(rest);
    compiled.set(key, validate);
  }
  return validate;
}

function isValid(schema: JsonValue, data: unknown): boolean {
  if (schema === true) return true;
  if (!isObject(schema)) return false;
  try {
    return validatorOf(schema)(data) as boolean;
  } catch {
    // A condition that does not compile is not met (Backstage's resolveConditionalSchema).
    return false;
  }
}

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * RJSF's mergeSchemas: objects merge key by key (left's keys first),
 * `required` lists join without duplicates, anything else the right wins.
 */
export function mergeSchemas(left: JsonObject, right: JsonObject): JsonObject {
  const merged: JsonObject = { ...left };
  for (const [key, value] of Object.entries(right)) {
    const current = ownProperty(merged, key);
    if (key === "required" && Array.isArray(current) && Array.isArray(value)) {
      setOwnProperty(merged, key, [...current, ...value.filter((item) => !current.includes(item))]);
    } else if (isObject(current) && isObject(value)) {
      setOwnProperty(merged, key, mergeSchemas(current, value));
    } else {
      setOwnProperty(merged, key, value);
    }
  }
  return merged;
}

const MAX_RESOLVE_DEPTH = 16;

/**
 * An object schema with its conditions settled against `data`: `allOf`
 * merged, `if`/`then`/`else` by whether `data` passes `if`, `dependencies`
 * by which properties `data` has (a property dependency makes its list
 * required; a schema dependency merges, and its `oneOf` picks the one branch
 * whose own schema of the dependency's property `data` passes, as RJSF's
 * withExactlyOneSubschema), and a `oneOf` at this level by the first branch
 * `data` passes. What a merged branch brings is settled in turn.
 */
export function resolveSchema(schema: JsonObject, data: unknown, depth = 0): JsonObject {
  if (depth > MAX_RESOLVE_DEPTH) return schema;
  const values = isObject(data) ? data : {};
  let resolved: JsonObject = { ...schema };
  let changed = false;

  if (Array.isArray(resolved.allOf)) {
    const branches = resolved.allOf;
    delete resolved.allOf;
    for (const branch of branches) if (isObject(branch)) resolved = mergeSchemas(resolved, resolveSchema(branch, data, depth + 1));
    changed = true;
  }

  if (resolved.if !== undefined) {
    const { if: condition, then: whenTrue, else: whenFalse, ...rest } = resolved;
    const branch = isValid(condition, data) ? whenTrue : whenFalse;
    resolved = isObject(branch) ? mergeSchemas(rest, resolveSchema(branch, data, depth + 1)) : rest;
    changed = true;
  }

  if (isObject(resolved.dependencies)) {
    const dependencies = resolved.dependencies;
    delete resolved.dependencies;
    for (const [key, dependency] of Object.entries(dependencies)) {
      if (ownProperty(values, key) === undefined) continue;
      if (Array.isArray(dependency)) {
        resolved = mergeSchemas(resolved, { required: dependency });
      } else if (isObject(dependency)) {
        const { oneOf, ...rest } = dependency;
        // Settled before merging, so that two dependencies' allOf lists do not overwrite each other.
        resolved = mergeSchemas(resolved, resolveSchema(rest, data, depth + 1));
        if (Array.isArray(oneOf)) {
          const matching = oneOf.filter((branch): branch is JsonObject => {
            if (!isObject(branch) || !isObject(branch.properties) || ownProperty(branch.properties, key) === undefined) return false;
            return isValid({ type: "object", properties: Object.fromEntries([[key, ownProperty(branch.properties, key)!]]) }, values);
          });
          // RJSF merges nothing unless exactly one branch matches.
          if (matching.length === 1) {
            const others = Object.fromEntries(Object.entries(matching[0].properties as JsonObject).filter(([name]) => name !== key));
            resolved = mergeSchemas(resolved, resolveSchema({ ...matching[0], properties: others }, data, depth + 1));
          }
        }
      }
    }
    changed = true;
  }

  if (Array.isArray(resolved.oneOf)) {
    const branch = resolved.oneOf.find((candidate) => isObject(candidate) && isValid(candidate, data));
    if (isObject(branch)) {
      delete resolved.oneOf;
      resolved = mergeSchemas(resolved, resolveSchema(branch, data, depth + 1));
      changed = true;
    }
  }

  return changed ? resolveSchema(resolved, data, depth + 1) : resolved;
}

export type VisibleField = {
  /** The field's name in the form (conform's path: `owner`, `address.street`). */
  name: string;
  /** The property's key in its object. */
  key: string;
  /** The property's JSON Schema, its conditions settled, without `ui:*` keys. */
  schema: JsonObject;
  /** Its `ui:*` options (and its children's, for an object). */
  uiSchema: UiSchema;
  required: boolean;
  /** The fields of an object property, settled against its value. */
  fields?: VisibleField[];
};

export type ResolvedStep = {
  /** The step's schema with conditions settled, without `ui:*` keys. */
  schema: JsonObject;
  uiSchema: UiSchema;
  /** The fields RJSF would show, in its order. */
  fields: VisibleField[];
};

/** RJSF's orderProperties: `ui:order` first, `*` standing for the rest in schema order; without `*` the rest follow. */
export function orderProperties(keys: string[], order: unknown): string[] {
  if (!Array.isArray(order)) return keys;
  const known = new Set(keys);
  const listed = order.filter((item): item is string => typeof item === "string" && (item === "*" || known.has(item)));
  const rest = keys.filter((key) => !listed.includes(key));
  const star = listed.indexOf("*");
  if (star === -1) return [...listed, ...rest];
  return [...listed.slice(0, star), ...rest, ...listed.slice(star + 1)];
}

const pathOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

function fieldsOf(schema: JsonObject, uiSchema: UiSchema, data: unknown, parent: string): VisibleField[] {
  const values = isObject(data) ? data : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return orderProperties(Object.keys(properties), uiSchema["ui:order"]).flatMap((key) => {
    const property = ownProperty(properties, key);
    if (!isObject(property)) return [];
    const childUi = isObject(ownProperty(uiSchema, key)) ? (ownProperty(uiSchema, key) as UiSchema) : {};
    const name = pathOf(parent, key);
    const isObjectField = property.type === "object" || (property.type === undefined && isObject(property.properties));
    const resolved = isObjectField ? resolveSchema(property, ownProperty(values, key)) : property;
    const field: VisibleField = { name, key, schema: resolved, uiSchema: childUi, required: required.includes(key) };
    if (isObjectField && isObject(resolved.properties)) field.fields = fieldsOf(resolved, childUi, ownProperty(values, key), name);
    return [field];
  });
}

/**
 * The step as a form for the current values: its settled schema and the
 * fields to show, in order, with their uiSchema and whether they are required.
 */
export function resolveStep(step: JsonObject, values: JsonObject = {}): ResolvedStep {
  const { schema, uiSchema } = extractSchemaFromStep(step);
  const resolved = resolveSchema(schema, values);
  return { schema: resolved, uiSchema, fields: fieldsOf(resolved, uiSchema, values, "") };
}

function defaultsInto(schema: JsonObject, data: unknown): JsonValue | undefined {
  if (schema.type === "object" || isObject(schema.properties)) {
    const values: JsonObject = isObject(data) ? { ...data } : {};
    const properties = isObject(schema.properties) ? schema.properties : {};
    const ownDefault = isObject(schema.default) ? schema.default : {};
    for (const [key, property] of Object.entries(properties)) {
      if (!isObject(property)) continue;
      const current = ownProperty(values, key) !== undefined ? ownProperty(values, key) : ownProperty(ownDefault, key);
      const resolved = property.type === "object" || isObject(property.properties) ? resolveSchema(property, current) : property;
      const value = defaultsInto(resolved, current);
      if (value !== undefined) setOwnProperty(values, key, value);
    }
    return data === undefined && Object.keys(values).length === 0 ? undefined : values;
  }
  return data !== undefined ? (data as JsonValue) : (schema.default as JsonValue | undefined);
}

/**
 * The values with the defaults of every visible field filled in where no
 * value is given (RJSF's getDefaultFormState). Settled again after each pass,
 * since a default can switch a condition on.
 */
export function applyDefaults(step: JsonObject, values: JsonObject = {}): JsonObject {
  const { schema } = extractSchemaFromStep(step);
  let current: JsonObject = values;
  for (let pass = 0; pass < 4; pass++) {
    const next = (defaultsInto(resolveSchema(schema, current), current) ?? {}) as JsonObject;
    if (JSON.stringify(next) === JSON.stringify(current)) return next;
    current = next;
  }
  return current;
}

/** The form's errors: messages by field name, `""` for the step as a whole. */
export type StepErrors = Record<string, string[]>;

// conform's names: `address.street`, `tags[0]`.
function fieldNameOf(instancePath: string): string {
  return instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), "");
}

function uiTitleAt(uiSchema: UiSchema, name: string): string | undefined {
  let node: unknown = uiSchema;
  for (const part of name.split(".").filter(Boolean)) node = isObject(node) ? ownProperty(node, part.replace(/\[\d+\]$/, "")) : undefined;
  if (!isObject(node)) return undefined;
  const options = isObject(node["ui:options"]) ? node["ui:options"] : {};
  const title = node["ui:title"] ?? options.title;
  return typeof title === "string" ? title : undefined;
}

// Summaries of combinators whose own errors are reported at the fields.
const SUMMARY_KEYWORDS = new Set(["if", "oneOf", "anyOf"]);

/**
 * Validates a step's values against its settled schema. Each error is keyed
 * by its field's name; a missing required property is reported at that
 * property as RJSF reports it, "must have required property '<title>'".
 */
export function validateStep(step: JsonObject, values: JsonObject): { valid: boolean; errors: StepErrors } {
  const { schema, uiSchema } = resolveStep(step, values);
  let validate: ValidateFunction;
  try {
    validate = validatorOf(schema);
  } catch (error) {
    // A schema ajv cannot compile (an unknown $ref, a bad pattern) is the template's fault, not the user's.
    throw new InputError(`The template's parameter schema is invalid: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (validate(values)) return { valid: true, errors: {} };
  const errors = new Map<string, string[]>();
  for (const error of (validate.errors ?? []) as ErrorObject[]) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
    let name = fieldNameOf(error.instancePath);
    let message = error.message ?? "is invalid";
    if (error.keyword === "required") {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      name = name ? `${name}.${missing}` : missing;
      const parent = error.parentSchema as JsonObject | undefined;
      const property = isObject(parent?.properties) ? ownProperty(parent.properties, missing) : undefined;
      const title = uiTitleAt(uiSchema, name) ?? (isObject(property) && typeof property.title === "string" ? property.title : undefined);
      if (title) message = message.replace(`'${missing}'`, `'${title}'`);
    }
    const messages = errors.get(name) ?? [];
    if (!messages.includes(message)) errors.set(name, [...messages, message]);
  }
  // fromEntries defines own properties, whatever the field is called.
  return { valid: errors.size === 0, errors: Object.fromEntries(errors) };
}
