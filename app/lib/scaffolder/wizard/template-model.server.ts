import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { isJsonObject, type JsonObject, type JsonSchema, type JsonValue, type UiSchema } from "./json";

// What the wizard needs of a template's parameters: the steps, each step's
// schema as it applies to the values entered so far (dependencies, oneOf,
// if/then/else resolved on the server), the defaults, and the ajv
// validation of a step. Backstage's form does the same in the browser with
// rjsf (plugins/scaffolder-react/src/next/lib/schema.ts splits the ui:*
// keys off each step; @rjsf/utils retrieveSchema resolves the conditions).

export type WizardStep = { title: string; description?: string; schema: JsonSchema; uiSchema: UiSchema };

/** A field's error, named the way conform names fields: `owner`, `repo.host`, `tags[1]`. */
export type FieldProblem = { name: string; message: string };

const CONDITION_KEYS = ["dependencies", "oneOf", "anyOf", "allOf", "if", "then", "else"] as const;

/** The parameter steps of a template's spec: one schema or a list of them. */
export function templateSteps(parameters: unknown): WizardStep[] {
  const list = Array.isArray(parameters) ? parameters : isJsonObject(parameters) ? [parameters] : [];
  return list.filter(isJsonObject).map((step, index) => {
    const { schema, uiSchema } = splitUiSchema(step as JsonSchema);
    const title = typeof step.title === "string" && step.title ? step.title : `Step ${index + 1}`;
    return { title, description: typeof step.description === "string" ? step.description : undefined, schema: { ...schema, type: schema.type ?? "object" }, uiSchema };
  });
}

/**
 * Moves every ui:* key of a schema into a uiSchema of the same shape:
 * properties by name, array items under `items`; what conditions add
 * (dependencies, oneOf, if/then/else) merges into the same place.
 */
export function splitUiSchema(input: JsonSchema): { schema: JsonSchema; uiSchema: UiSchema } {
  const schema: JsonSchema = {};
  const uiSchema: UiSchema = {};
  for (const [key, value] of Object.entries(input)) {
    if (key.startsWith("ui:")) {
      uiSchema[key] = value;
    } else if (key === "properties" && isJsonObject(value)) {
      const properties: Record<string, JsonSchema> = {};
      for (const [name, child] of Object.entries(value)) {
        const split = splitUiSchema(child as JsonSchema);
        properties[name] = split.schema;
        mergeUi(uiSchema, name, split.uiSchema);
      }
      schema.properties = properties;
    } else if (key === "items" && isJsonObject(value)) {
      const split = splitUiSchema(value as JsonSchema);
      schema.items = split.schema;
      mergeUi(uiSchema, "items", split.uiSchema);
    } else if ((key === "oneOf" || key === "anyOf" || key === "allOf") && Array.isArray(value)) {
      schema[key] = value.map((option) => {
        const split = splitUiSchema(option as JsonSchema);
        Object.assign(uiSchema, deepMerge(uiSchema, split.uiSchema));
        return split.schema;
      });
    } else if (key === "dependencies" && isJsonObject(value)) {
      const dependencies: Record<string, string[] | JsonSchema> = {};
      for (const [name, dependency] of Object.entries(value)) {
        if (Array.isArray(dependency)) {
          dependencies[name] = dependency as string[];
          continue;
        }
        const split = splitUiSchema(dependency as JsonSchema);
        Object.assign(uiSchema, deepMerge(uiSchema, split.uiSchema));
        dependencies[name] = split.schema;
      }
      schema.dependencies = dependencies;
    } else if ((key === "if" || key === "then" || key === "else") && isJsonObject(value)) {
      const split = splitUiSchema(value as JsonSchema);
      Object.assign(uiSchema, deepMerge(uiSchema, split.uiSchema));
      schema[key] = split.schema;
    } else {
      schema[key] = value;
    }
  }
  return { schema, uiSchema };
}

function mergeUi(uiSchema: UiSchema, key: string, child: UiSchema) {
  if (Object.keys(child).length === 0) return;
  uiSchema[key] = deepMerge(isJsonObject(uiSchema[key]) ? (uiSchema[key] as UiSchema) : {}, child);
}

function deepMerge<T extends Record<string, unknown>>(a: T, b: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    out[key] = isJsonObject(out[key] as JsonValue) && isJsonObject(value as JsonValue) ? deepMerge(out[key] as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return out as T;
}

// ajv compiles each schema once; templates change rarely, so the cache is keyed by the schema's text.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();
function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    if (compiled.size > 500) compiled.clear();
    compiled.set(key, validate);
  }
  return validate;
}

function matches(schema: JsonSchema, value: unknown): boolean {
  return validatorFor(schema)(value) === true;
}

/**
 * The schema of an object as it applies to these values: properties that
 * dependencies, oneOf, allOf and if/then/else bring in are merged into
 * `properties` and `required`, so a renderer only walks properties. Nested
 * objects are resolved with their own values.
 */
export function resolveSchema(schema: JsonSchema, values: JsonObject | undefined): JsonSchema {
  const data = values ?? {};
  let resolved: JsonSchema = withoutConditions(schema);
  const add = (part: JsonSchema) => {
    resolved = mergeSchemas(resolved, resolveSchema(part, data));
  };
  for (const part of schema.allOf ?? []) add(part);
  if (schema.if) {
    const branch = matches(schema.if, data) ? schema.then : schema.else;
    if (branch) add(branch);
  }
  for (const options of [schema.oneOf, schema.anyOf]) {
    if (!options?.length) continue;
    add(options.find((option) => matches(option, data)) ?? options[0]!);
  }
  for (const [name, dependency] of Object.entries(schema.dependencies ?? {})) {
    if (data[name] === undefined) continue;
    if (Array.isArray(dependency)) {
      resolved = { ...resolved, required: union(resolved.required, dependency) };
      continue;
    }
    const { oneOf, ...rest } = dependency;
    add(rest);
    if (oneOf?.length) {
      // The option whose own schema of the depended-on field accepts its value (rjsf's dependency oneOf).
      const option = oneOf.find((candidate) => {
        const own = candidate.properties?.[name];
        return own ? matches(own, data[name]) : false;
      });
      if (option) {
        const properties = { ...option.properties };
        delete properties[name];
        add({ ...option, properties });
      }
    }
  }
  if (resolved.properties) {
    const properties: Record<string, JsonSchema> = {};
    for (const [name, child] of Object.entries(resolved.properties)) {
      properties[name] = isObjectSchema(child) ? resolveSchema(child, isJsonObject(data[name]) ? (data[name] as JsonObject) : undefined) : child;
    }
    resolved = { ...resolved, properties };
  }
  return resolved;
}

export function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === "object" || (schema.type === undefined && schema.properties !== undefined);
}

function withoutConditions(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  for (const key of CONDITION_KEYS) delete out[key];
  return out;
}

function mergeSchemas(base: JsonSchema, extra: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...extra, ...base };
  if (base.properties || extra.properties) {
    const properties: Record<string, JsonSchema> = { ...base.properties };
    for (const [name, schema] of Object.entries(extra.properties ?? {})) {
      properties[name] = properties[name] ? { ...properties[name], ...schema } : schema;
    }
    merged.properties = properties;
  }
  if (base.required || extra.required) merged.required = union(base.required, extra.required);
  return merged;
}

function union(a: string[] | undefined, b: string[] | undefined): string[] {
  return [...new Set([...(a ?? []), ...(b ?? [])])];
}

/** The values with each missing field's default filled in, object by object, for the schema as resolved. */
export function applyDefaults(schema: JsonSchema, values: JsonObject | undefined): JsonObject {
  const out: JsonObject = { ...values };
  const resolved = resolveSchema(schema, out);
  for (const [name, child] of Object.entries(resolved.properties ?? {})) {
    if (out[name] === undefined && child.default !== undefined) out[name] = child.default;
    if (isObjectSchema(child) && (out[name] === undefined || isJsonObject(out[name]))) {
      const nested = applyDefaults(child, out[name] as JsonObject | undefined);
      if (Object.keys(nested).length > 0) out[name] = nested;
    }
  }
  return out;
}

/**
 * ajv's verdict on one step's values, each error named after the field it
 * is about. The schema validated is the step as resolved for these values:
 * the branch of a oneOf or if the values chose, so the user reads what that
 * branch asks for and not that some other branch did not match.
 */
export function validateStep(step: WizardStep, values: JsonObject): FieldProblem[] {
  const schema = resolveSchema(step.schema, values);
  const validate = validatorFor(schema);
  if (validate(values)) return [];
  return (validate.errors ?? []).map((error) => problemOf(error, schema));
}

function problemOf(error: ErrorObject, schema: JsonSchema): FieldProblem {
  const segments = error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (missing !== undefined) segments.push(missing);
  const name = segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), "");
  if (missing !== undefined) {
    const title = titleAt(schema, segments) ?? missing;
    return { name, message: `must have required property '${title}'` };
  }
  return { name, message: error.message ?? "is invalid" };
}

function titleAt(schema: JsonSchema, segments: string[]): string | undefined {
  let node: JsonSchema | undefined = schema;
  for (const segment of segments) {
    if (!node) return undefined;
    node = /^\d+$/.test(segment) ? node.items : node.properties?.[segment];
  }
  return node?.title;
}
