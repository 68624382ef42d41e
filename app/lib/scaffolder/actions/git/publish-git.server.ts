import { mkdir, mkdtemp, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConflictError, InputError } from "../../../errors";
import type { ActionContext, JsonObject, TemplateAction } from "../types";
import { git, gitText } from "./git-cli.server";
import { branchProblem, type LocalGit } from "./local-git.server";

// publish:git, the embedded default's publisher: the task's workspace (or
// sourcePath inside it) becomes the first commit of a new bare repository
// on this machine (./local-git.server.ts). Inputs and outputs follow
// Backstage's publish:github (plugins/scaffolder-backend-module-github,
// githubRepoCreate + initRepoAndPush): repoUrl is `{host}?owner=..&repo=..`,
// the author comes from gitAuthorName/gitAuthorEmail, else
// scaffolder.defaultAuthor, else Scaffolder <scaffolder@backstage.io>, and
// the outputs are remoteUrl, repoContentsUrl ({repo}/blob/{branch}, which
// catalog:register joins catalogInfoPath to) and commitHash.

export type PublishGitInput = {
  repoUrl: string;
  description?: string;
  defaultBranch?: string;
  sourcePath?: string;
  gitCommitMessage?: string;
  gitAuthorName?: string;
  gitAuthorEmail?: string;
};

export type PublishGitOptions = {
  localGit: LocalGit;
  /** scaffolder.defaultAuthor */
  defaultAuthor?: { name?: string; email?: string };
  /** scaffolder.defaultCommitMessage */
  defaultCommitMessage?: string;
};

/** Backstage's defaults when neither the step nor scaffolder.defaultAuthor names an author. */
const DEFAULT_AUTHOR = { name: "Scaffolder", email: "scaffolder@backstage.io" };
const DEFAULT_COMMIT_MESSAGE = "Initial commit";

const inputSchema = {
  type: "object",
  required: ["repoUrl"],
  properties: {
    repoUrl: {
      title: "Repository Location",
      description: "Accepts the format '{host}?owner={owner}&repo={repo}' where host is this portal's local git host (scaffolder.localGit.host)",
      type: "string",
    },
    description: { title: "Repository Description", type: "string" },
    defaultBranch: { title: "Default Branch", description: "Sets the default branch on the repository. The default value is 'main'", type: "string" },
    sourcePath: {
      title: "Source Path",
      description: "Path within the workspace that will be used as the repository root. If omitted, the entire workspace will be published as the repository.",
      type: "string",
    },
    gitCommitMessage: { title: "Git Commit Message", description: "Sets the commit message on the repository. The default value is 'Initial commit'", type: "string" },
    gitAuthorName: { title: "Default Author Name", description: "Sets the default author name for the commit. The default value is 'Scaffolder'", type: "string" },
    gitAuthorEmail: { title: "Default Author Email", description: "Sets the default author email for the commit.", type: "string" },
  },
} satisfies JsonObject;

const outputSchema = {
  type: "object",
  properties: {
    remoteUrl: { title: "A URL to the repository with the provider", type: "string" },
    repoContentsUrl: { title: "A URL to the root of the repository", type: "string" },
    commitHash: { title: "The git commit hash of the initial commit", type: "string" },
  },
} satisfies JsonObject;

export function createPublishGitAction(options: PublishGitOptions): TemplateAction<PublishGitInput> {
  const { localGit } = options;
  return {
    id: "publish:git",
    description: "Initializes a git repository of the content in the workspace, and publishes it to a new repository on the portal's own git host.",
    supportsDryRun: false,
    examples: [
      {
        description: "Publish the workspace as a new repository on the portal's git host",
        example: stepExample({ repoUrl: `${localGit.host}?owner=platform&repo=my-service` }),
      },
      {
        description: "Publish a sub-directory with a description, a branch and a commit message of its own",
        example: stepExample({
          repoUrl: `${localGit.host}?owner=platform&repo=my-service`,
          description: "My new service",
          defaultBranch: "trunk",
          sourcePath: "./service",
          gitCommitMessage: "Scaffold my-service",
          gitAuthorName: "Platform Team",
          gitAuthorEmail: "platform@example.com",
        }),
      },
    ],
    schema: { input: inputSchema, output: outputSchema },
    async handler(ctx) {
      const { owner, repo } = parseLocalRepoUrl(ctx.input.repoUrl, localGit.host);
      const branch = ctx.input.defaultBranch ?? "main";
      const branchIssue = branchProblem(branch);
      if (branchIssue) throw new InputError(branchIssue);
      // Refuses unsafe owner and repository names before anything touches the disk.
      localGit.repositoryPath(owner, repo);
      const source = await sourceDirectory(ctx);
      const author = {
        name: ctx.input.gitAuthorName || options.defaultAuthor?.name || DEFAULT_AUTHOR.name,
        email: ctx.input.gitAuthorEmail || options.defaultAuthor?.email || DEFAULT_AUTHOR.email,
      };
      const message = ctx.input.gitCommitMessage || options.defaultCommitMessage || DEFAULT_COMMIT_MESSAGE;
      // A task resumed after a crash finds the repository it made before, not a conflict.
      const commitHash = await ctx.checkpoint({
        key: `publish.git.${owner}.${repo}`,
        fn: () => publish({ localGit, owner, repo, branch, source, author, message, description: ctx.input.description, ctx }),
      });
      const { remoteUrl, repoContentsUrl } = localGit.urls(owner, repo, branch);
      ctx.logger.info(`Published ${owner}/${repo} at ${remoteUrl}`, { commitHash });
      ctx.output("remoteUrl", remoteUrl);
      ctx.output("repoContentsUrl", repoContentsUrl);
      ctx.output("commitHash", commitHash);
    },
  };
}

function stepExample(input: JsonObject): string {
  const lines = ["steps:", "  - id: publish", "    action: publish:git", "    name: Publish to the portal's git host", "    input:"];
  for (const [key, value] of Object.entries(input)) lines.push(`      ${key}: ${JSON.stringify(value)}`);
  return lines.join("\n");
}

/** `{host}?owner=..&repo=..` as Backstage's parseRepoUrl reads it, for the local host only. */
export function parseLocalRepoUrl(repoUrl: string, localHost: string): { owner: string; repo: string } {
  let parsed: URL;
  try {
    parsed = new URL(`https://${repoUrl}`);
  } catch {
    throw new InputError(`Invalid repo URL passed to publisher, got ${repoUrl}`);
  }
  if (parsed.host.toLowerCase() !== localHost.toLowerCase()) {
    throw new InputError(`No matching integration configuration for host ${parsed.host}, please check your integrations config`);
  }
  const owner = parsed.searchParams.get("owner");
  const repo = parsed.searchParams.get("repo");
  if (!repo) throw new InputError(`Invalid repo URL passed to publisher: ${repoUrl}, missing repo`);
  if (!owner) throw new InputError(`Invalid repo URL passed to publisher: ${repoUrl}, missing owner`);
  return { owner, repo };
}

/** The workspace, or sourcePath inside it; a path (or a symlink) leading out of the workspace is refused. */
async function sourceDirectory(ctx: ActionContext<PublishGitInput>): Promise<string> {
  const workspace = await realpath(ctx.workspacePath);
  const requested = path.resolve(workspace, ctx.input.sourcePath ?? ".");
  const outside = (candidate: string) => {
    const relative = path.relative(workspace, candidate);
    return relative.startsWith("..") || path.isAbsolute(relative);
  };
  if (outside(requested)) throw new InputError("Relative path is not allowed to refer to a directory outside its parent");
  const real = await realpath(requested).catch(() => undefined);
  if (!real) throw new InputError(`Source path ${ctx.input.sourcePath} does not exist in the workspace`);
  if (outside(real)) throw new InputError("Relative path is not allowed to refer to a directory outside its parent");
  if (!(await stat(real)).isDirectory()) throw new InputError(`Source path ${ctx.input.sourcePath} is not a directory`);
  return real;
}

/**
 * Builds the repository in a hidden directory beside its final place and
 * renames it there only when its commit is complete: a failed or cancelled
 * publish leaves no half-made repository, and two tasks racing for one name
 * cannot both win.
 */
async function publish(args: {
  localGit: LocalGit;
  owner: string;
  repo: string;
  branch: string;
  source: string;
  author: { name: string; email: string };
  message: string;
  description?: string;
  ctx: ActionContext<PublishGitInput>;
}): Promise<string> {
  const { localGit, owner, repo, branch, source, author, message, ctx } = args;
  const target = localGit.repositoryPath(owner, repo);
  if (await localGit.exists(owner, repo)) throw new ConflictError(`Repository ${owner}/${repo} already exists`);
  const ownerDir = path.dirname(target);
  await mkdir(ownerDir, { recursive: true });
  const building = await mkdtemp(path.join(ownerDir, `.${repo}.publishing-`));
  try {
    const signal = ctx.signal;
    await git(["init", "--quiet", "--bare", `--initial-branch=${branch}`, building], { signal });
    await writeFile(path.join(building, "description"), `${(args.description ?? "").replace(/\s+/g, " ").trim()}\n`);
    const index = path.join(await ctx.createTemporaryDirectory(), "index");
    const env = { GIT_DIR: building, GIT_WORK_TREE: source, GIT_INDEX_FILE: index };
    await git(["add", "--all", "."], { cwd: source, env, signal });
    const tree = await gitText(["write-tree"], { env, signal });
    const identity = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    const commit = await gitText(["commit-tree", tree, "-F", "-"], { env: { ...env, ...identity }, signal, input: message });
    await git(["update-ref", `refs/heads/${branch}`, commit], { env, signal });
    await rename(building, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EEXIST" || error.code === "ENOTEMPTY") throw new ConflictError(`Repository ${owner}/${repo} already exists`);
      throw error;
    });
    return commit;
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}
