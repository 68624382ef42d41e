// The JSON shapes the wizard passes around: a template's parameter schemas,
// the ui:* options split off them, and the values a user enters.

import type { JsonObject, JsonValue } from "../actions/types";

export type { JsonObject, JsonValue };

/** A JSON Schema as templates write it (draft 7, with Backstage's ui:* keys beside). */
export type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: JsonValue;
  enum?: JsonValue[];
  enumNames?: string[];
  const?: JsonValue;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  uniqueItems?: boolean;
  minItems?: number;
  maxItems?: number;
  dependencies?: Record<string, string[] | JsonSchema>;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;
  [key: string]: unknown;
};

/** The ui:* options of a field, and of its children under their names. */
export type UiSchema = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
