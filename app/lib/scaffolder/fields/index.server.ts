import { createTranslator } from "../../i18n/i18n";
import type { JsonValue } from "../actions/types";
import type { BranchFieldData, EntityFieldData, RepoUrlFieldData, TagsFieldData } from "./data";
import { allowedEntities, choiceOf, entityFieldData } from "./entity-choices.server";
import { offeredIntegrations, scmTypeOf } from "./repo-url.server";
import {
  addTags,
  allowedListFor,
  catalogFilterPredicate,
  completeEntityRef,
  entityPickerOptions,
  isValidEntityName,
  isValidEntityRef,
  normalizeTag,
  parseRepoUrl,
  repoUrlDefaults,
  repoUrlOptions,
  repoUrlPartsFor,
  repoUrlProblems,
  serializeRepoUrl,
  stringListOption,
  uiOptions,
  withConditions,
  type EntityPickerOptions,
  type RepoUrlParts,
} from "./rules";
import type { FieldExtensionServer, FieldServerArgs } from "./types";

export type { FieldExtensionServer, FieldExtensionServerArgs, FieldServerArgs, FieldServices } from "./types";
export { postedField, postedQuery, isSecretField, maskSecret, searchParamName } from "./rules";
export { repoUrlCredentials, type RepoCredentials } from "./repo-url.server";

// The server side of every field extension, keyed by its `ui:field` name.
// The wizard calls `load` before rendering a step, `toValue` on its post and
// `validate` after the step's JSON Schema; see ./types.ts. Messages are the
// English sentences of the catalogue (scaffolderFields.errors), Backstage's
// words, since a template's users search for them.

const t = createTranslator("en");

// ---- posted entries ----

function entries(posted: unknown): string[] {
  if (typeof posted === "string") return [posted];
  if (Array.isArray(posted)) return posted.filter((entry): entry is string => typeof entry === "string");
  return [];
}

/** Several values may come in one entry, comma-separated (the no-JavaScript text box). */
function listEntries(posted: unknown): string[] {
  return entries(posted)
    .flatMap((entry) => entry.split(","))
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function stringsOf(value: JsonValue | undefined): string[] {
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string");
  return typeof value === "string" && value ? [value] : [];
}

// ---- entity pickers ----

/** A single-entity picker over some options: EntityPicker, OwnerPicker, OwnedEntityPicker and MyGroupsPicker differ only in them. */
function singleEntityPicker(optionsOf: (args: Pick<FieldServerArgs, "uiSchema" | "identity">) => EntityPickerOptions | undefined, extra: Partial<FieldExtensionServer> = {}): FieldExtensionServer {
  return {
    async load(args) {
      const options = optionsOf(args);
      if (!options) return emptyEntityData();
      const data = await entityFieldData(args, options);
      // A single option of a required field is chosen for the user when nothing else may be typed.
      const required = isRequired(args);
      if (required && !options.allowArbitraryValues && data.complete && data.choices.length === 1 && !stringsOf(data.value).length) data.value = data.choices[0].value;
      return data;
    },
    toValue(posted, args) {
      const options = args ? optionsOf(args) : undefined;
      const typed = entries(posted)[0]?.trim() ?? "";
      if (!typed) return undefined;
      return options ? completeEntityRef(typed, options) : typed;
    },
    async validate(value, args) {
      const options = optionsOf(args);
      const refs = stringsOf(value);
      if (!refs.length || !options || options.allowArbitraryValues) return [];
      return notChoices(args, options, refs);
    },
    ...extra,
  };
}

function emptyEntityData(error?: string): EntityFieldData {
  return { choices: [], complete: true, search: "", filterParams: [], allowArbitraryValues: false, ...(error ? { error } : {}) };
}

function isRequired(args: Pick<FieldServerArgs, "required">): boolean {
  return args.required === true;
}

async function notChoices(args: FieldServerArgs, options: EntityPickerOptions, refs: string[]): Promise<string[]> {
  const filter = catalogFilterPredicate(options.catalogFilter);
  const valid = refs.filter(isValidEntityRef);
  const found = new Set((await allowedEntities(args, filter, valid)).map((entity) => choiceOf(entity, options).value));
  return refs.filter((ref) => !found.has(ref.toLocaleLowerCase("en-US"))).map((ref) => t("scaffolderFields.errors.notAChoice", { value: ref }));
}

function ownedOptions(args: Pick<FieldServerArgs, "uiSchema" | "identity">): EntityPickerOptions | undefined {
  const options = entityPickerOptions(args.uiSchema);
  const refs = args.identity?.ownershipEntityRefs ?? [];
  // No ownership refs, no choices: an empty condition would mean no condition at all.
  if (!refs.length) return undefined;
  return { ...options, catalogFilter: withConditions(options.catalogFilter, { "relations.ownedBy": refs }) };
}

function myGroupsOptions(args: Pick<FieldServerArgs, "identity">): EntityPickerOptions | undefined {
  const user = args.identity?.userEntityRef;
  if (!user) return undefined;
  // Labelled by title, else name (Backstage's MyGroupsPicker): Group is the default kind, so its name shows alone.
  return { catalogFilter: { kind: "Group", "relations.hasMember": [user] }, defaultKind: "Group", allowArbitraryValues: false };
}

const myGroupsPicker = singleEntityPicker(myGroupsOptions, {
  async load(args) {
    const options = myGroupsOptions(args);
    if (!options) return emptyEntityData(t("scaffolderFields.errors.noUserEntityRef"));
    const data = await entityFieldData(args, options);
    // Exactly one group for a required field: chosen, and not to be changed.
    if (isRequired(args) && data.complete && data.choices.length === 1) return { ...data, value: data.choices[0].value, locked: true };
    return data;
  },
  async validate(value, args) {
    const options = myGroupsOptions(args);
    if (!options) return [t("scaffolderFields.errors.noUserEntityRef")];
    const refs = stringsOf(value);
    return refs.length ? notChoices(args, options, refs) : [];
  },
});

const multiEntityPicker: FieldExtensionServer = {
  async load(args) {
    return entityFieldData(args, entityPickerOptions(args.uiSchema), true);
  },
  toValue(posted, args) {
    const options = entityPickerOptions(args?.uiSchema);
    const refs = [...new Set(listEntries(posted).map((entry) => completeEntityRef(entry, options)))];
    return refs.length ? refs : undefined;
  },
  async validate(value, args) {
    const refs = stringsOf(value);
    const invalid = refs.filter((ref) => !isValidEntityRef(ref));
    if (invalid.length) return invalid.map((ref) => t("scaffolderFields.errors.invalidEntityRef", { value: ref }));
    const options = entityPickerOptions(args.uiSchema);
    return options.allowArbitraryValues || !refs.length ? [] : notChoices(args, options, refs);
  },
};

// ---- tags and names ----

const entityTagsPicker: FieldExtensionServer = {
  async load(args): Promise<TagsFieldData> {
    const kinds = stringListOption(uiOptions(args.uiSchema), "kinds");
    const { facets } = await args.services.catalog.entities.facets({ facets: ["metadata.tags"], filter: kinds.length ? { kind: { $in: kinds } } : undefined }, { credentials: args.credentials });
    return { suggestions: (facets["metadata.tags"] ?? []).map((facet) => facet.value) };
  },
  toValue(posted) {
    // Invalid tags stay in the value so that validate can name them; the form refuses them.
    const normalized = listEntries(posted).map(normalizeTag).filter(Boolean);
    return [...new Set(normalized)];
  },
  async validate(value) {
    const tags = stringsOf(value);
    const { invalid } = addTags([], tags);
    return invalid.map((tag) => t("scaffolderFields.tags.invalid", { tag }));
  },
};

const entityNamePicker: FieldExtensionServer = {
  toValue(posted) {
    const typed = entries(posted)[0]?.trim() ?? "";
    return typed || undefined;
  },
  async validate(value) {
    return typeof value === "string" && value !== "" && !isValidEntityName(value) ? [t("scaffolderFields.errors.entityName")] : [];
  },
};

// ---- the repository location ----

/** The parts the user chose: from a server-side search's query (host changed without JavaScript) or the value. */
function repoParts(args: Pick<FieldServerArgs, "name" | "query" | "value">): RepoUrlParts {
  const host = args.query.get(`${args.name}.host`);
  if (host !== null) {
    const get = (part: string) => args.query.get(`${args.name}.${part}`)?.trim() ?? "";
    return { host: host.trim(), owner: get("owner"), repoName: get("repo"), organization: get("organization"), workspace: get("workspace"), project: get("project") };
  }
  return parseRepoUrl(typeof args.value === "string" ? args.value : undefined);
}

const repoUrlPicker: FieldExtensionServer = {
  async load(args): Promise<RepoUrlFieldData> {
    const { requestUserCredentials, ...options } = repoUrlOptions(args.uiSchema);
    void requestUserCredentials;
    const integrations = offeredIntegrations(args.services.config.config, options.allowedHosts);
    const parts = repoUrlDefaults(repoParts(args), { ...options }, integrations);
    const type = integrations.find((integration) => integration.host === parts.host)?.type ?? scmTypeOf(args.services.config.config, parts.host);
    return { integrations, options, parts, type };
  },
  toValue(posted) {
    if (typeof posted === "string") return posted.trim() || undefined;
    if (!posted || typeof posted !== "object" || Array.isArray(posted)) return undefined;
    const parts = posted as Record<string, unknown>;
    const part = (key: string) => {
      const entry = parts[key];
      return typeof entry === "string" ? entry.trim() : "";
    };
    return serializeRepoUrl({ host: part("host"), owner: part("owner"), repoName: part("repo"), organization: part("organization"), workspace: part("workspace"), project: part("project") });
  },
  async validate(value, args) {
    const config = args.services.config.config;
    const location = typeof value === "string" ? value : undefined;
    if (location === undefined) return [];
    const problems = repoUrlProblems(location, (host) => scmTypeOf(config, host)).map((problem) => t(`scaffolderFields.errors.${problem}`));
    if (problems.length) return problems;
    // What a select offered is all that may come back: a hand-made post cannot pick another host or owner.
    const options = repoUrlOptions(args.uiSchema);
    const parts = parseRepoUrl(location);
    if (options.allowedHosts.length && !options.allowedHosts.includes(parts.host)) return [t("scaffolderFields.errors.hostNotAllowed", { host: parts.host })];
    const type = scmTypeOf(config, parts.host);
    const shown = [...repoUrlPartsFor(parts.host, type), "repoName" as const];
    return shown.flatMap((part) => {
      const allowed = allowedListFor(part, options);
      return allowed.length && parts[part] && !allowed.includes(parts[part]) ? [t("scaffolderFields.errors.notAChoice", { value: parts[part] })] : [];
    });
  },
};

const repoBranchPicker: FieldExtensionServer = {
  async load(args): Promise<BranchFieldData> {
    const location = typeof args.formData.repoUrl === "string" ? args.formData.repoUrl : undefined;
    const parts = parseRepoUrl(location);
    const queried = args.query.get(args.name);
    return {
      repo: parts.host
        ? { host: parts.host, type: scmTypeOf(args.services.config.config, parts.host), owner: parts.owner, repoName: parts.repoName, workspace: parts.workspace, project: parts.project }
        : undefined,
      value: queried ?? args.value,
    };
  },
  toValue(posted) {
    return entries(posted)[0]?.trim() || undefined;
  },
};

const secret: FieldExtensionServer = {
  // The value as typed: no trimming, a secret may end in a space. The wizard moves it to the task's secrets.
  toValue(posted) {
    const typed = entries(posted)[0] ?? "";
    return typed === "" ? undefined : typed;
  },
};

export const fieldExtensionServers: Record<string, FieldExtensionServer> = {
  EntityPicker: singleEntityPicker((args) => entityPickerOptions(args.uiSchema)),
  OwnerPicker: singleEntityPicker((args) => entityPickerOptions(args.uiSchema, "owner")),
  OwnedEntityPicker: singleEntityPicker(ownedOptions),
  MyGroupsPicker: myGroupsPicker,
  MultiEntityPicker: multiEntityPicker,
  EntityTagsPicker: entityTagsPicker,
  EntityNamePicker: entityNamePicker,
  RepoUrlPicker: repoUrlPicker,
  RepoBranchPicker: repoBranchPicker,
  Secret: secret,
};
