// Entity validation with Backstage's rules and Backstage's words. The catalog
// checks an entity in three stages, and so do we, in the same order, so the
// first problem reported is the one Backstage would report:
//   1. the envelope (validateEntityEnvelope): ajv messages with their params;
//   2. the entity schema (SchemaValidEntityPolicy): "Malformed envelope, ...";
//   3. the field formats (FieldFormatEntityPolicy): "\"field\" is not valid; ...".
// The schemas are zod; `schemaIssues` turns zod's issues into ajv's wording
// and order, and kinds.ts reuses it for the kind schemas.

import { z } from "zod";
import { InputError } from "~/lib/errors";
import { DEFAULT_NAMESPACE } from "./entity";
import type { Entity } from "./entity";

// ---- Field-format predicates (KubernetesValidatorFunctions and friends) ----

const ENTITY_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const KIND = /^[a-zA-Z][a-z0-9A-Z]*$/;
const DNS_LABEL = /^[a-z0-9]+(?:-+[a-z0-9]+)*$/;
const API_VERSION_SUFFIX = /^[a-z0-9A-Z]+$/;
// Tags may contain ':' although the message below does not say so: Backstage's
// default validator allows it and keeps the older expectation text.
const TAG = /^[a-z0-9:+#]+(-[a-z0-9:+#]+)*$/;

type Check = (part: string) => boolean;

const isBounded = (value: unknown, max: number): value is string => typeof value === "string" && value.length >= 1 && value.length <= max;

function isValidDnsLabel(value: unknown): boolean {
  return isBounded(value, 63) && DNS_LABEL.test(value);
}

function isValidDnsSubdomain(value: unknown): boolean {
  return isBounded(value, 253) && value.split(".").every(isValidDnsLabel);
}

/** `<suffix>` or `<prefix>/<suffix>`; a second `/` is never valid. */
function isValidPrefixAndOrSuffix(value: unknown, isValidPrefix: Check, isValidSuffix: Check): boolean {
  if (typeof value !== "string") return false;
  const parts = value.split("/");
  if (parts.length === 1) return isValidSuffix(parts[0]);
  return parts.length === 2 && isValidPrefix(parts[0]) && isValidSuffix(parts[1]);
}

/** 1-63 characters, alphanumeric at both ends, `-_.` allowed inside (even repeated). */
export function isValidEntityName(value: unknown): boolean {
  return isBounded(value, 63) && ENTITY_NAME.test(value);
}

export function isValidKind(value: unknown): boolean {
  return isBounded(value, 63) && KIND.test(value);
}

export function isValidNamespace(value: unknown): boolean {
  return isValidDnsLabel(value);
}

export function isValidApiVersion(value: unknown): boolean {
  return isValidPrefixAndOrSuffix(value, isValidDnsSubdomain, (s) => isBounded(s, 63) && API_VERSION_SUFFIX.test(s));
}

export function isValidLabelKey(value: unknown): boolean {
  return isValidPrefixAndOrSuffix(value, isValidDnsSubdomain, isValidEntityName);
}

export function isValidLabelValue(value: unknown): boolean {
  return value === "" || isValidEntityName(value);
}

export function isValidAnnotationKey(value: unknown): boolean {
  return isValidPrefixAndOrSuffix(value, isValidDnsSubdomain, isValidEntityName);
}

export function isValidAnnotationValue(value: unknown): boolean {
  return typeof value === "string";
}

export function isValidTag(value: unknown): boolean {
  return isBounded(value, 63) && TAG.test(value);
}

// ---- zod issues in ajv's words and order ----

export type SchemaIssue = { path: string; message: string; params: string };

type Segment = PropertyKey;
type Flat = { path: Segment[]; issue: z.core.$ZodIssue; missing: boolean; extraKey?: string };

/** A check zod has no keyword for, reported the way ajv reports `type: [...]`. */
export function jsonTypes(...types: Array<"string" | "boolean" | "object" | "array">) {
  const typeOf = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);
  return z.custom<unknown>((v) => (types as string[]).includes(typeOf(v)), { params: { ajvType: types.join(",") } });
}

function valueAt(data: unknown, path: Segment[]): unknown {
  return path.reduce<unknown>((at, segment) => (typeof at === "object" && at !== null ? (at as Record<PropertyKey, unknown>)[segment] : undefined), data);
}

function flatten(issue: z.core.$ZodIssue, data: unknown, prefix: Segment[] = []): Flat[] {
  const path = [...prefix, ...issue.path];
  // ajv reports a oneOf that no branch matched by the first branch's first error.
  if (issue.code === "invalid_union") {
    const first = issue.errors[0]?.[0];
    if (first) return flatten(first, data, path);
  }
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((extraKey) => ({ path, issue, missing: false, extraKey }));
  }
  const missing = issue.code === "invalid_type" && path.length > 0 && valueAt(data, path) === undefined;
  return [{ path, issue, missing }];
}

/**
 * ajv walks a schema depth first and, at each object, checks `required`, then
 * `additionalProperties`, then each property in schema order. zod walks the
 * same properties in the same order but reports missing and extra keys in
 * line, so issues are re-sorted: at each level, missing keys rank 0, extra
 * keys 1, properties 2, with siblings in the order zod first reached them.
 */
function ajvOrder(flats: Flat[]): Flat[] {
  const firstSeen = new Map<string, number>();
  flats.forEach((flat, index) => {
    flat.path.forEach((_, depth) => {
      const key = JSON.stringify(flat.path.slice(0, depth + 1));
      if (!firstSeen.has(key)) firstSeen.set(key, index);
    });
  });
  const sortKey = (flat: Flat) => {
    const key = flat.path.map((_, depth) => [2, firstSeen.get(JSON.stringify(flat.path.slice(0, depth + 1)))!]);
    if (flat.missing) key[key.length - 1][0] = 0;
    if (flat.extraKey !== undefined) key.push([1, 0]);
    return key;
  };
  const keys = new Map(flats.map((flat) => [flat, sortKey(flat)]));
  return [...flats].sort((a, b) => {
    const [ka, kb] = [keys.get(a)!, keys.get(b)!];
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      const diff = ka[i][0] - kb[i][0] || ka[i][1] - kb[i][1];
      if (diff) return diff;
    }
    return ka.length - kb.length;
  });
}

const pointer = (path: Segment[]) => path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

function toSchemaIssue({ path, issue, missing, extraKey }: Flat): SchemaIssue {
  const at = pointer(path);
  if (missing) {
    const key = String(path[path.length - 1]);
    return { path: pointer(path.slice(0, -1)), message: `must have required property '${key}'`, params: `missingProperty: ${key}` };
  }
  const typeIssue = (type: string) => ({ path: at, message: `must be ${type}`, params: `type: ${type}` });
  switch (issue.code) {
    case "invalid_type":
      return typeIssue(issue.expected === "record" ? "object" : issue.expected);
    case "custom":
      return typeof issue.params?.ajvType === "string" ? typeIssue(issue.params.ajvType) : { path: at, message: issue.message, params: "" };
    case "too_small": {
      const unit = issue.origin === "array" ? "items" : "characters";
      return { path: at, message: `must NOT have fewer than ${issue.minimum} ${unit}`, params: `limit: ${issue.minimum}` };
    }
    case "invalid_format": {
      const source = issue.pattern ? issue.pattern.slice(1, issue.pattern.lastIndexOf("/")) : issue.format;
      return { path: at, message: `must match pattern "${source}"`, params: `pattern: ${source}` };
    }
    case "invalid_value":
      return { path: at, message: "must be equal to one of the allowed values", params: `allowedValues: ${issue.values.join(",")}` };
    case "unrecognized_keys":
      return { path: at, message: "must NOT have additional properties", params: `additionalProperty: ${extraKey}` };
    default:
      return { path: at, message: issue.message, params: "" };
  }
}

/** Every problem `schema` finds in `value`, worded and ordered as ajv (allErrors) would. */
export function schemaIssues(schema: z.ZodType, value: unknown): SchemaIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return ajvOrder(result.error.issues.flatMap((issue) => flatten(issue, value))).map(toSchemaIssue);
}

/** `<path> <message>`, with ` - <params>` as Backstage's ajv validators add them. */
export function describeIssue(issue: SchemaIssue, withParams: boolean): string {
  const params = withParams && issue.params ? ` - ${issue.params}` : "";
  return `${issue.path || "<root>"} ${issue.message}${params}`;
}

// ---- The envelope and entity schemas (EntityEnvelope, Entity, EntityMeta, common) ----

const nonEmpty = z.string().min(1);

const envelopeSchema = z.looseObject({
  apiVersion: nonEmpty,
  kind: nonEmpty,
  metadata: z.looseObject({ name: nonEmpty, namespace: nonEmpty.optional() }),
});

// `patternProperties: {"^.+$": {type: string}}`: every key but "" needs a string.
const stringMap = z.record(z.string(), z.unknown()).superRefine((map, ctx) => {
  for (const [key, value] of Object.entries(map)) {
    if (key !== "" && typeof value !== "string") {
      ctx.addIssue({ code: "custom", path: [key], message: "", params: { ajvType: "string" } });
    }
  }
});

const link = z.looseObject({ url: nonEmpty, title: nonEmpty.optional(), icon: nonEmpty.optional(), type: nonEmpty.optional() });
const relation = z.strictObject({
  type: z.string().min(1).regex(/^\w+$/),
  target: z.strictObject({ kind: nonEmpty, namespace: nonEmpty, name: nonEmpty }).optional(),
  targetRef: nonEmpty,
});
const serializedError = z.looseObject({ name: nonEmpty, message: z.string(), code: z.string().optional(), stack: z.string().optional() });
const statusItem = z.looseObject({
  type: nonEmpty,
  level: z.enum(["info", "warning", "error"]),
  message: z.string(),
  error: serializedError.optional(),
});

const entitySchema = z.strictObject({
  apiVersion: nonEmpty,
  kind: nonEmpty,
  metadata: z.looseObject({
    uid: nonEmpty.optional(),
    etag: nonEmpty.optional(),
    name: nonEmpty,
    namespace: nonEmpty.optional(),
    title: nonEmpty.optional(),
    description: z.string().optional(),
    labels: stringMap.optional(),
    annotations: stringMap.optional(),
    tags: z.array(nonEmpty).optional(),
    links: z.array(link).optional(),
  }),
  spec: z.looseObject({}).optional(),
  relations: z.array(relation).optional(),
  status: z.looseObject({ items: z.array(statusItem).optional() }).optional(),
});

// ---- Field formats (FieldFormatEntityPolicy) ----

const EXPECTED = {
  objectName: "a string that is sequences of [a-zA-Z0-9] separated by any of [-_.], at most 63 characters in total",
  prefixAndOrSuffix: "a valid prefix and/or suffix",
  dnsLabel: "a string that is sequences of [a-z0-9] separated by [-], at most 63 characters in total",
  tag: "a string that is sequences of [a-z0-9+#] separated by [-], at most 63 characters in total",
  kind: "a string that is a sequence of [a-zA-Z][a-z0-9A-Z], at most 63 characters in total",
  url: "a string that is a valid url",
  nonEmptyString: "a non empty string",
};

const LEARN_MORE = "To learn more about catalog file format, visit: https://github.com/backstage/backstage/blob/master/docs/architecture-decisions/adr002-default-catalog-file-format.md";

function formatProblem(field: string, value: unknown, expected: string): string {
  return `"${field}" is not valid; expected ${expected} but found "${String(value)}". ${LEARN_MORE}`;
}

// Backstage's test: whatever the URL constructor accepts.
const isValidUrl = (value: string) => URL.canParse(value);
const isNonEmptyString = (value: string) => value.trim().length >= 1;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * FieldFormatEntityPolicy's checks, in its order. Values of the wrong type are
 * left to the schema stage, which has already reported them.
 */
function fieldFormatProblems(entity: Entity): string[] {
  const problems: string[] = [];
  const check = (field: string, value: unknown, valid: (v: string) => boolean, expected: string) => {
    if (typeof value === "string" && !valid(value)) problems.push(formatProblem(field, value, expected));
  };
  const { metadata } = entity;
  check("apiVersion", entity.apiVersion, isValidApiVersion, EXPECTED.prefixAndOrSuffix);
  check("kind", entity.kind, isValidKind, EXPECTED.kind);
  check("metadata.name", metadata.name, isValidEntityName, EXPECTED.objectName);
  check("metadata.namespace", metadata.namespace, isValidNamespace, EXPECTED.dnsLabel);
  // Backstage names both the key and the value problem after the key.
  for (const [key, value] of Object.entries(isRecord(metadata.labels) ? metadata.labels : {})) {
    check(`labels.${key}`, key, isValidLabelKey, EXPECTED.prefixAndOrSuffix);
    check(`labels.${key}`, value, isValidLabelValue, EXPECTED.objectName);
  }
  // Annotation values only need to be strings, which the schema stage checks.
  for (const key of Object.keys(isRecord(metadata.annotations) ? metadata.annotations : {})) {
    check(`annotations.${key}`, key, isValidAnnotationKey, EXPECTED.prefixAndOrSuffix);
  }
  const tags: unknown[] = Array.isArray(metadata.tags) ? metadata.tags : [];
  tags.forEach((tag, i) => check(`tags.${i}`, tag, isValidTag, EXPECTED.tag));
  const links: unknown[] = Array.isArray(metadata.links) ? metadata.links : [];
  links.forEach((link, i) => {
    if (!isRecord(link)) return;
    check(`links.${i}.url`, link.url, isValidUrl, EXPECTED.url);
    check(`links.${i}.title`, link.title, isNonEmptyString, EXPECTED.nonEmptyString);
    check(`links.${i}.icon`, link.icon, isNonEmptyString, EXPECTED.nonEmptyString);
  });
  return problems;
}

// ---- Entry points ----

/**
 * Every problem with `value` as an entity, first the one Backstage would
 * report. A broken envelope stops the list: nothing past it can be trusted.
 */
export function validateEntityProblems(value: unknown): string[] {
  const envelope = schemaIssues(envelopeSchema, value);
  if (envelope.length > 0) return envelope.map((issue) => describeIssue(issue, true));
  const schema = schemaIssues(entitySchema, value).map((issue) => `Malformed envelope, ${describeIssue(issue, false)}`);
  return [...schema, ...fieldFormatProblems(value as Entity)];
}

/**
 * Checks `value` and returns a copy with the namespace defaulted to "default"
 * (DefaultNamespaceEntityPolicy). Throws InputError with the first problem.
 */
export function validateEntity(value: unknown): Entity {
  const [first] = validateEntityProblems(value);
  if (first !== undefined) throw new InputError(first);
  const entity = structuredClone(value) as Entity;
  if (!entity.metadata.namespace) entity.metadata.namespace = DEFAULT_NAMESPACE;
  return entity;
}
