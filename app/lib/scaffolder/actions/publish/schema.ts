import type { JsonSchema } from "../types";

// Input and output properties the publishers share, with the names, types
// and meaning of Backstage's (plugins/scaffolder-backend-module-github/src/actions/inputProperties.ts
// and its siblings for GitLab, Azure DevOps and Bitbucket Cloud).

export const repoUrl: JsonSchema = {
  title: "Repository Location",
  description: "The host followed by a query naming the repository, as RepoUrlPicker writes it: `github.com?owner=acme&repo=shop`",
  type: "string",
};
export const description: JsonSchema = { title: "Repository Description", type: "string" };
export const defaultBranch: JsonSchema = { title: "Default Branch", type: "string", description: "The repository's default branch; defaults to `master`" };
export const sourcePath: JsonSchema = {
  title: "Source Path",
  description: "The part of the workspace that becomes the repository's content; the whole workspace when absent",
  type: "string",
};
export const token: JsonSchema = { title: "Authentication Token", type: "string", description: "The token to use for authorization to the host" };
export const gitCommitMessage: JsonSchema = { title: "Git Commit Message", type: "string", description: "The initial commit's message; defaults to `initial commit`" };
export const gitAuthorName: JsonSchema = { title: "Default Author Name", type: "string", description: "The commit's author name; defaults to scaffolder.defaultAuthor.name, else `Scaffolder`" };
export const gitAuthorEmail: JsonSchema = {
  title: "Default Author Email",
  type: "string",
  description: "The commit's author email; defaults to scaffolder.defaultAuthor.email, else `scaffolder@backstage.io`",
};
export const topics: JsonSchema = { title: "Topics", type: "array", items: { type: "string" } };

export const remoteUrlOutput: JsonSchema = { title: "A URL to the repository with the provider", type: "string" };
export const repoContentsUrlOutput: JsonSchema = { title: "A URL to the root of the repository", type: "string" };
export const commitHashOutput: JsonSchema = { title: "The git commit hash of the initial commit", type: "string" };
