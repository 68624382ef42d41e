import { useState } from "react";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Choice, RepoUrlFieldData } from "~/lib/scaffolder/fields/data";
import { allowedListFor, repoUrlPartsFor, type RepoUrlParts } from "~/lib/scaffolder/fields/rules";
import { WIZARD_INTENT } from "~/lib/scaffolder/wizard/form-data";
import type { TranslationKey } from "~/lib/i18n/i18n";
import { ComboboxField } from "./combobox-input";
import { buttonClass, descriptionOf, FieldFrame, inputClass } from "./field-frame";
import { autocomplete, useDebouncedLoad, type AutocompleteResult } from "./remote";
import type { FieldExtensionProps } from "./types";

// RepoUrlPicker: where a new repository goes, as Backstage's repo-location
// value `host?owner=..&repo=..&organization=..&workspace=..&project=..`.
// The host decides the other parts (Bitbucket: workspace on bitbucket.org
// and project; Azure: organization and project; others: owner), then the
// repository. Each part posts as `<name>.<part>` and the server joins them
// (app/lib/scaffolder/fields/index.server.ts). A part with an allowed list
// is a select, disabled when the list has one entry (its value then posts
// from a hidden input); without a list it is free text, which with
// JavaScript suggests from the host's autocomplete after 500 ms. Without
// JavaScript a changed host shows its parts after 'Use this host', a GET
// submit that keeps what was typed.

type Part = "owner" | "organization" | "workspace" | "project" | "repoName";

const POSTED: Record<Part, string> = { owner: "owner", organization: "organization", workspace: "workspace", project: "project", repoName: "repo" };

const LABELS: Record<Part, { label: TranslationKey; description: TranslationKey }> = {
  owner: { label: "scaffolderFields.repoUrl.owner", description: "scaffolderFields.repoUrl.ownerDescription" },
  organization: { label: "scaffolderFields.repoUrl.organization", description: "scaffolderFields.repoUrl.organizationDescription" },
  workspace: { label: "scaffolderFields.repoUrl.workspace", description: "scaffolderFields.repoUrl.workspaceDescription" },
  project: { label: "scaffolderFields.repoUrl.project", description: "scaffolderFields.repoUrl.projectDescription" },
  repoName: { label: "scaffolderFields.repoUrl.repository", description: "scaffolderFields.repoUrl.repositoryDescription" },
};

const EMPTY_PARTS: RepoUrlParts = { host: "", owner: "", repoName: "", organization: "", workspace: "", project: "" };

/** The autocomplete request for a part, Backstage's per host (spec: bitbucket-cloud, github, gitlab). */
function autocompleteRequest(
  part: Part,
  type: string | undefined,
  parts: RepoUrlParts,
  gitlabGroupIds: Map<string, string>,
): { provider: string; resource: string; context: Record<string, string> } | undefined {
  if (type === "github" && (part === "owner" || part === "repoName")) return { provider: "github", resource: "repositoriesWithOwner", context: { host: parts.host } };
  if (type === "gitlab" && part === "owner") return { provider: "gitlab", resource: "groups", context: { host: parts.host } };
  if (type === "gitlab" && part === "repoName" && parts.owner)
    return { provider: "gitlab", resource: "repositories", context: { id: gitlabGroupIds.get(parts.owner) ?? parts.owner, host: parts.host } };
  if (type === "bitbucket" && parts.host === "bitbucket.org") {
    if (part === "workspace") return { provider: "bitbucket-cloud", resource: "workspaces", context: {} };
    if (part === "project" && parts.workspace) return { provider: "bitbucket-cloud", resource: "projects", context: { workspace: parts.workspace } };
    if (part === "repoName" && parts.workspace && parts.project) return { provider: "bitbucket-cloud", resource: "repositories", context: { workspace: parts.workspace, project: parts.project } };
  }
  return undefined;
}

/** The suggestions of a part from its autocomplete results: GitHub's ids are owner/name. */
function suggestionsOf(part: Part, type: string | undefined, parts: RepoUrlParts, results: AutocompleteResult[] | undefined): Choice[] {
  if (!results) return [];
  const values = results.flatMap((result) => {
    const id = result.id ?? result.title ?? "";
    if (type === "github") {
      const [owner, name] = id.split("/");
      if (part === "owner") return owner ? [owner] : [];
      return owner === parts.owner && name ? [name] : [];
    }
    if (type === "gitlab" && part === "owner") return result.title ? [result.title] : id ? [id] : [];
    return (result.title ?? result.id) ? [result.title ?? result.id ?? ""] : [];
  });
  return [...new Set(values)].filter(Boolean).map((value) => ({ value, label: value }));
}

function PartInput(props: {
  field: FieldExtensionProps;
  part: Part;
  parts: RepoUrlParts;
  setPart(part: Part, value: string): void;
  allowed: string[];
  type: string | undefined;
  gitlabGroupIds: Map<string, string>;
  onResults?(results: AutocompleteResult[]): void;
}) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const basePath = useBasePath();
  const { field, part, parts, allowed } = props;
  const id = `${field.id}-${POSTED[part]}`;
  const name = `${field.name}.${POSTED[part]}`;
  const value = parts[part];
  const invalid = (Boolean(field.errors?.length) && !value) || undefined;
  const describedby = [`${id}-description`, field.errors?.length ? field.errorId : ""].filter(Boolean).join(" ");
  const request = hydrated && !allowed.length ? autocompleteRequest(part, props.type, parts, props.gitlabGroupIds) : undefined;
  const results = useDebouncedLoad(request ? JSON.stringify(request) : undefined, async (signal) => {
    const answer = await autocomplete(basePath, request!.provider, request!.resource, request!.context, signal);
    props.onResults?.(answer);
    return answer;
  });
  const locked = field.disabled || allowed.length === 1;
  let control;
  if (allowed.length) {
    control = (
      <>
        <select
          id={id}
          name={locked ? undefined : name}
          value={value}
          onChange={(event) => props.setPart(part, event.target.value)}
          disabled={locked}
          required
          aria-describedby={describedby}
          aria-invalid={invalid}
          className={inputClass}
        >
          {allowed.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {locked ? <input type="hidden" name={name} value={value} /> : null}
      </>
    );
  } else if (hydrated) {
    control = (
      <ComboboxField
        id={id}
        name={name}
        value={value}
        onChange={(next) => props.setPart(part, next)}
        options={suggestionsOf(part, props.type, parts, results)}
        freeText
        describedBy={describedby}
        invalid={invalid}
        required
        disabled={field.disabled}
      />
    );
  } else {
    control = <input id={id} name={name} defaultValue={value} required disabled={field.disabled} autoComplete="off" aria-describedby={describedby} aria-invalid={invalid} className={inputClass} />;
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {t(LABELS[part].label)}
        <span aria-hidden="true" className="text-red-700 dark:text-red-300">
          {" *"}
        </span>
      </label>
      {control}
      <p id={`${id}-description`} className="text-sm text-slate-600 dark:text-slate-400">
        {t(LABELS[part].description)}
      </p>
    </div>
  );
}

export function RepoUrlPickerField(props: FieldExtensionProps) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const data = (props.data ?? {
    integrations: [],
    options: { allowedHosts: [], allowedOwners: [], allowedOrganizations: [], allowedProjects: [], allowedRepos: [] },
    parts: EMPTY_PARTS,
  }) as RepoUrlFieldData;
  const [parts, setParts] = useState<RepoUrlParts>(data.parts);
  const [gitlabGroupIds, setGitlabGroupIds] = useState(new Map<string, string>());
  const type = data.integrations.find((integration) => integration.host === parts.host)?.type ?? (parts.host === data.parts.host ? data.type : undefined);
  const setPart = (part: keyof RepoUrlParts, value: string) =>
    setParts((previous) => {
      if (part !== "host") return { ...previous, [part]: value };
      // Another host: its own parts start from the allowed defaults, as on the server.
      const workspace = value === "bitbucket.org" ? (data.options.allowedOwners[0] ?? "") : "";
      return { ...previous, host: value, workspace };
    });
  const hosts = data.integrations;
  const hostLocked = props.disabled || hosts.length <= 1;
  const hostDescription = descriptionOf({ schema: {} }, t("scaffolderFields.repoUrl.hostDescription"));
  const title = typeof props.schema.title === "string" && props.schema.title ? props.schema.title : t("scaffolderFields.repoUrl.repository");
  const description = typeof props.schema.description === "string" && props.schema.description ? props.schema.description : undefined;
  const shownParts: Part[] = [...repoUrlPartsFor(parts.host, type), "repoName"];
  const hostInvalid = (Boolean(props.errors?.length) && !parts.host) || undefined;

  return (
    <FieldFrame field={props} title={title} description={description} as="fieldset">
      <div className="flex flex-col gap-1">
        <label htmlFor={props.id} className="text-sm font-semibold">
          {t("scaffolderFields.repoUrl.host")}
          <span aria-hidden="true" className="text-red-700 dark:text-red-300">
            {" *"}
          </span>
        </label>
        <span className="flex gap-2">
          <select
            id={props.id}
            name={hostLocked ? undefined : `${props.name}.host`}
            value={parts.host}
            onChange={(event) => setPart("host", event.target.value)}
            disabled={hostLocked}
            required
            aria-describedby={[`${props.id}-host-description`, props.errors?.length ? props.errorId : ""].filter(Boolean).join(" ")}
            aria-invalid={hostInvalid}
            className={inputClass}
          >
            {hosts.length === 0 ? <option value="">{t("scaffolderFields.repoUrl.noHosts")}</option> : null}
            {hosts.map((integration) => (
              <option key={integration.host} value={integration.host}>
                {integration.title}
              </option>
            ))}
          </select>
          {hostLocked ? <input type="hidden" name={`${props.name}.host`} value={parts.host} /> : null}
          {!hydrated && !hostLocked ? (
            <button type="submit" name={WIZARD_INTENT} value="search" formNoValidate className={buttonClass}>
              {t("scaffolderFields.repoUrl.chooseHost")}
            </button>
          ) : null}
        </span>
        <p id={`${props.id}-host-description`} className="text-sm text-slate-600 dark:text-slate-400">
          {hostDescription}
        </p>
      </div>
      {shownParts.map((part) => (
        <PartInput
          key={`${parts.host}-${part}`}
          field={props}
          part={part}
          parts={parts}
          setPart={setPart}
          allowed={allowedListFor(part, { ...data.options, requestUserCredentials: undefined })}
          type={type}
          gitlabGroupIds={gitlabGroupIds}
          onResults={
            type === "gitlab" && part === "owner"
              ? (results) => setGitlabGroupIds(new Map(results.filter((result) => result.title && result.id).map((result) => [result.title!, result.id!])))
              : undefined
          }
        />
      ))}
    </FieldFrame>
  );
}
