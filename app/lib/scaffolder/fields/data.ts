import type { JsonValue } from "../actions/types";
import type { RepoUrlOptions, RepoUrlParts, ScmIntegration, ScmType } from "./rules";

// What each field extension's `load` hands its component (the `data` prop).
// Plain JSON: it travels in the page's loader data.

export type Choice = { value: string; label: string };

/** How many catalog entities a picker lists at once; a search narrows the rest. */
export const CHOICE_LIMIT = 100;

export type EntityFieldData = {
  choices: Choice[];
  /** Whether `choices` is every entity the filter allows (no search needed to reach the others). */
  complete: boolean;
  /** The text of the server-side search that produced `choices`, if any. */
  search: string;
  /** catalogFilter as GET /api/catalog/entities `filter` parameters, for the browser's own searches. */
  filterParams: string[];
  defaultKind?: string;
  defaultNamespace?: string;
  allowArbitraryValues: boolean;
  /** The value to show: the draft's, or what a server-side search carried in the query. */
  value?: JsonValue;
  /** The choice is made for the user (MyGroupsPicker with one group): shown, not changeable. */
  locked?: boolean;
  /** A problem that stops the field from offering anything (MyGroupsPicker without a user). */
  error?: string;
};

export type TagsFieldData = { suggestions: string[]; value?: JsonValue };

export type RepoUrlFieldData = {
  integrations: ScmIntegration[];
  options: Omit<RepoUrlOptions, "requestUserCredentials">;
  /** The parts shown, defaults applied. */
  parts: RepoUrlParts;
  type?: ScmType;
};

export type BranchFieldData = {
  /** The repository the branch belongs to, from the form's RepoUrlPicker value, when there is one. */
  repo?: { host: string; type?: ScmType; owner: string; repoName: string; workspace: string; project: string };
  value?: JsonValue;
};
