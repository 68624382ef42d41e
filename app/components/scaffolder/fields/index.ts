import type { ReactNode } from "react";
import type { JsonSchema, JsonValue, UiSchema } from "~/lib/scaffolder/wizard/json";

// Placeholder of the field extensions' registry until the pickers land: the
// wizard dispatches a `ui:field` to the component registered under its name,
// and renders an unknown one as the plain field of its type.

export type FieldExtensionProps = {
  name: string;
  id: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  value: JsonValue | undefined;
  required: boolean;
  disabled: boolean;
  errors?: string[];
  errorId: string;
  formData: Record<string, JsonValue>;
  /** What the extension's server part loaded for this field. */
  data: unknown;
};

export const fieldExtensions: Record<string, { Component(props: FieldExtensionProps): ReactNode }> = {};
