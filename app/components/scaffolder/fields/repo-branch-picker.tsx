import { useState } from "react";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { BranchFieldData } from "~/lib/scaffolder/fields/data";
import { ComboboxField } from "./combobox-input";
import { describedBy, descriptionOf, FieldFrame, inputClass, titleOf } from "./field-frame";
import { autocomplete, useDebouncedLoad } from "./remote";
import type { FieldExtensionProps } from "./types";

// RepoBranchPicker: a branch of the repository the form's repoUrl names.
// Free text; with JavaScript it suggests the repository's branches from the
// host's autocomplete (GitHub: owner and repository; Bitbucket Cloud:
// workspace and repository), fetched 500 ms after the repository last
// changed, as Backstage's pickers do.

export function RepoBranchPickerField(props: FieldExtensionProps) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const basePath = useBasePath();
  const data = (props.data ?? {}) as BranchFieldData;
  const title = titleOf(props, t("scaffolderFields.branch.title"));
  const description = descriptionOf(props, t("scaffolderFields.branch.description"));
  const initial = typeof data.value === "string" ? data.value : typeof props.value === "string" ? props.value : "";
  const [value, setValue] = useState(initial);
  const repo = data.repo;
  const request: { provider: string; context: Record<string, string> } | undefined =
    hydrated && repo?.type === "github" && repo.owner && repo.repoName
      ? { provider: "github", context: { host: repo.host, owner: repo.owner, repository: repo.repoName } }
      : hydrated && repo?.type === "bitbucket" && repo.host === "bitbucket.org" && repo.workspace && repo.repoName
        ? { provider: "bitbucket-cloud", context: { workspace: repo.workspace, repository: repo.repoName } }
        : undefined;
  const results = useDebouncedLoad(request ? JSON.stringify(request) : undefined, (signal) => autocomplete(basePath, request!.provider, "branches", request!.context, signal));
  const describedby = describedBy(props, Boolean(description));
  const invalid = Boolean(props.errors?.length) || undefined;
  return (
    <FieldFrame field={props} title={title} description={description}>
      {hydrated ? (
        <ComboboxField
          id={props.id}
          name={props.name}
          value={value}
          onChange={setValue}
          options={(results ?? []).map((result) => ({ value: result.id ?? result.title ?? "", label: result.title ?? result.id ?? "" })).filter((choice) => choice.value)}
          freeText
          describedBy={describedby}
          invalid={invalid}
          required={props.required}
          disabled={props.disabled}
        />
      ) : (
        <input
          id={props.id}
          name={props.name}
          defaultValue={initial}
          required={props.required}
          disabled={props.disabled}
          autoComplete="off"
          aria-describedby={describedby}
          aria-invalid={invalid}
          className={inputClass}
        />
      )}
    </FieldFrame>
  );
}
