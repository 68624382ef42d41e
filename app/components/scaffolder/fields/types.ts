import type { ReactNode } from "react";
import type { JsonObject, JsonValue } from "~/lib/scaffolder/actions/types";
import type { SchemaLike } from "~/lib/scaffolder/fields/rules";

/**
 * What the wizard gives a field extension's component: the parameter's
 * name (the form field's name), the input's id and its error element's id
 * (conform's), the schemas, the current value, the errors to show beside
 * it, every value of the wizard so far, and what the field's server `load`
 * returned (app/lib/scaffolder/fields/index.server.ts).
 */
export type FieldExtensionProps = {
  name: string;
  id: string;
  schema: SchemaLike;
  uiSchema: SchemaLike;
  value: JsonValue | undefined;
  required: boolean;
  disabled: boolean;
  errors?: string[];
  errorId: string;
  formData: JsonObject;
  data: unknown;
};

export type FieldExtension = { Component(props: FieldExtensionProps): ReactNode };
