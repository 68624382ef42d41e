import { InputError } from "../../../errors";
import type { TemplateAction } from "../types";
import { bool, commitAuthor, commitMessage, redactError, resolveTarget, str, type PublishOptions, type Target } from "./common.server";
import { initRepoAndPush, repoSourceDirectory } from "./git-push.server";
import { scmRequest, ScmRequestError } from "../../../integrations/scm-request.server";
import * as props from "./schema";

// publish:gitlab, on the model of plugins/scaffolder-backend-module-gitlab/src/actions/gitlab.ts:
// the namespace (a group or a user) is looked up, the project created in it
// (or, with skipExisting, an existing one of that path reused), and the
// workspace pushed to its http_url_to_repo as user `oauth2`.

/** A token given to the step is a user's OAuth token (Bearer); the integration's is a personal access token. */
export function gitlabHeaders(target: Pick<Target, "credentials">): Record<string, string> {
  const { credentials } = target;
  if (credentials.kind !== "token") return {};
  return credentials.source === "integration" ? { "PRIVATE-TOKEN": credentials.token } : { Authorization: `Bearer ${credentials.token}` };
}

type Project = { id: number; path: string; http_url_to_repo: string; web_url?: string };

export function createPublishGitlabAction(options: PublishOptions): TemplateAction {
  return {
    id: "publish:gitlab",
    description: "Initializes a git repository of the content in the workspace, and publishes it to GitLab.",
    supportsDryRun: false,
    examples: [
      {
        description: "Initializes a GitLab repository.",
        example: "steps:\n  - id: publish\n    action: publish:gitlab\n    name: Publish to GitLab\n    input:\n      repoUrl: gitlab.com?repo=project_name&owner=group_name\n",
      },
      {
        description: "Initializes a public GitLab repository in a subgroup with topics and a default branch.",
        example:
          "steps:\n  - id: publish\n    action: publish:gitlab\n    name: Publish to GitLab\n    input:\n      repoUrl: gitlab.com?repo=project_name&owner=group_name/subgroup\n      repoVisibility: public\n      defaultBranch: main\n      topics: [backstage]\n",
      },
    ],
    schema: {
      input: {
        type: "object",
        required: ["repoUrl"],
        properties: {
          repoUrl: props.repoUrl,
          repoVisibility: { title: "Repository Visibility", type: "string", enum: ["private", "public", "internal"] },
          defaultBranch: props.defaultBranch,
          gitCommitMessage: props.gitCommitMessage,
          gitAuthorName: props.gitAuthorName,
          gitAuthorEmail: props.gitAuthorEmail,
          sourcePath: props.sourcePath,
          skipExisting: { title: "Skip if repository exists", type: "boolean", description: "Do not publish the repository if it already exists. The default value is `false`" },
          token: props.token,
          topics: props.topics,
          settings: {
            title: "Project settings",
            type: "object",
            description: "Additional project settings, as GitLab's create project API takes them",
            properties: { description: { type: "string" }, path: { type: "string" } },
          },
        },
      },
      output: {
        type: "object",
        properties: {
          remoteUrl: props.remoteUrlOutput,
          repoContentsUrl: props.repoContentsUrlOutput,
          projectId: { title: "The ID of the project", type: "number" },
          commitHash: props.commitHashOutput,
          created: { title: "Whether the repository was created or not", type: "boolean" },
        },
      },
    },
    async handler(context) {
      const target = resolveTarget(options, context, "gitlab");
      const { input } = context;
      const owner = target.spec.owner;
      const repo = target.spec.repo;
      if (!owner) throw new InputError(`No owner provided for host: ${target.spec.host}, and repo ${repo}`);
      const defaultBranch = str(input.defaultBranch) ?? "master";
      try {
        const result = await context.checkpoint({
          key: "repo.create",
          fn: async () => {
            const { integration } = target;
            const headers = gitlabHeaders(target);
            let namespace: { id: number; kind: string };
            try {
              namespace = (await scmRequest<{ id: number; kind: string }>(integration, { path: `namespaces/${encodeURIComponent(owner)}`, headers, signal: context.signal })).data;
            } catch (error) {
              if (error instanceof ScmRequestError && error.status === 404) throw new InputError(`The namespace ${owner} is not found or the user doesn't have permissions to access it`);
              throw error;
            }
            const listPath = namespace.kind === "user" ? `users/${encodeURIComponent(owner)}/projects` : `groups/${encodeURIComponent(owner)}/projects`;
            const existing = (await scmRequest<Project[]>(integration, { path: listPath, query: { search: repo }, headers, signal: context.signal })).data.find((project) => project.path === repo);
            if (existing && bool(input.skipExisting, false)) {
              target.logger.info(`Repository ${owner}/${repo} already exists, skipping creation`);
              const remoteUrl = existing.http_url_to_repo.replace(/\.git$/, "");
              return { remoteUrl, repoContentsUrl: `${remoteUrl}/-/blob/${defaultBranch}`, projectId: existing.id, created: false, commitHash: null };
            }
            const settings = input.settings && typeof input.settings === "object" && !Array.isArray(input.settings) ? input.settings : {};
            const topics = Array.isArray(input.topics) ? input.topics.map(String) : [];
            const { data: project } = await scmRequest<Project>(integration, {
              method: "POST",
              path: "projects",
              headers,
              body: { ...settings, namespace_id: namespace.id, name: repo, path: repo, visibility: str(input.repoVisibility) ?? "private", ...(topics.length ? { topics } : {}) },
              signal: context.signal,
            });
            const { commitHash } = await initRepoAndPush({
              dir: await repoSourceDirectory(context.workspacePath, str(input.sourcePath)),
              remoteUrl: project.http_url_to_repo,
              allowedHosts: [integration.host, new URL(integration.baseUrl).host],
              defaultBranch,
              auth: target.credentials.kind === "token" ? { username: "oauth2", password: target.credentials.token } : undefined,
              author: commitAuthor(options, input),
              commitMessage: commitMessage(options, input),
              signal: context.signal,
            });
            const remoteUrl = project.http_url_to_repo.replace(/\.git$/, "");
            return { remoteUrl, repoContentsUrl: `${remoteUrl}/-/blob/${defaultBranch}`, projectId: project.id, created: true, commitHash };
          },
        });
        context.output("remoteUrl", result.remoteUrl);
        context.output("repoContentsUrl", result.repoContentsUrl);
        context.output("projectId", result.projectId);
        context.output("created", result.created);
        if (result.commitHash) context.output("commitHash", result.commitHash);
      } catch (error) {
        throw redactError(error, target.secrets);
      }
    },
  };
}
