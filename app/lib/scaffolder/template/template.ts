// The Template entity (scaffolder.backstage.io/v1beta3) as the scaffolder
// reads it: checked with the catalog's own schema (app/lib/catalog/kinds.ts),
// its `parameters` as a list of form steps, and each step's JSON Schema
// separated from its `ui:*` keys the way Backstage's extractSchemaFromStep
// (plugins/scaffolder-react/src/next/lib/schema.ts) separates them for RJSF.

import { apiVersionsOf, kindSchemaProblems } from "~/lib/catalog/kinds";
import { validateEntityProblems } from "~/lib/catalog/validation";
import type { Entity } from "~/lib/catalog/entity";
import { InputError } from "~/lib/errors";
import type { JsonObject, JsonValue } from "../actions/types";

export const TEMPLATE_API_VERSION = "scaffolder.backstage.io/v1beta3";

export type PermissionTags = { tags?: string[] };

export type TemplateStep = {
  id?: string;
  name?: string;
  action: string;
  input?: JsonObject;
  if?: string | boolean;
  each?: string | JsonValue[];
  "backstage:permissions"?: PermissionTags;
  [key: string]: JsonValue | undefined;
};

export type TemplatePresentation = {
  buttonLabels?: { backButtonText?: string; createButtonText?: string; reviewButtonText?: string };
  [key: string]: JsonValue | undefined;
};

export type TemplateOutput = {
  links?: Array<{ url?: string; entityRef?: string; title?: string; icon?: string; if?: string | boolean }>;
  text?: Array<{ title?: string; icon?: string; content?: string; default?: boolean; if?: string | boolean }>;
  [key: string]: JsonValue | undefined;
};

export type TemplateSpec = {
  type: string;
  owner?: string;
  lifecycle?: string;
  parameters?: JsonObject | JsonObject[];
  steps: TemplateStep[];
  output?: TemplateOutput;
  presentation?: TemplatePresentation;
  secrets?: { schema?: JsonObject };
  EXPERIMENTAL_recovery?: { EXPERIMENTAL_strategy?: string };
  EXPERIMENTAL_formDecorators?: Array<{ id: string; input?: JsonObject }>;
  formDecorators?: Array<{ id: string; input?: JsonObject }>;
  [key: string]: unknown;
};

export type TemplateEntity = Entity & { apiVersion: typeof TEMPLATE_API_VERSION; kind: "Template"; spec: TemplateSpec };

/**
 * Every problem with `value` as a v1beta3 Template, in the catalog's words:
 * the entity envelope and fields first, then the kind and apiVersion, then
 * each schema error ("/spec must have required property 'steps' - missingProperty: steps").
 */
export function templateProblems(value: unknown): string[] {
  const entityProblems = validateEntityProblems(value);
  if (entityProblems.length > 0) return entityProblems;
  const entity = value as Entity;
  if (entity.kind !== "Template" || !apiVersionsOf("Template").includes(entity.apiVersion)) {
    // Backstage's isSupportedTemplate wording (plugins/scaffolder-backend/src/service/router.ts).
    return [`Unsupported apiVersion field in schema entity, ${String(entity.apiVersion)}`];
  }
  return kindSchemaProblems(entity);
}

/** The template, checked; throws InputError naming every problem. */
export function parseTemplateEntity(value: unknown): TemplateEntity {
  const problems = templateProblems(value);
  if (problems.length > 0) throw new InputError(`Invalid template: ${problems.join("; ")}`);
  return value as TemplateEntity;
}

export function isTemplateEntity(entity: Entity): entity is TemplateEntity {
  return entity.kind === "Template" && entity.apiVersion === TEMPLATE_API_VERSION;
}

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

// Keys come from template authors: a property named "__proto__" must stay a
// property, never reach or replace a prototype.
/** An own property, or undefined. */
export function ownProperty(object: object, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? (object as Record<string, JsonValue>)[key] : undefined;
}
/** Sets an own, enumerable property whatever its name. */
export function setOwnProperty(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `spec.parameters` as a list of steps: one schema is one step, none is no step (Backstage's `[parameters ?? []].flat()`). */
export function parameterSteps(template: { spec: { parameters?: unknown } }): JsonObject[] {
  const parameters = template.spec.parameters;
  if (parameters === undefined || parameters === null) return [];
  return (Array.isArray(parameters) ? parameters : [parameters]).filter(isObject);
}

/** RJSF's uiSchema: `ui:*` options of a level, and one nested uiSchema per property (and `items`). */
export type UiSchema = { [key: string]: JsonValue | UiSchema };

function extractUiSchema(schema: JsonObject, uiSchema: UiSchema): void {
  for (const key of Object.keys(schema)) {
    if (key.startsWith("ui:")) {
      setOwnProperty(uiSchema, key, schema[key]);
      delete schema[key];
    }
  }
  const { properties, items, anyOf, oneOf, allOf, dependencies, then, else: otherwise } = schema;
  if (isObject(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      if (!isObject(property)) continue;
      if (!isObject(ownProperty(uiSchema, name))) setOwnProperty(uiSchema, name, {});
      extractUiSchema(property, ownProperty(uiSchema, name) as UiSchema);
    }
  }
  if (isObject(items)) {
    const inner: UiSchema = {};
    setOwnProperty(uiSchema, "items", inner);
    extractUiSchema(items, inner);
  }
  // Branches describe the same level: their ui keys join this level's.
  for (const branches of [anyOf, oneOf, allOf]) {
    if (Array.isArray(branches)) for (const branch of branches) if (isObject(branch)) extractUiSchema(branch, uiSchema);
  }
  if (isObject(dependencies)) {
    for (const dependency of Object.values(dependencies)) if (isObject(dependency)) extractUiSchema(dependency, uiSchema);
  }
  if (isObject(then)) extractUiSchema(then, uiSchema);
  if (isObject(otherwise)) extractUiSchema(otherwise, uiSchema);
}

/** A step's JSON Schema without its `ui:*` keys, and those keys as RJSF's uiSchema. The step is not changed. */
export function extractSchemaFromStep(step: JsonObject): { schema: JsonObject; uiSchema: UiSchema } {
  const schema = structuredClone(step);
  const uiSchema: UiSchema = {};
  extractUiSchema(schema, uiSchema);
  return { schema, uiSchema };
}

/** The title a step without one gets (Backstage's parameter-schema route). */
export const DEFAULT_STEP_TITLE = "Please enter the following information";

export type ParameterSchema = {
  title: string;
  description?: string;
  presentation?: TemplatePresentation;
  "ui:options"?: JsonValue;
  steps: Array<{ title: string; description?: string; schema: JsonObject }>;
  formDecorators?: Array<{ id: string; input?: JsonObject }>;
};

/**
 * What GET /v2/templates/:namespace/:kind/:name/parameter-schema answers, as
 * Backstage's router builds it: the template's title (or name), description,
 * presentation when set, and one entry per parameter step with its schema
 * as written (ui keys included: the form separates them).
 */
export function parameterSchemaOf(template: TemplateEntity, steps: JsonObject[] = parameterSteps(template)): ParameterSchema {
  const { metadata, spec } = template;
  const schema: ParameterSchema = {
    title: (metadata.title as string | undefined) ?? metadata.name,
    ...(spec.presentation ? { presentation: spec.presentation } : {}),
    description: metadata.description,
    "ui:options": (metadata as Record<string, unknown>)["ui:options"] as JsonValue | undefined,
    steps: steps.map((step) => ({
      title: typeof step.title === "string" ? step.title : DEFAULT_STEP_TITLE,
      description: typeof step.description === "string" ? step.description : undefined,
      schema: step,
    })),
    formDecorators: spec.formDecorators ?? spec.EXPERIMENTAL_formDecorators,
  };
  return schema;
}

export const FEATURE_FLAG_KEY = "backstage:featureFlag";

/**
 * The steps and fields a user's feature flags let through, as Backstage's
 * form filters them (its filterOutProperties in plugins/scaffolder-react): a
 * step whose `backstage:featureFlag` is not active is left out, and so is a
 * step's top-level property whose flag is not active, with it its `required`
 * entry.
 */
export function stepsForFeatureFlags(steps: JsonObject[], isActive: (flag: string) => boolean): JsonObject[] {
  const allowed = (node: JsonValue | undefined) => !isObject(node) || typeof node[FEATURE_FLAG_KEY] !== "string" || isActive(node[FEATURE_FLAG_KEY]);
  return steps.filter(allowed).map((step) => {
    if (!isObject(step.properties)) return step;
    const removed = Object.keys(step.properties).filter((key) => !allowed((step.properties as JsonObject)[key]));
    if (removed.length === 0) return step;
    const properties = Object.fromEntries(Object.entries(step.properties).filter(([key]) => !removed.includes(key)));
    const filtered: JsonObject = { ...step, properties };
    if (Array.isArray(step.required)) filtered.required = step.required.filter((key) => typeof key !== "string" || !removed.includes(key));
    return filtered;
  });
}
