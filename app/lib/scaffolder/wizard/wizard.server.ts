import { parse } from "@conform-to/react";
import { data } from "react-router";
import { InputError, NotFoundError } from "../../errors";
import { readTemplate } from "../template/templates.server";
import type { Credentials } from "../../auth/credentials";
import { settingsOwnerOf, type Identity } from "../../auth/identity";
import type { Entity } from "../../catalog/entity";
import { stringifyEntityRef } from "../../catalog/entity-ref";
import type { RequestContext } from "../../context.server";
import type { FormReply } from "../../forms/reply";
import { fieldExtensionServers, isSecretField, maskSecret, postedField, postedQuery, type FieldServerArgs } from "../fields/index.server";
import type { DraftAddress } from "./drafts.server";
import { childName, isObjectSchema, isSecret, postedValues, schemaType, stepKeys, uiOf, uiOption, WIZARD_INTENT, type CustomField, type FieldErrors, type PostedOptions } from "./form-data";
import { isJsonObject, type JsonObject, type JsonSchema, type JsonValue, type UiSchema } from "./json";
import { resolvedSchema, stepDefaults, stepProblems, wizardSteps, type WizardStep } from "./steps.server";
import { activeFeatureFlags } from "../../settings/feature-flags.server";
import { templateCardOf, type TemplateCard } from "./template-list";

// The wizard's server side: what each step shows for the values so far, and
// what a post does (Next, Back, Review, Create, Start Over, list intents).
// Drafts keep the values between posts (drafts.server.ts); the template's
// parameters say the steps, conditions, defaults and validation
// (template-model.server.ts); custom fields reach their extension's server
// part (app/lib/scaffolder/fields/index.server.ts).

/** The step a user is on: a parameter step, or the review after the last one. */
export type StepView = {
  index: number;
  title: string;
  description?: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  /** The values shown, secrets blanked. */
  values: JsonObject;
  keptSecrets: string[];
  extensionData: Record<string, unknown>;
  /** Whether some field's choice changes the fields shown (dependencies, oneOf, if): the form offers to update itself. */
  conditional: boolean;
};

export type ReviewRow = { name: string; label: string; value: string; masked: boolean };
export type ReviewView = { index: number; sections: Array<{ title: string; rows: ReviewRow[] }> };

export type WizardView = {
  template: TemplateCard;
  steps: string[];
  step?: StepView;
  review?: ReviewView;
};

/** `path`: the wizard's own path in the app (the router applies the base path), where its posts redirect. */
export type WizardCall = { app: RequestContext; identity: Identity; credentials: Credentials; url: URL; path: string };

/**
 * The template, read with the caller's credentials and without the
 * parameter steps they may not read (readTemplate); a missing or unreadable
 * one is the 404 page, one that is no v1beta3 template the 400 page.
 */
export async function loadTemplate(call: WizardCall, namespace: string, name: string): Promise<Entity> {
  try {
    return await readTemplate({ kind: "template", namespace, name }, { entities: call.app.catalog.entities, permissions: call.app.permissions, credentials: call.credentials });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(error.message, { status: 404, statusText: "Not Found" });
    if (error instanceof InputError) throw data(error.message, { status: 400, statusText: "Bad Request" });
    throw error;
  }
}

function addressOf(call: WizardCall, template: Entity): DraftAddress {
  return { userRef: settingsOwnerOf(call.identity), templateRef: stringifyEntityRef(template) };
}

async function stepsOf(call: WizardCall, template: Entity): Promise<WizardStep[]> {
  const activeFlags = await activeFeatureFlags(call.app.userSettings, settingsOwnerOf(call.identity));
  return wizardSteps(template, (flag) => activeFlags.has(flag));
}

/** The values of ?formData= (Backstage's prefill of a wizard by link), when they are a JSON object. */
export function prefillOf(url: URL): JsonObject {
  const raw = url.searchParams.get("formData");
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return isJsonObject(parsed as JsonValue) ? (parsed as JsonObject) : {};
  } catch {
    return {};
  }
}

/** Where the user is: their draft, or a fresh start from the defaults and the prefill. */
async function draftOf(call: WizardCall, template: Entity) {
  const draft = await call.app.wizardDrafts.find(addressOf(call, template));
  if (draft) return draft;
  return { values: prefillOf(call.url), currentStep: 0 };
}

export async function wizardView(call: WizardCall, template: Entity): Promise<WizardView> {
  const steps = await stepsOf(call, template);
  const draft = await draftOf(call, template);
  const current = Math.min(Math.max(draft.currentStep, 0), steps.length);
  return viewAt(call, template, steps, current, draft.values);
}

/** `asPosted`: the values of a post shown again as they were, without filling in defaults the user cleared. */
async function viewAt(call: WizardCall, template: Entity, steps: WizardStep[], index: number, values: JsonObject, asPosted = false): Promise<WizardView> {
  const base = { template: templateCardOf(template), steps: steps.map((step) => step.title) };
  if (index >= steps.length) return { ...base, review: { index: steps.length, sections: reviewSections(steps, values) } };
  return { ...base, step: await stepView(call, steps[index]!, index, values, asPosted) };
}

export async function stepView(call: WizardCall, step: WizardStep, index: number, values: JsonObject, asPosted: boolean): Promise<StepView> {
  const withDefaults = asPosted ? values : stepDefaults(step, values);
  const schema = resolvedSchema(step, withDefaults);
  const keptSecrets: string[] = [];
  const shown = blankSecrets(schema, step.uiSchema, withDefaults, "", keptSecrets);
  const extensionData: Record<string, unknown> = {};
  await Promise.all(
    customFields(schema, step.uiSchema, withDefaults).map(async (field) => {
      const load = fieldExtensionServers[field.extension]?.load;
      if (load) extensionData[field.name] = await load(extensionArgs(call, field, withDefaults));
    }),
  );
  const conditional = hasConditions(step.schema);
  return { index, title: step.title, description: step.description, schema, uiSchema: step.uiSchema, values: shown, keptSecrets, extensionData, conditional };
}

function hasConditions(schema: JsonSchema): boolean {
  if (schema.dependencies || schema.oneOf || schema.anyOf || schema.if || schema.allOf) return true;
  return Object.values(schema.properties ?? {}).some((child) => isObjectSchema(child) && hasConditions(child));
}

/** The values as the page may see them: a secret is never sent back, only the fact that one is kept. */
function blankSecrets(schema: JsonSchema, uiSchema: UiSchema, values: JsonObject, parent: string, kept: string[]): JsonObject {
  const out: JsonObject = { ...values };
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const ui = uiOf(uiSchema, key);
    const name = childName(parent, key);
    if (isSecret(ui)) {
      if (typeof out[key] === "string" && out[key] !== "") kept.push(name);
      delete out[key];
    } else if (isObjectSchema(child) && isJsonObject(out[key])) {
      out[key] = blankSecrets(child, ui, out[key] as JsonObject, name, kept);
    }
  }
  return out;
}

type VisibleCustomField = CustomField & { value: JsonValue | undefined };

function customFields(schema: JsonSchema, uiSchema: UiSchema, values: JsonObject | undefined, parent = ""): VisibleCustomField[] {
  const found: VisibleCustomField[] = [];
  const required = new Set(schema.required ?? []);
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const ui = uiOf(uiSchema, key);
    const name = childName(parent, key);
    const extension = ui["ui:field"];
    if (typeof extension === "string") found.push({ name, extension, schema: child, uiSchema: ui, required: required.has(key), value: values?.[key] });
    else if (isObjectSchema(child)) found.push(...customFields(child, ui, isJsonObject(values?.[key]) ? (values![key] as JsonObject) : undefined, name));
  }
  return found;
}

function extensionArgs(call: WizardCall, field: CustomField & { value?: JsonValue }, formData: JsonObject): FieldServerArgs {
  return {
    name: field.name,
    schema: field.schema as JsonObject,
    uiSchema: field.uiSchema as JsonObject,
    value: field.value,
    required: field.required,
    formData,
    query: call.url.searchParams,
    credentials: call.credentials,
    identity: call.identity,
    services: call.app,
  };
}

function reviewSections(steps: WizardStep[], values: JsonObject): ReviewView["sections"] {
  return steps.map((step) => {
    const schema = resolvedSchema(step, values);
    return { title: step.title, rows: reviewRows(schema, step.uiSchema, values, "", "") };
  });
}

/** Every value of a step, nested objects flattened to 'Parent > Child'; secrets masked; ui:backstage.review.show false hides a field, as in Backstage. */
function reviewRows(schema: JsonSchema, uiSchema: UiSchema, values: JsonObject, parent: string, labelPrefix: string): ReviewRow[] {
  const rows: ReviewRow[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const ui = uiOf(uiSchema, key);
    const review = uiOption(ui, "backstage");
    if (isJsonObject(review as JsonValue) && isJsonObject((review as JsonObject).review) && ((review as JsonObject).review as JsonObject).show === false) continue;
    const name = childName(parent, key);
    const label = `${labelPrefix}${child.title ?? key}`;
    const value = values[key];
    if (isObjectSchema(child) && isJsonObject(value)) {
      rows.push(...reviewRows(child, ui, value, name, `${label} > `));
      continue;
    }
    if (value === undefined) continue;
    const masked = isSecret(ui);
    rows.push({ name, label, masked, value: masked ? "" : displayOf(value) });
  }
  return rows;
}

function displayOf(value: JsonValue): string {
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ");
  return typeof value === "string" ? value : JSON.stringify(value);
}

export type PostOutcome =
  | { kind: "redirect"; to: string }
  | { kind: "form"; status: number; reply: FormReply; view: WizardView }
  | { kind: "create"; values: JsonObject; secrets: Record<string, string>; templateRef: string; address: DraftAddress };

/**
 * One post of the wizard's form. Next and Review validate the step (toValue,
 * ajv, then each custom field's validate) and answer 400 with conform's
 * reply beside the fields, or save and move on; Back saves without
 * validating; Create validates every step again and hands the values over.
 */
export async function postWizard(call: WizardCall, template: Entity, formData: FormData): Promise<PostOutcome> {
  const steps = await stepsOf(call, template);
  const address = addressOf(call, template);
  // After a post the wizard is its plain path: the prefill is in the draft by then.
  const here = call.path;
  const intent = String(formData.get(WIZARD_INTENT) ?? "next");
  // A picker's server-side search, or the repository location's host chosen
  // without JavaScript, is a post like Update form: the step's values (a
  // secret among them) stay out of the URL, proxies' logs and the history.
  // The fields' servers read the search from the posted entries.
  const search = intent === "search";
  const fieldCall = search ? withQuery(call, formData) : call;
  const draft = await draftOf(call, template);
  const postedStep = Number(formData.get("__step"));
  const index = Number.isInteger(postedStep) && postedStep >= 0 && postedStep <= steps.length ? postedStep : Math.min(draft.currentStep, steps.length);

  if (intent === "restart") {
    await call.app.wizardDrafts.remove(address);
    return { kind: "redirect", to: here };
  }

  if (index >= steps.length) {
    if (intent === "back") {
      await call.app.wizardDrafts.save(address, { values: draft.values, currentStep: Math.max(steps.length - 1, 0) });
      return { kind: "redirect", to: here };
    }
    return createOutcome(call, template, steps, draft.values, address, formData);
  }

  const step = steps[index]!;
  const listIntent = formData.has("__intent__");
  let merged: JsonObject = draft.values;
  const submission = await parse<JsonObject, string[]>(formData, {
    resolve: async (payload) => {
      merged = mergeStep(call, step, draft.values, payload, formData, { keepEmptyItems: listIntent });
      if (listIntent || intent === "back" || intent === "refresh" || search) return { value: merged };
      const errors = await stepErrors(call, step, merged);
      return Object.keys(errors).length ? { error: errors } : { value: merged };
    },
  });
  const hideFields = secretNames(resolvedSchema(step, merged), step.uiSchema);
  if (intent === "back") {
    await call.app.wizardDrafts.save(address, { values: merged, currentStep: Math.max(index - 1, 0) });
    return { kind: "redirect", to: here };
  }
  if (submission.status === "success") {
    // Next, or Review after the last step.
    const stay = intent === "refresh" || search;
    await call.app.wizardDrafts.save(address, { values: merged, currentStep: stay ? index : index + 1 });
    if (stay) return { kind: "form", status: 200, reply: submission.reply({ hideFields }), view: await viewAt(fieldCall, template, steps, index, merged, true) };
    return { kind: "redirect", to: here };
  }
  // A list intent (add, remove) or a refusal: the step again, with the values as posted.
  const status = submission.status === "error" ? 400 : 200;
  return { kind: "form", status, reply: submission.reply({ hideFields }), view: await viewAt(call, template, steps, index, merged, true) };
}

/** The call as its fields' servers see a search: the posted entries as the query. */
function withQuery(call: WizardCall, formData: FormData): WizardCall {
  const url = new URL(call.url);
  url.search = postedQuery(formData).toString();
  return { ...call, url };
}

/**
 * The draft's values with this step's fields replaced by what was posted;
 * fields the conditions hide are dropped. A custom field's entries go through its
 * extension's toValue.
 */
function mergeStep(call: WizardCall, step: WizardStep, previous: JsonObject, payload: unknown, entries: FormData | URLSearchParams, options: PostedOptions = {}): JsonObject {
  const rest: JsonObject = { ...previous };
  for (const key of stepKeys(step.schema)) delete rest[key];
  const readCustom = (field: CustomField, posted: unknown): JsonValue | undefined => {
    const toValue = fieldExtensionServers[field.extension]?.toValue;
    if (toValue) return toValue(postedField(entries, field.name), extensionArgs(call, field, previous));
    // No server part: the plain field's reading of a post.
    if (posted === undefined || posted === "") return undefined;
    return isJsonObject(posted as JsonValue) || Array.isArray(posted) || typeof posted === "string" ? (posted as JsonValue) : undefined;
  };
  const read = (schema: JsonSchema) => postedValues(schema, step.uiSchema, payload, previous, { ...options, readCustom });
  // Conditions may turn on what was just posted: resolve with the post, then read the post for that schema.
  const schema = resolvedSchema(step, { ...rest, ...read(resolvedSchema(step, { ...previous, ...read(step.schema) })) });
  return { ...rest, ...read(schema) };
}

async function stepErrors(call: WizardCall, step: WizardStep, values: JsonObject): Promise<FieldErrors> {
  const errors: Record<string, string[]> = {};
  const add = (name: string, message: string) => {
    errors[name] = [...(errors[name] ?? []), message];
  };
  for (const [name, messages] of Object.entries(stepProblems(step, values))) for (const message of messages ?? []) add(name, message);
  const schema = resolvedSchema(step, values);
  for (const field of customFields(schema, step.uiSchema, values)) {
    const validate = fieldExtensionServers[field.extension]?.validate;
    if (!validate) continue;
    for (const message of await validate(field.value, extensionArgs(call, field, values))) add(field.name, message);
  }
  return errors;
}

function secretNames(schema: JsonSchema, uiSchema: UiSchema, parent = ""): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const ui = uiOf(uiSchema, key);
    const name = childName(parent, key);
    if (isSecret(ui)) return [name];
    return schemaType(child) === "object" ? secretNames(child, ui, name) : [];
  });
}

async function createOutcome(call: WizardCall, template: Entity, steps: WizardStep[], values: JsonObject, address: DraftAddress, formData: FormData): Promise<PostOutcome> {
  // Every step again: the template may have changed since, or the draft been made by hand.
  for (const [index, step] of steps.entries()) {
    const errors = await stepErrors(call, step, values);
    if (Object.keys(errors).length === 0) continue;
    await call.app.wizardDrafts.save(address, { values, currentStep: index });
    const submission = parse<JsonObject, string[]>(formData, { resolve: () => ({ error: errors }) });
    return {
      kind: "form",
      status: 400,
      reply: submission.reply({ hideFields: secretNames(resolvedSchema(step, values), step.uiSchema) }),
      view: await viewAt(call, template, steps, index, values),
    };
  }
  // A Secret field's value goes to the task's secrets; its parameter holds the mask (Backstage's ui:field Secret).
  const secrets: Record<string, string> = {};
  const parameters: JsonObject = { ...values };
  for (const step of steps) {
    for (const [key] of Object.entries(resolvedSchema(step, values).properties ?? {})) {
      if (isSecretField(uiOf(step.uiSchema, key) as JsonObject) && typeof parameters[key] === "string") {
        secrets[key] = parameters[key] as string;
        parameters[key] = maskSecret(parameters[key] as string);
      }
    }
  }
  return { kind: "create", values: parameters, secrets, templateRef: address.templateRef, address };
}

/** The review again with a refusal of Create (the service's 400 or 403) above its buttons. */
export async function refusedCreate(call: WizardCall, template: Entity, formData: FormData, message: string, status: number): Promise<PostOutcome> {
  const steps = await stepsOf(call, template);
  const draft = await draftOf(call, template);
  const submission = parse<JsonObject, string[]>(formData, { resolve: () => ({ error: { "": [message] } }) });
  return { kind: "form", status, reply: submission.reply(), view: await viewAt(call, template, steps, steps.length, draft.values) };
}
