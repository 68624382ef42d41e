import type { Credentials } from "../../auth/credentials";
import type { Identity } from "../../auth/identity";
import type { Catalog } from "../../catalog/catalog.server";
import type { AtriumConfig } from "../../config/schema";
import type { AuthProviders } from "../../auth/auth-providers.server";
import type { JsonObject, JsonValue } from "../actions/types";
import type { SchemaLike } from "./rules";

// The server side of a field extension, as the wizard (app/routes/create/...)
// calls it for each field whose uiSchema names it in `ui:field`:
// `load` before rendering the step (what the component needs), `toValue`
// when the step is posted (the form's entries into the parameter's value),
// `validate` after the step's JSON Schema (messages shown beside the field,
// status 400). Type-only imports: nothing here reaches the browser.

/** What the field extensions read of the services; the request context satisfies it. */
export type FieldServices = {
  catalog: Catalog;
  config: { config: AtriumConfig };
  authProviders?: AuthProviders;
};

export type FieldServerArgs = {
  /** The parameter's name in the step, also the form field's name. */
  name: string;
  schema: SchemaLike;
  uiSchema: SchemaLike;
  /** The value as the draft or the post holds it. */
  value: JsonValue | undefined;
  /** Whether the step's schema lists the field in `required`. */
  required?: boolean;
  /** Every value of the wizard so far (all steps). */
  formData: JsonObject;
  /** The page's query: a server-side search of the form without JavaScript arrives here. */
  query: URLSearchParams;
  credentials: Credentials;
  /** The signed-in user, when there is one. */
  identity: Identity | undefined;
  services: FieldServices;
};

/** The wizard's name for the arguments. */
export type FieldExtensionServerArgs = FieldServerArgs;

export type FieldExtensionServer = {
  load?(args: FieldServerArgs): Promise<unknown>;
  /**
   * `posted` is what conform's parse of the form holds under the field's
   * name (or rules.ts's postedField(form, name)): one entry, a list, or the
   * `name.<part>` entries as an object. Pass `args` too: without them the
   * entity pickers cannot complete a typed ref with defaultKind and
   * defaultNamespace and keep it as typed.
   */
  toValue?(posted: unknown, args?: Omit<FieldServerArgs, "value">): JsonValue | undefined;
  validate?(value: JsonValue | undefined, args: FieldServerArgs): Promise<string[]>;
};
