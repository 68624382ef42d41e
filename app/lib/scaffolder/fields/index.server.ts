import type { Credentials } from "../../auth/credentials";
import type { Identity } from "../../auth/identity";
import type { Services } from "../../services.server";
import type { JsonSchema, JsonValue, UiSchema } from "../wizard/json";

// Placeholder of the field extensions' server parts until the pickers land:
// the wizard's loader calls `load` for each visible custom field, its action
// `toValue` on what was posted, then ajv, then `validate`.

export type FieldExtensionServerArgs = {
  name: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  value: JsonValue | undefined;
  formData: Record<string, JsonValue>;
  query: URLSearchParams;
  credentials: Credentials;
  identity: Identity;
  services: Services;
};

export type FieldExtensionServer = {
  load?(args: FieldExtensionServerArgs): Promise<unknown>;
  toValue?(posted: unknown): JsonValue;
  validate?(value: JsonValue | undefined, args: FieldExtensionServerArgs): Promise<string[]>;
};

export const fieldExtensionServers: Record<string, FieldExtensionServer> = {};
