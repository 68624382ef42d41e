import { parseEntityRef, stringifyEntityRef } from "../../catalog/entity-ref";
import { isValidEntityName, isValidTag } from "../../catalog/validation";
import type { FilterPredicate, Primitive } from "../../catalog/query/predicate";
import type { JsonObject, JsonValue } from "../actions/types";

// The rules of the wizard's field extensions, shared by the server (which
// validates every post) and the browser (which checks as the user types).
// Isomorphic: no React, no node:. Each follows Backstage's field of the same
// name in plugins/scaffolder/src/components/fields/.

// ---- options ----

/** A schema or uiSchema as the wizard passes it: JSON, read defensively (a template may write anything). */
export type SchemaLike = { readonly [key: string]: unknown };

/** The field's `ui:options`, an empty object when it has none or they are not an object. */
export function uiOptions(uiSchema: SchemaLike | undefined): JsonObject {
  const options = uiSchema?.["ui:options"];
  return options && typeof options === "object" && !Array.isArray(options) ? (options as JsonObject) : {};
}

export function stringOption(options: JsonObject, key: string): string | undefined {
  const value = options[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function stringListOption(options: JsonObject, key: string): string[] {
  const value = options[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && item !== "") : [];
}

export function booleanOption(options: JsonObject, key: string, fallback: boolean): boolean {
  const value = options[key];
  return typeof value === "boolean" ? value : fallback;
}

// ---- entity pickers ----

/** One value of `catalogFilter`: a string, a list of them, or `{exists: true}` (Backstage's CATALOG_FILTER_EXISTS). */
type FilterValue = string | number | boolean | Array<string | number | boolean> | { exists: boolean };
export type CatalogFilter = Record<string, FilterValue> | Array<Record<string, FilterValue>>;

export type EntityPickerOptions = {
  catalogFilter?: CatalogFilter;
  defaultKind?: string;
  defaultNamespace?: string;
  allowArbitraryValues: boolean;
};

/** What the picker's kind decides before ui:options: OwnerPicker's kinds and default kind. */
export type EntityPickerFlavour = "entity" | "owner";

/**
 * EntityPicker's options. `catalogFilter` wins over the deprecated
 * `allowedKinds`, which becomes a kind filter; OwnerPicker filters kinds
 * Group and User and defaults the kind to Group (Backstage's OwnerPicker).
 */
export function entityPickerOptions(uiSchema: SchemaLike | undefined, flavour: EntityPickerFlavour = "entity"): EntityPickerOptions {
  const options = uiOptions(uiSchema);
  const allowedKinds = stringListOption(options, "allowedKinds");
  const written = catalogFilterOf(options.catalogFilter);
  const catalogFilter = written ?? (allowedKinds.length ? { kind: allowedKinds } : flavour === "owner" ? { kind: ["Group", "User"] } : undefined);
  return {
    catalogFilter,
    defaultKind: stringOption(options, "defaultKind") ?? (flavour === "owner" ? "Group" : undefined),
    // `||`: an empty default namespace counts as none, as in Backstage.
    defaultNamespace: stringOption(options, "defaultNamespace"),
    allowArbitraryValues: booleanOption(options, "allowArbitraryValues", true),
  };
}

function catalogFilterOf(value: JsonValue | undefined): CatalogFilter | undefined {
  const one = (item: JsonValue): Record<string, FilterValue> | undefined => {
    if (!item || typeof item !== "object" || Array.isArray(item)) return undefined;
    const out: Record<string, FilterValue> = {};
    for (const [key, condition] of Object.entries(item)) {
      if (typeof condition === "string" || typeof condition === "number" || typeof condition === "boolean") out[key] = condition;
      else if (Array.isArray(condition)) out[key] = condition.filter((entry): entry is string | number | boolean => entry !== null && typeof entry !== "object");
      else if (condition && typeof condition === "object" && typeof condition.exists === "boolean") out[key] = { exists: condition.exists };
    }
    return Object.keys(out).length ? out : undefined;
  };
  if (Array.isArray(value)) {
    const list = value.map(one).filter((item): item is Record<string, FilterValue> => item !== undefined);
    return list.length ? list : undefined;
  }
  return value === undefined ? undefined : one(value);
}

/** catalogFilter as the catalog's predicate: conditions of one object all hold, any of several objects. */
export function catalogFilterPredicate(filter: CatalogFilter | undefined): FilterPredicate | undefined {
  if (!filter) return undefined;
  const one = (item: Record<string, FilterValue>): FilterPredicate => {
    const parts: FilterPredicate[] = Object.entries(item).map(([key, value]) => {
      if (Array.isArray(value)) return { [key]: { $in: value as Primitive[] } };
      if (typeof value === "object") return value.exists ? { [key]: { $exists: true } } : { $not: { [key]: { $exists: true } } };
      return { [key]: value };
    });
    return parts.length === 1 ? parts[0] : { $all: parts };
  };
  const list = Array.isArray(filter) ? filter : [filter];
  return list.length === 1 ? one(list[0]) : { $any: list.map(one) };
}

/**
 * catalogFilter as `filter` query parameters of GET /api/catalog/entities
 * (the browser's search): `key=value` pairs joined by commas, a list as the
 * key repeated, `{exists: true}` as the key alone, one parameter per object.
 * `{exists: false}` has no form there and is left out.
 */
export function catalogFilterParams(filter: CatalogFilter | undefined): string[] {
  if (!filter) return [];
  const list = Array.isArray(filter) ? filter : [filter];
  return list.map((item) =>
    Object.entries(item)
      .flatMap(([key, value]) => (Array.isArray(value) ? value.map((entry) => `${key}=${entry}`) : typeof value === "object" ? (value.exists ? [key] : []) : [`${key}=${value}`]))
      .join(","),
  );
}

/** A typed ref in its full form (`kind:namespace/name`) with the picker's defaults, or as typed when it is none. */
export function completeEntityRef(typed: string, options: { defaultKind?: string; defaultNamespace?: string }): string {
  const trimmed = typed.trim();
  if (!trimmed) return "";
  try {
    return stringifyEntityRef(parseEntityRef(trimmed, options));
  } catch {
    return trimmed;
  }
}

export function isValidEntityRef(value: string): boolean {
  try {
    parseEntityRef(value);
    return true;
  } catch {
    return false;
  }
}

// ---- tags and names ----

/** An entered tag as EntityTagsPicker keeps it: lower-cased and trimmed. */
export function normalizeTag(tag: string): string {
  return tag.toLocaleLowerCase("en-US").trim();
}

/**
 * Adds entered tags to a list: each lower-cased and trimmed, a duplicate
 * ignored, an invalid one refused (and reported) rather than added.
 */
export function addTags(current: readonly string[], entered: readonly string[]): { tags: string[]; invalid: string[] } {
  const tags = [...current];
  const invalid: string[] = [];
  for (const raw of entered) {
    const tag = normalizeTag(raw);
    if (!tag) continue;
    if (!isValidTag(tag)) invalid.push(tag);
    else if (!tags.includes(tag)) tags.push(tag);
  }
  return { tags, invalid };
}

export { isValidEntityName, isValidTag };

// ---- the repository location ----

/** The parts of a repository location, as Backstage's RepoUrlPickerState names them. */
export type RepoUrlParts = { host: string; owner: string; repoName: string; organization: string; workspace: string; project: string };

export const REPO_URL_PARTS = ["host", "owner", "repoName", "organization", "workspace", "project"] as const;

/** The host type a location's parts depend on: Backstage's integration types, `bitbucket` for Cloud and Server alike. */
export type ScmType = "github" | "gitlab" | "azure" | "bitbucket" | "gerrit" | "gitea";

/** A host RepoUrlPicker offers; an allowed host no integration names has no type (owner and repository only). */
export type ScmIntegration = { host: string; title: string; type?: ScmType };

/** Which parts a host asks for, after the host and before the repository (Backstage's per-host pickers). */
export function repoUrlPartsFor(host: string, type: ScmType | undefined): Array<"owner" | "organization" | "workspace" | "project"> {
  if (type === "bitbucket") return host === "bitbucket.org" ? ["workspace", "project"] : ["project"];
  if (type === "azure") return ["organization", "project"];
  if (type === "gerrit") return ["owner"];
  return ["owner"];
}

/** `host?owner=..&repo=..&organization=..&workspace=..&project=..`: the empty parts left out; no host, no value. */
export function serializeRepoUrl(parts: Partial<RepoUrlParts>): string | undefined {
  if (!parts.host) return undefined;
  const params = new URLSearchParams();
  if (parts.owner) params.set("owner", parts.owner);
  if (parts.repoName) params.set("repo", parts.repoName);
  if (parts.organization) params.set("organization", parts.organization);
  if (parts.workspace) params.set("workspace", parts.workspace);
  if (parts.project) params.set("project", parts.project);
  return `${parts.host}?${params.toString()}`;
}

export function parseRepoUrl(value: string | undefined): RepoUrlParts {
  const empty: RepoUrlParts = { host: "", owner: "", repoName: "", organization: "", workspace: "", project: "" };
  if (!value) return empty;
  try {
    const url = new URL(`https://${value}`);
    const get = (key: string) => url.searchParams.get(key) ?? "";
    return { host: url.host, owner: get("owner"), repoName: get("repo"), organization: get("organization"), workspace: get("workspace"), project: get("project") };
  } catch {
    return empty;
  }
}

export type RepoUrlProblem = "unparsableRepoUrl" | "hostNotProvided" | "workspaceNotProvided" | "projectNotProvided" | "ownerNotProvided" | "repoNotProvided";

/**
 * Backstage's repoPickerValidation: the value must parse as `https://{value}`;
 * then the host; Bitbucket needs a project (and on bitbucket.org a
 * workspace), Azure a project, every other host but Gerrit an owner; every
 * host a repo. Answers message keys (scaffolderFields.errors.*), in order.
 */
export function repoUrlProblems(value: string | undefined, typeOf: (host: string) => ScmType | undefined): RepoUrlProblem[] {
  let url: URL;
  try {
    url = new URL(`https://${value ?? ""}`);
  } catch {
    return ["unparsableRepoUrl"];
  }
  const { host, searchParams } = url;
  if (!host) return ["hostNotProvided"];
  const problems: RepoUrlProblem[] = [];
  const type = typeOf(host);
  if (type === "bitbucket") {
    if (host === "bitbucket.org" && !searchParams.get("workspace")) problems.push("workspaceNotProvided");
    if (!searchParams.get("project")) problems.push("projectNotProvided");
  } else if (type === "azure") {
    if (!searchParams.get("project")) problems.push("projectNotProvided");
  } else if (type !== "gerrit") {
    if (!searchParams.get("owner")) problems.push("ownerNotProvided");
  }
  if (!searchParams.get("repo")) problems.push("repoNotProvided");
  return problems;
}

export type RepoUrlOptions = {
  allowedHosts: string[];
  allowedOwners: string[];
  allowedOrganizations: string[];
  allowedProjects: string[];
  allowedRepos: string[];
  requestUserCredentials?: { secretsKey: string; additionalScopes: Record<string, string[]> };
};

export function repoUrlOptions(uiSchema: SchemaLike | undefined): RepoUrlOptions {
  const options = uiOptions(uiSchema);
  const credentials = options.requestUserCredentials;
  let requestUserCredentials: RepoUrlOptions["requestUserCredentials"];
  if (credentials && typeof credentials === "object" && !Array.isArray(credentials) && typeof credentials.secretsKey === "string" && credentials.secretsKey) {
    const scopes = credentials.additionalScopes;
    const additionalScopes: Record<string, string[]> = {};
    if (scopes && typeof scopes === "object" && !Array.isArray(scopes)) {
      for (const [provider, list] of Object.entries(scopes)) if (Array.isArray(list)) additionalScopes[provider] = list.filter((scope): scope is string => typeof scope === "string");
    }
    requestUserCredentials = { secretsKey: credentials.secretsKey, additionalScopes };
  }
  return {
    allowedHosts: stringListOption(options, "allowedHosts"),
    allowedOwners: stringListOption(options, "allowedOwners"),
    allowedOrganizations: stringListOption(options, "allowedOrganizations"),
    allowedProjects: stringListOption(options, "allowedProjects"),
    allowedRepos: stringListOption(options, "allowedRepos"),
    requestUserCredentials,
  };
}

/**
 * The parts with Backstage's defaults filled in where nothing is chosen:
 * the host is the first allowed host or else the first integration; owner,
 * organization, project and repo the first allowed value; on bitbucket.org
 * the workspace the first allowed owner.
 */
export function repoUrlDefaults(parts: RepoUrlParts, options: RepoUrlOptions, integrations: readonly ScmIntegration[]): RepoUrlParts {
  const host = parts.host || options.allowedHosts[0] || integrations[0]?.host || "";
  const type = integrations.find((integration) => integration.host === host)?.type;
  return {
    host,
    owner: parts.owner || options.allowedOwners[0] || "",
    organization: parts.organization || options.allowedOrganizations[0] || "",
    project: parts.project || options.allowedProjects[0] || "",
    repoName: parts.repoName || options.allowedRepos[0] || "",
    workspace: parts.workspace || (type === "bitbucket" && host === "bitbucket.org" ? (options.allowedOwners[0] ?? "") : ""),
  };
}

/** Which allowed list limits a part (Bitbucket Cloud's workspaces are the allowed owners). */
export function allowedListFor(part: "owner" | "organization" | "workspace" | "project" | "repoName", options: RepoUrlOptions): string[] {
  switch (part) {
    case "owner":
    case "workspace":
      return options.allowedOwners;
    case "organization":
      return options.allowedOrganizations;
    case "project":
      return options.allowedProjects;
    case "repoName":
      return options.allowedRepos;
  }
}

// ---- posts ----

/** A post's text entries as a query, as the fields' servers read a search (file inputs have none). */
export function postedQuery(formData: FormData): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of formData) if (typeof value === "string") query.append(key, value);
  return query;
}

/** The posted entry a field's server-side search (the no-JavaScript form, its Search button) sends its text in. */
export function searchParamName(fieldName: string): string {
  return `search:${fieldName}`;
}

export type PostedValue = FormDataEntryValue | FormDataEntryValue[] | { [part: string]: FormDataEntryValue | undefined } | undefined;

/**
 * What a form posted for one field: its entries under `name` (one, or a list
 * when repeated), or its parts `name.<part>` as an object (RepoUrlPicker).
 * The wizard hands this to the field's `toValue`.
 */
export function postedField(entries: FormData | URLSearchParams, name: string): PostedValue {
  const all = entries.getAll(name);
  const prefix = `${name}.`;
  const parts: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of entries.entries()) if (key.startsWith(prefix)) parts[key.slice(prefix.length)] = value;
  if (Object.keys(parts).length) return parts;
  if (all.length === 0) return undefined;
  return all.length === 1 ? all[0] : all;
}

/** Adds conditions to every object of a catalogFilter (OwnedEntityPicker's ownership, MyGroupsPicker's membership). */
export function withConditions(filter: CatalogFilter | undefined, conditions: Record<string, FilterValue>): CatalogFilter {
  if (!filter) return conditions;
  return Array.isArray(filter) ? filter.map((item) => ({ ...item, ...conditions })) : { ...filter, ...conditions };
}

// ---- secrets ----

/**
 * Backstage's Secret field keeps the typed value out of the task's
 * parameters: the parameter holds one `*` per character and the value goes
 * into the task's secrets under the field's name (`${{ secrets.<name> }}`).
 */
export function isSecretField(uiSchema: SchemaLike | undefined): boolean {
  return uiSchema?.["ui:field"] === "Secret";
}

export function maskSecret(value: string): string {
  return "*".repeat(value.length);
}
