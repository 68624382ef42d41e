import { InputError } from "../../../errors";
import type { TemplateAction } from "../types";
import { commitAuthor, commitMessage, redactError, resolveTarget, str, type PublishOptions, type Target } from "./common.server";
import { initRepoAndPush, repoSourceDirectory, type GitAuth } from "./git-push.server";
import { scmRequest } from "../../../integrations/scm-request.server";
import * as props from "./schema";

// publish:bitbucketCloud, on the model of plugins/scaffolder-backend-module-bitbucket-cloud/src/actions/bitbucketCloud.ts:
// the repository is created in the workspace's project through the 2.0 API
// and the workspace pushed to its https clone link.

export function bitbucketCloudHeaders(target: Pick<Target, "credentials">): Record<string, string> {
  const { credentials } = target;
  return credentials.kind === "token"
    ? { Authorization: `Bearer ${credentials.token}` }
    : { Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}` };
}

function gitAuth(target: Target): GitAuth {
  const { credentials } = target;
  return credentials.kind === "token" ? { username: "x-token-auth", password: credentials.token } : { username: credentials.username, password: credentials.password };
}

type Created = { links?: { html?: { href?: string }; clone?: Array<{ name: string; href: string }> } };

export function createPublishBitbucketCloudAction(options: PublishOptions): TemplateAction {
  return {
    id: "publish:bitbucketCloud",
    description: "Initializes a git repository of the content in the workspace, and publishes it to Bitbucket Cloud.",
    supportsDryRun: false,
    examples: [
      {
        description: "Initializes a Bitbucket Cloud repository.",
        example:
          "steps:\n  - id: publish\n    action: publish:bitbucketCloud\n    name: Publish to Bitbucket Cloud\n    input:\n      repoUrl: bitbucket.org?repo=repo&workspace=workspace&project=PROJECT\n",
      },
      {
        description: "Initializes a public Bitbucket Cloud repository with a description and a default branch.",
        example:
          "steps:\n  - id: publish\n    action: publish:bitbucketCloud\n    name: Publish to Bitbucket Cloud\n    input:\n      repoUrl: bitbucket.org?repo=repo&workspace=workspace&project=PROJECT\n      description: The new service\n      repoVisibility: public\n      defaultBranch: main\n",
      },
    ],
    schema: {
      input: {
        type: "object",
        required: ["repoUrl"],
        properties: {
          repoUrl: props.repoUrl,
          description: props.description,
          repoVisibility: { title: "Repository Visibility", type: "string", enum: ["private", "public"] },
          defaultBranch: props.defaultBranch,
          sourcePath: props.sourcePath,
          token: { title: "Authentication Token", type: "string", description: "The token to use for authorization to BitBucket Cloud" },
          gitCommitMessage: props.gitCommitMessage,
          gitAuthorName: props.gitAuthorName,
          gitAuthorEmail: props.gitAuthorEmail,
        },
      },
      output: {
        type: "object",
        properties: { remoteUrl: props.remoteUrlOutput, repoContentsUrl: props.repoContentsUrlOutput, commitHash: props.commitHashOutput },
      },
    },
    async handler(context) {
      const target = resolveTarget(options, context, "bitbucketCloud");
      const { input } = context;
      const { workspace, project, repo } = target.spec;
      if (!workspace) throw new InputError(`Invalid URL provider was included in the repo URL to create ${String(input.repoUrl)}, missing workspace`);
      if (!project) throw new InputError(`Invalid URL provider was included in the repo URL to create ${String(input.repoUrl)}, missing project`);
      const defaultBranch = str(input.defaultBranch) ?? "master";
      try {
        const result = await context.checkpoint({
          key: "repo.create",
          fn: async () => {
            const { integration } = target;
            const { data } = await scmRequest<Created>(integration, {
              method: "POST",
              path: `repositories/${encodeURIComponent(workspace)}/${encodeURIComponent(repo)}`,
              headers: bitbucketCloudHeaders(target),
              body: { scm: "git", description: str(input.description) ?? "", is_private: (str(input.repoVisibility) ?? "private") === "private", project: { key: project } },
              signal: context.signal,
            });
            const html = data.links?.html?.href;
            const clone = data.links?.clone?.find((link) => link.name === "https")?.href;
            if (!html || !clone) throw new Error("Bitbucket Cloud answered without the repository's links");
            // The https clone link names the account (`https://user@bitbucket.org/...`); the credentials go in a header instead.
            const pushUrl = new URL(clone);
            pushUrl.username = "";
            const { commitHash } = await initRepoAndPush({
              dir: await repoSourceDirectory(context.workspacePath, str(input.sourcePath)),
              remoteUrl: pushUrl.href,
              allowedHosts: [integration.host, new URL(integration.apiBaseUrl).host],
              defaultBranch,
              auth: gitAuth(target),
              author: commitAuthor(options, input),
              commitMessage: commitMessage(options, input),
              signal: context.signal,
            });
            return { remoteUrl: clone, repoContentsUrl: `${html}/src/${defaultBranch}`, commitHash };
          },
        });
        context.output("commitHash", result.commitHash);
        context.output("remoteUrl", result.remoteUrl);
        context.output("repoContentsUrl", result.repoContentsUrl);
      } catch (error) {
        throw redactError(error, target.secrets);
      }
    },
  };
}
