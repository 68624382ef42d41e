import { InputError, NotFoundError } from "../../../errors";
import type { JsonObject, TemplateAction } from "../types";
import { bool, commitAuthor, commitMessage, redactError, resolveTarget, str, type PublishOptions, type Target } from "./common.server";
import { commitOverBranchAndPush, initRepoAndPush, repoSourceDirectory, type GitAuth } from "./git-push.server";
import { scmRequest, ScmRequestError } from "../../../integrations/scm-request.server";
import * as props from "./schema";

// publish:github and publish:github:pull-request, on the model of
// plugins/scaffolder-backend-module-github/src/actions/{github,githubPullRequest}.ts:
// the repository is created through GitHub's REST API (under an organization
// or for the authenticated user, after asking /users/{owner} which it is),
// the workspace is pushed over git's smart HTTP to the clone URL GitHub
// answers, and the pull request's branch is pushed the same way before the
// pull request is opened.

type GithubRepo = { clone_url: string; html_url: string; default_branch?: string; full_name?: string };

function headers(target: Target): Record<string, string> {
  const { credentials } = target;
  const authorization = credentials.kind === "token" ? `token ${credentials.token}` : `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
  return { Accept: "application/vnd.github+json", Authorization: authorization, "X-GitHub-Api-Version": "2022-11-28" };
}

function gitAuth(target: Target): GitAuth {
  const { credentials } = target;
  return credentials.kind === "token" ? { username: "x-access-token", password: credentials.token } : { username: credentials.username, password: credentials.password };
}

/** The hosts a push may go to: the integration's own and its API's (GitHub Enterprise serves both from one host). */
function pushHosts(target: Target): string[] {
  return [target.integration.host, new URL(target.integration.apiBaseUrl).host];
}

const enc = encodeURIComponent;

/** Backstage's entityRefToName: `group:default/team-a` → `team-a`. */
function entityRefToName(ref: string): string {
  return ref.replace(/^.*[:/]/, "");
}

type Collaborator = { user?: string; team?: string; username?: string; access: string };

export function createPublishGithubAction(options: PublishOptions): TemplateAction {
  return {
    id: "publish:github",
    description: "Initializes a git repository of contents in workspace and publishes it to GitHub.",
    supportsDryRun: false,
    examples: [
      {
        description: "Initializes a GitHub repository.",
        example: "steps:\n  - id: publish\n    action: publish:github\n    name: Publish to GitHub\n    input:\n      repoUrl: github.com?repo=repo&owner=owner\n",
      },
      {
        description: "Initializes a public GitHub repository with a description, a default branch and topics.",
        example:
          "steps:\n  - id: publish\n    action: publish:github\n    name: Publish to GitHub\n    input:\n      repoUrl: github.com?repo=repo&owner=owner\n      description: Initialize a git repository\n      repoVisibility: public\n      defaultBranch: main\n      topics: [backstage, scaffolder]\n",
      },
      {
        description: "Initializes a repository and gives a team admin access and a user push access.",
        example:
          "steps:\n  - id: publish\n    action: publish:github\n    name: Publish to GitHub\n    input:\n      repoUrl: github.com?repo=repo&owner=acme\n      access: acme/platform\n      collaborators:\n        - user: jane\n          access: push\n",
      },
    ],
    schema: {
      input: {
        type: "object",
        required: ["repoUrl"],
        properties: {
          repoUrl: props.repoUrl,
          description: props.description,
          homepage: { title: "Repository Homepage", type: "string" },
          access: {
            title: "Repository Access",
            type: "string",
            description: "Sets an admin collaborator on the repository. Can either be a user reference different from `owner` in `repoUrl` or team reference, eg. `org/team-name`",
          },
          repoVisibility: { title: "Repository Visibility", type: "string", enum: ["private", "public", "internal"] },
          defaultBranch: props.defaultBranch,
          protectDefaultBranch: { title: "Protect Default Branch", type: "boolean", description: "Protect the default branch after creating the repository. The default value is `true`" },
          protectEnforceAdmins: { title: "Enforce Admins On Protected Branches", type: "boolean", description: "Enforce admins to adhere to default branch protection. The default value is `true`" },
          requireCodeOwnerReviews: { title: "Require CODEOWNER Reviews?", type: "boolean" },
          dismissStaleReviews: { title: "Dismiss Stale Reviews", type: "boolean" },
          requiredApprovingReviewCount: { title: "Required approving review count", type: "number" },
          requiredStatusCheckContexts: { title: "Required Status Check Contexts", type: "array", items: { type: "string" } },
          requireBranchesToBeUpToDate: { title: "Require Branches To Be Up To Date?", type: "boolean" },
          requiredConversationResolution: { title: "Required Conversation Resolution", type: "boolean" },
          deleteBranchOnMerge: { title: "Delete Branch On Merge", type: "boolean" },
          allowMergeCommit: { title: "Allow Merge Commits", type: "boolean" },
          allowSquashMerge: { title: "Allow Squash Merges", type: "boolean" },
          allowRebaseMerge: { title: "Allow Rebase Merges", type: "boolean" },
          allowAutoMerge: { title: "Allow Auto Merges", type: "boolean" },
          gitCommitMessage: props.gitCommitMessage,
          gitAuthorName: props.gitAuthorName,
          gitAuthorEmail: props.gitAuthorEmail,
          sourcePath: props.sourcePath,
          collaborators: {
            title: "Collaborators",
            description: "Provide additional users or teams with permissions",
            type: "array",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["access"],
              properties: {
                access: { type: "string", description: "The type of access for the user" },
                user: { type: "string", description: "The name of the user that will be added as a collaborator" },
                team: { type: "string", description: "The name of the team that will be added as a collaborator" },
                username: { type: "string", description: "Deprecated: use `team`" },
              },
              oneOf: [{ required: ["user"] }, { required: ["team"] }, { required: ["username"] }],
            },
          },
          hasProjects: { title: "Enable projects", type: "boolean" },
          hasWiki: { title: "Enable the wiki", type: "boolean" },
          hasIssues: { title: "Enable issues", type: "boolean" },
          token: props.token,
          topics: props.topics,
        },
      },
      output: {
        type: "object",
        properties: { remoteUrl: props.remoteUrlOutput, repoContentsUrl: props.repoContentsUrlOutput, commitHash: props.commitHashOutput },
      },
    },
    async handler(context) {
      const target = resolveTarget(options, context, "github");
      const { input } = context;
      const owner = target.spec.owner;
      if (!owner) throw new InputError("Invalid repository owner provided in repoUrl");
      const repo = target.spec.repo;
      const defaultBranch = str(input.defaultBranch) ?? "master";
      try {
        const result = await context.checkpoint({
          key: "repo.create",
          fn: async () => {
            const created = await createRepository(target, owner, repo, input, context.signal);
            const sourceDir = await repoSourceDirectory(context.workspacePath, str(input.sourcePath));
            const { commitHash } = await initRepoAndPush({
              dir: sourceDir,
              remoteUrl: created.clone_url,
              allowedHosts: pushHosts(target),
              defaultBranch,
              auth: gitAuth(target),
              author: commitAuthor(options, input),
              commitMessage: commitMessage(options, input),
              signal: context.signal,
            });
            if (bool(input.protectDefaultBranch, true)) await protectBranch(target, owner, repo, defaultBranch, input, context.signal);
            return { commitHash, remoteUrl: created.clone_url, repoContentsUrl: `${created.html_url}/blob/${defaultBranch}` };
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

async function createRepository(target: Target, owner: string, repo: string, input: JsonObject, signal: AbortSignal): Promise<GithubRepo> {
  const { integration, logger } = target;
  const h = headers(target);
  let ownerType: string;
  try {
    const { data } = await scmRequest<{ type?: string }>(integration, { path: `users/${enc(owner)}`, headers: h, signal });
    ownerType = data.type === "Organization" ? "Organization" : "User";
  } catch (error) {
    if (error instanceof ScmRequestError && error.status === 404) throw new NotFoundError(`The owner ${owner} was not found on ${integration.host}`);
    throw error;
  }
  const access = str(input.access);
  if (access?.startsWith(`${owner}/`)) {
    const [org, team] = access.split("/");
    try {
      await scmRequest(integration, { path: `orgs/${enc(org)}/teams/${enc(team)}`, headers: h, signal });
    } catch (error) {
      if (error instanceof ScmRequestError && error.status === 404) {
        throw new NotFoundError(`Received 'Not Found' from the API; one of org: ${org} or team: ${team} was not found within GitHub.`);
      }
      throw error;
    }
  }
  const visibility = str(input.repoVisibility) ?? "private";
  const body: JsonObject = {
    name: repo,
    private: visibility === "private",
    description: str(input.description) ?? null,
    homepage: str(input.homepage) ?? null,
    delete_branch_on_merge: bool(input.deleteBranchOnMerge, false),
    allow_merge_commit: bool(input.allowMergeCommit, true),
    allow_squash_merge: bool(input.allowSquashMerge, true),
    allow_rebase_merge: bool(input.allowRebaseMerge, true),
    allow_auto_merge: bool(input.allowAutoMerge, false),
  };
  if (ownerType === "Organization") body.visibility = visibility;
  for (const [key, name] of [
    ["hasProjects", "has_projects"],
    ["hasWiki", "has_wiki"],
    ["hasIssues", "has_issues"],
  ] as const) {
    if (typeof input[key] === "boolean") body[name] = input[key];
  }
  let created: GithubRepo;
  try {
    const path = ownerType === "Organization" ? `orgs/${enc(owner)}/repos` : "user/repos";
    created = (await scmRequest<GithubRepo>(integration, { method: "POST", path, headers: h, body, signal })).data;
  } catch (error) {
    if (error instanceof ScmRequestError && /not accessible by integration/.test(error.message)) {
      logger.warn(`The GitHub app or token provided may not have the required permissions to create the ${ownerType} repository ${owner}/${repo}.`);
    }
    throw new Error(`Failed to create the ${ownerType} repository ${owner}/${repo}, ${error instanceof Error ? error.message : String(error)}`);
  }
  if (access?.startsWith(`${owner}/`)) {
    const team = access.split("/")[1];
    await scmRequest(integration, { method: "PUT", path: `orgs/${enc(owner)}/teams/${enc(team)}/repos/${enc(owner)}/${enc(repo)}`, headers: h, body: { permission: "admin" }, signal });
  } else if (access && access !== owner) {
    await scmRequest(integration, { method: "PUT", path: `repos/${enc(owner)}/${enc(repo)}/collaborators/${enc(access)}`, headers: h, body: { permission: "admin" }, signal });
  }
  for (const collaborator of (Array.isArray(input.collaborators) ? input.collaborators : []) as Collaborator[]) {
    try {
      if (collaborator.user) {
        await scmRequest(integration, {
          method: "PUT",
          path: `repos/${enc(owner)}/${enc(repo)}/collaborators/${enc(entityRefToName(collaborator.user))}`,
          headers: h,
          body: { permission: collaborator.access },
          signal,
        });
      } else if (collaborator.team || collaborator.username) {
        const team = entityRefToName(collaborator.team ?? collaborator.username ?? "");
        await scmRequest(integration, { method: "PUT", path: `orgs/${enc(owner)}/teams/${enc(team)}/repos/${enc(owner)}/${enc(repo)}`, headers: h, body: { permission: collaborator.access }, signal });
      }
    } catch (error) {
      const name = collaborator.user ?? collaborator.team ?? collaborator.username;
      logger.warn(`Skipping ${collaborator.access} access for ${name}, ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const topics = Array.isArray(input.topics) ? input.topics.filter((topic): topic is string => typeof topic === "string") : undefined;
  if (topics) {
    try {
      await scmRequest(integration, { method: "PUT", path: `repos/${enc(owner)}/${enc(repo)}/topics`, headers: h, body: { names: topics.map((topic) => topic.toLowerCase()) }, signal });
    } catch (error) {
      logger.warn(`Skipping topics ${topics.join(" ")}, ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return created;
}

async function protectBranch(target: Target, owner: string, repo: string, branch: string, input: JsonObject, signal: AbortSignal) {
  const contexts = Array.isArray(input.requiredStatusCheckContexts) ? input.requiredStatusCheckContexts : [];
  try {
    await scmRequest(target.integration, {
      method: "PUT",
      path: `repos/${enc(owner)}/${enc(repo)}/branches/${enc(branch)}/protection`,
      headers: headers(target),
      body: {
        required_status_checks: { strict: bool(input.requireBranchesToBeUpToDate, true), contexts },
        enforce_admins: bool(input.protectEnforceAdmins, true),
        required_pull_request_reviews: {
          required_approving_review_count: typeof input.requiredApprovingReviewCount === "number" ? input.requiredApprovingReviewCount : 1,
          require_code_owner_reviews: bool(input.requireCodeOwnerReviews, false),
          dismiss_stale_reviews: bool(input.dismissStaleReviews, false),
        },
        restrictions: null,
        required_conversation_resolution: bool(input.requiredConversationResolution, false),
      },
      signal,
    });
  } catch (error) {
    target.logger.warn(`Skipping: default branch protection on '${repo}', ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function createPublishGithubPullRequestAction(options: PublishOptions): TemplateAction {
  return {
    id: "publish:github:pull-request",
    description: "Creates a pull request on GitHub with the contents of the workspace.",
    supportsDryRun: false,
    examples: [
      {
        description: "Creates a pull request with the workspace's files.",
        example:
          "steps:\n  - id: publish-pr\n    action: publish:github:pull-request\n    name: Open a pull request\n    input:\n      repoUrl: github.com?repo=repo&owner=owner\n      branchName: new-app\n      title: Add the new app\n      description: This pull request adds the scaffolded app.\n",
      },
      {
        description: "Creates a draft pull request that puts the files under a folder, against a branch of choice.",
        example:
          "steps:\n  - id: publish-pr\n    action: publish:github:pull-request\n    name: Open a pull request\n    input:\n      repoUrl: github.com?repo=repo&owner=owner\n      branchName: new-app\n      targetBranchName: develop\n      targetPath: apps/new-app\n      title: Add the new app\n      description: Adds apps/new-app.\n      draft: true\n",
      },
    ],
    schema: {
      input: {
        type: "object",
        required: ["repoUrl", "title", "description", "branchName"],
        properties: {
          repoUrl: props.repoUrl,
          branchName: { title: "Branch Name", type: "string", description: "The name for the branch" },
          targetBranchName: { title: "Target Branch Name", type: "string", description: "The target branch name of the pull request; the repository's default branch when absent" },
          title: { title: "Pull Request Name", type: "string", description: "The name for the pull request" },
          description: { title: "Pull Request Description", type: "string", description: "The description of the pull request" },
          draft: { title: "Create as Draft", type: "boolean", description: "Create a draft pull request" },
          sourcePath: { title: "Working Subdirectory", type: "string", description: "Subdirectory of working directory to copy changes from" },
          targetPath: { title: "Repository Subdirectory", type: "string", description: "Subdirectory of repository to apply changes to" },
          token: props.token,
          reviewers: { title: "Pull Request Reviewers", type: "array", items: { type: "string" }, description: "The users that will be added as reviewers to the pull request" },
          teamReviewers: { title: "Pull Request Team Reviewers", type: "array", items: { type: "string" }, description: "The teams that will be added as reviewers to the pull request" },
          commitMessage: { title: "Commit Message", type: "string", description: "The commit message; the pull request's title when absent" },
          update: { title: "Update", type: "boolean", description: "Update the branch when it already exists" },
          gitAuthorName: props.gitAuthorName,
          gitAuthorEmail: props.gitAuthorEmail,
          createWhenEmpty: { title: "Create When Empty", type: "boolean", description: "Open the pull request even when the files change nothing. The default value is `true`" },
        },
      },
      output: {
        type: "object",
        required: ["remoteUrl"],
        properties: {
          targetBranchName: { title: "Target branch name of the merge request", type: "string" },
          remoteUrl: { title: "A URL to the pull request with the provider", type: "string" },
          pullRequestNumber: { title: "The pull request number", type: "number" },
        },
      },
    },
    async handler(context) {
      const target = resolveTarget(options, context, "github");
      const { input } = context;
      const owner = target.spec.owner;
      if (!owner) throw new InputError(`No owner provided for host: ${target.spec.host}, and repo ${target.spec.repo}`);
      const repo = target.spec.repo;
      const h = headers(target);
      try {
        const { data: repository } = await scmRequest<GithubRepo>(target.integration, { path: `repos/${enc(owner)}/${enc(repo)}`, headers: h, signal: context.signal });
        const targetBranchName = str(input.targetBranchName) ?? repository.default_branch ?? "main";
        const branchName = String(input.branchName);
        const title = String(input.title);
        const result = await context.checkpoint({
          key: `pr.create.${branchName}`,
          fn: async () => {
            const sourceDir = await repoSourceDirectory(context.workspacePath, str(input.sourcePath));
            const author = commitAuthor(options, input);
            const pushed = await commitOverBranchAndPush({
              dir: sourceDir,
              remoteUrl: repository.clone_url,
              allowedHosts: pushHosts(target),
              baseBranch: targetBranchName,
              branchName,
              targetPath: str(input.targetPath),
              auth: gitAuth(target),
              author,
              commitMessage: str(input.commitMessage) ?? title,
              force: bool(input.update, false),
              allowEmpty: bool(input.createWhenEmpty, true),
              signal: context.signal,
            });
            if (!pushed.changed && !bool(input.createWhenEmpty, true)) {
              target.logger.info("No changes to the repository; no pull request was created");
              return null;
            }
            const { data: pull } = await scmRequest<{ number: number; html_url: string }>(target.integration, {
              method: "POST",
              path: `repos/${enc(owner)}/${enc(repo)}/pulls`,
              headers: h,
              body: { title, head: branchName, base: targetBranchName, body: String(input.description ?? ""), draft: bool(input.draft, false) },
              signal: context.signal,
            });
            const reviewers = Array.isArray(input.reviewers) ? input.reviewers.map(String) : [];
            const teamReviewers = Array.isArray(input.teamReviewers) ? input.teamReviewers.map(String) : [];
            if (reviewers.length || teamReviewers.length) {
              try {
                await scmRequest(target.integration, {
                  method: "POST",
                  path: `repos/${enc(owner)}/${enc(repo)}/pulls/${pull.number}/requested_reviewers`,
                  headers: h,
                  body: { reviewers, team_reviewers: teamReviewers },
                  signal: context.signal,
                });
              } catch (error) {
                target.logger.error(`Failure when adding reviewers to Pull request: ${error instanceof Error ? error.message : String(error)}`);
              }
            }
            return { number: pull.number, url: pull.html_url };
          },
        });
        context.output("targetBranchName", targetBranchName);
        if (result) {
          context.output("remoteUrl", result.url);
          context.output("pullRequestNumber", result.number);
        }
      } catch (error) {
        throw redactError(error, target.secrets);
      }
    },
  };
}
