import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES } from "./limits";
import type { SchemaNode } from "./model";

// JSON schemas of OpenAPI and AsyncAPI documents, turned into bounded trees:
// local $refs (#/components/schemas/X, #/definitions/X) are resolved against
// the document; a $ref to one of the node's own ancestors is marked circular
// instead of expanded; depth and the total number of nodes are bounded, so a
// schema that references itself through many paths cannot blow up.

type Json = unknown;

export type SchemaContext = { document: Json; budget: { nodes: number } };

export function schemaContext(document: Json): SchemaContext {
  return { document, budget: { nodes: MAX_SCHEMA_NODES } };
}

function isObject(value: Json): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

/** Resolves a local JSON pointer (#/a/b~1c) in the document; undefined when it is not local or not there. */
export function resolvePointer(document: Json, ref: string): Json | undefined {
  if (!ref.startsWith("#")) return undefined;
  if (ref === "#") return document;
  if (!ref.startsWith("#/")) return undefined;
  let current: Json = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isObject(current) && Object.hasOwn(current, key)) current = current[key];
    else return undefined;
  }
  return current;
}

/**
 * Follows $ref until a non-reference object (for parameters, responses,
 * request bodies and messages). Loops and misses give undefined.
 */
export function dereference(context: SchemaContext, value: Json): Record<string, unknown> | undefined {
  const seen = new Set<string>();
  let current = value;
  while (isObject(current) && typeof current.$ref === "string") {
    if (seen.has(current.$ref) || seen.size > MAX_SCHEMA_DEPTH) return undefined;
    seen.add(current.$ref);
    current = resolvePointer(context.document, current.$ref);
  }
  return isObject(current) ? current : undefined;
}

function refName(ref: string): string {
  return ref.split("/").pop() || ref;
}

const COMBINATIONS = ["allOf", "oneOf", "anyOf"] as const;

/** The schema as a tree, expanded at most to MAX_SCHEMA_DEPTH and within the document's node budget. */
export function schemaTree(context: SchemaContext, schema: Json, ancestors: readonly string[] = [], depth = 0): SchemaNode {
  if (context.budget.nodes <= 0 || depth > MAX_SCHEMA_DEPTH) return { truncated: true };
  context.budget.nodes -= 1;
  if (typeof schema === "boolean") return { type: schema ? "any" : "never" };
  if (!isObject(schema)) return {};

  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (ancestors.includes(ref)) return { refName: refName(ref), circular: true };
    const target = resolvePointer(context.document, ref);
    if (target === undefined) return { refName: refName(ref), unresolved: ref };
    const node = schemaTree(context, target, [...ancestors, ref], depth + 1);
    return { ...node, refName: refName(ref), description: text(schema.description) ?? node.description };
  }

  const node: SchemaNode = {};
  const type = Array.isArray(schema.type) ? schema.type.filter((item) => typeof item === "string").join(" | ") : text(schema.type);
  if (type) node.type = type;
  if (text(schema.format)) node.format = text(schema.format);
  if (text(schema.title)) node.title = text(schema.title);
  if (text(schema.description)) node.description = text(schema.description);
  if (Array.isArray(schema.enum)) node.enum = schema.enum.slice(0, 200).map((value) => (typeof value === "string" ? value : (JSON.stringify(value) ?? "null")));
  if (schema.default !== undefined) node.defaultValue = typeof schema.default === "string" ? schema.default : (JSON.stringify(schema.default) ?? "").slice(0, 200);

  if (isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === "string") : []);
    node.properties = [];
    for (const [name, property] of Object.entries(schema.properties)) {
      if (context.budget.nodes <= 0) {
        node.truncated = true;
        break;
      }
      node.properties.push({ name, required: required.has(name), schema: schemaTree(context, property, ancestors, depth + 1) });
    }
    node.type ??= "object";
  }
  if (schema.items !== undefined && !Array.isArray(schema.items)) node.items = schemaTree(context, schema.items, ancestors, depth + 1);
  if (isObject(schema.additionalProperties)) node.additionalProperties = schemaTree(context, schema.additionalProperties, ancestors, depth + 1);
  for (const kind of COMBINATIONS) {
    const options = schema[kind];
    if (Array.isArray(options) && options.length) {
      node.combination = { kind, options: options.slice(0, 50).map((option) => schemaTree(context, option, ancestors, depth + 1)) };
      break;
    }
  }
  return node;
}
