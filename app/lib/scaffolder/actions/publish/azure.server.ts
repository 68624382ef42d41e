import { InputError } from "../../../errors";
import type { TemplateAction } from "../types";
import { commitAuthor, commitMessage, redactError, resolveTarget, str, type PublishOptions, type Target } from "./common.server";
import { initRepoAndPush, repoSourceDirectory, type GitAuth } from "./git-push.server";
import { AZURE_API_VERSION, azureTokenHeaders, isAzureBearerToken } from "../../../integrations/azure-devops";
import { scmRequest } from "../../../integrations/scm-request.server";
import * as props from "./schema";

// publish:azure, on the model of plugins/scaffolder-backend-module-azure/src/actions/azure.ts:
// the repository is created in the organization's project through the Git
// REST API (api-version 6.0) and the workspace pushed to its remoteUrl.

export function azureHeaders(target: Pick<Target, "credentials">): Record<string, string> {
  const { credentials } = target;
  if (credentials.kind !== "token") return { Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}` };
  return azureTokenHeaders(credentials.token);
}

export function azureGitAuth(target: Pick<Target, "credentials">): GitAuth {
  const { credentials } = target;
  if (credentials.kind !== "token") return { username: credentials.username, password: credentials.password };
  return isAzureBearerToken(credentials.token) ? { token: credentials.token } : { username: "notempty", password: credentials.token };
}

export function createPublishAzureAction(options: PublishOptions): TemplateAction {
  return {
    id: "publish:azure",
    description: "Initializes a git repository of the content in the workspace, and publishes it to Azure.",
    supportsDryRun: false,
    examples: [
      {
        description: "Initializes an Azure DevOps repository.",
        example: "steps:\n  - id: publish\n    action: publish:azure\n    name: Publish to Azure\n    input:\n      repoUrl: dev.azure.com?organization=organization&project=project&repo=repo\n",
      },
      {
        description: "Initializes an Azure DevOps repository with a default branch and a commit message.",
        example:
          "steps:\n  - id: publish\n    action: publish:azure\n    name: Publish to Azure\n    input:\n      repoUrl: dev.azure.com?organization=organization&project=project&repo=repo\n      defaultBranch: main\n      gitCommitMessage: Initial commit\n",
      },
    ],
    schema: {
      input: {
        type: "object",
        required: ["repoUrl"],
        properties: {
          repoUrl: props.repoUrl,
          description: props.description,
          defaultBranch: props.defaultBranch,
          sourcePath: props.sourcePath,
          token: props.token,
          gitCommitMessage: props.gitCommitMessage,
          gitAuthorName: props.gitAuthorName,
          gitAuthorEmail: props.gitAuthorEmail,
        },
      },
      output: {
        type: "object",
        properties: {
          remoteUrl: props.remoteUrlOutput,
          repoContentsUrl: props.repoContentsUrlOutput,
          repositoryId: { title: "The Id of the created repository", type: "string" },
          commitHash: props.commitHashOutput,
        },
      },
    },
    async handler(context) {
      const target = resolveTarget(options, context, "azure");
      const { input } = context;
      const { organization, project, repo } = target.spec;
      if (!organization) throw new InputError(`Invalid URL provider was included in the repo URL to create ${String(input.repoUrl)}, missing organization`);
      const defaultBranch = str(input.defaultBranch) ?? "master";
      try {
        const result = await context.checkpoint({
          key: "repo.create",
          fn: async () => {
            const { integration } = target;
            const { data: created } = await scmRequest<{ id: string; remoteUrl: string; webUrl: string }>(integration, {
              method: "POST",
              path: `${encodeURIComponent(organization)}/${encodeURIComponent(project!)}/_apis/git/repositories`,
              query: { "api-version": AZURE_API_VERSION },
              headers: azureHeaders(target),
              body: { name: repo },
              signal: context.signal,
            });
            if (!created?.remoteUrl) throw new InputError("No remote URL returned from create repository for Azure");
            if (!created.id) throw new InputError("No Id returned from create repository for Azure");
            const { commitHash } = await initRepoAndPush({
              dir: await repoSourceDirectory(context.workspacePath, str(input.sourcePath)),
              remoteUrl: created.remoteUrl,
              allowedHosts: [integration.host, new URL(integration.apiBaseUrl).host],
              defaultBranch,
              auth: azureGitAuth(target),
              author: commitAuthor(options, input),
              commitMessage: commitMessage(options, input),
              signal: context.signal,
            });
            return { remoteUrl: created.remoteUrl, repoContentsUrl: created.webUrl, repositoryId: created.id, commitHash };
          },
        });
        context.output("commitHash", result.commitHash);
        context.output("remoteUrl", result.remoteUrl);
        context.output("repoContentsUrl", result.repoContentsUrl);
        context.output("repositoryId", result.repositoryId);
      } catch (error) {
        throw redactError(error, target.secrets);
      }
    },
  };
}
