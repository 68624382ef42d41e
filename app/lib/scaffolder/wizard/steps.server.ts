import type { Entity } from "../../catalog/entity";
import { applyDefaults, resolveStep, validateStep, type VisibleField } from "../template/form.server";
import { DEFAULT_STEP_TITLE, extractSchemaFromStep, parameterSteps, stepsForFeatureFlags } from "../template/template";
import type { FieldErrors } from "./form-data";
import type { JsonObject, JsonSchema, UiSchema } from "./json";

// The wizard's steps over the template model (app/lib/scaffolder/template/):
// which steps and fields a user gets, each step's schema as it applies to
// the values so far, its defaults and its ajv verdict. The model settles the
// conditions as RJSF does; this only hands its answers to the renderer in
// the shape it walks (one schema whose properties are the visible fields).

export type WizardStep = {
  title: string;
  description?: string;
  /** The parameter step as the template writes it, ui:* keys included. */
  raw: JsonObject;
  /** Its schema without ui:* keys, conditions unsettled: every field it could show. */
  schema: JsonSchema;
  uiSchema: UiSchema;
};

/** The template's parameter steps, less those and the fields the user's inactive feature flags hide. */
export function wizardSteps(template: Pick<Entity, "spec">, isFlagActive: (flag: string) => boolean): WizardStep[] {
  const steps = stepsForFeatureFlags(parameterSteps(template as { spec: { parameters?: unknown } }), isFlagActive);
  return steps.map((raw) => {
    const { schema, uiSchema } = extractSchemaFromStep(raw);
    return {
      title: typeof raw.title === "string" && raw.title ? raw.title : DEFAULT_STEP_TITLE,
      description: typeof raw.description === "string" ? raw.description : undefined,
      raw,
      schema: schema as JsonSchema,
      uiSchema: uiSchema as UiSchema,
    };
  });
}

/** The step's schema for these values: its visible fields as properties, nested objects settled with their own values. */
export function resolvedSchema(step: WizardStep, values: JsonObject): JsonSchema {
  const resolved = resolveStep(step.raw, values);
  return schemaOfFields(resolved.schema as JsonSchema, resolved.fields);
}

function schemaOfFields(schema: JsonSchema, fields: VisibleField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) properties[field.key] = field.fields ? schemaOfFields(field.schema as JsonSchema, field.fields) : (field.schema as JsonSchema);
  return { ...schema, properties, required: fields.filter((field) => field.required).map((field) => field.key) };
}

export function stepDefaults(step: WizardStep, values: JsonObject): JsonObject {
  return applyDefaults(step.raw, values);
}

/** ajv's verdict on the step, by field name (`""` for the step as a whole). */
export function stepProblems(step: WizardStep, values: JsonObject): FieldErrors {
  return validateStep(step.raw, values).errors;
}
