import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActionContext, JsonValue } from "../types";
import { createLocalGit, type LocalGit } from "./local-git.server";
import { createPublishGitAction, type PublishGitInput } from "./publish-git.server";

// publish:git against real repositories in a temporary directory: what it
// publishes is read back with the git CLI (a clone, as a user would), never
// through the module's own reading code.

let dir: string;
let workspace: string;
let localGit: LocalGit;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "atrium-publish-git-"));
  workspace = path.join(dir, "workspace");
  await mkdir(path.join(workspace, "src"), { recursive: true });
  await writeFile(path.join(workspace, "README.md"), "# petstore\n");
  await writeFile(path.join(workspace, "catalog-info.yaml"), "apiVersion: backstage.io/v1alpha1\nkind: Component\n");
  await writeFile(path.join(workspace, "src", "index.js"), "console.log('hi');\n");
  localGit = createLocalGit({ root: path.join(dir, "repositories"), host: "localhost", baseUrl: "http://portal.example:7007/portal" });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function contextFor(input: PublishGitInput, overrides: Partial<ActionContext<PublishGitInput>> = {}) {
  const outputs: Record<string, JsonValue> = {};
  const logs: string[] = [];
  const checkpoints = new Map<string, JsonValue | void>();
  const ctx: ActionContext<PublishGitInput> = {
    task: { id: "task-1" },
    input,
    workspacePath: workspace,
    logger: { info: (m) => logs.push(m), warn: (m) => logs.push(m), error: (m) => logs.push(m), debug: () => undefined },
    output: (name, value) => void (outputs[name] = value),
    createTemporaryDirectory: () => mkdtemp(path.join(dir, "tmp-")),
    async checkpoint({ key, fn }) {
      if (checkpoints.has(key)) return checkpoints.get(key) as never;
      const value = await fn();
      checkpoints.set(key, value);
      return value;
    },
    credentials: { principal: { type: "none" } } as unknown as ActionContext["credentials"],
    signal: new AbortController().signal,
    ...overrides,
  };
  return { ctx, outputs, logs };
}

function clone(remote: string): string {
  const target = path.join(dir, `clone-${Math.random().toString(36).slice(2)}`);
  execFileSync("git", ["clone", "--quiet", remote, target], { env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });
  return target;
}

function gitIn(repo: string, ...args: string[]): string {
  return execFileSync("git", ["-C", repo, ...args], { env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } })
    .toString()
    .trim();
}

describe("publish:git", () => {
  it("publishes the workspace as the first commit of a new bare repository and answers Backstage's outputs", async () => {
    const action = createPublishGitAction({ localGit });
    const { ctx, outputs } = contextFor({ repoUrl: "localhost?owner=platform&repo=petstore", description: "The pet store" });
    await action.handler(ctx);

    expect(outputs.remoteUrl).toBe("http://portal.example:7007/portal/git/platform/petstore.git");
    expect(outputs.repoContentsUrl).toBe("http://portal.example:7007/portal/git/platform/petstore/blob/main");
    const bare = path.join(dir, "repositories", "platform", "petstore.git");
    expect(gitIn(bare, "rev-parse", "refs/heads/main")).toBe(outputs.commitHash);
    expect(gitIn(bare, "symbolic-ref", "HEAD")).toBe("refs/heads/main");
    expect(gitIn(bare, "log", "--format=%an <%ae>|%cn|%s", "main")).toBe("Scaffolder <scaffolder@backstage.io>|Scaffolder|Initial commit");
    expect((await readFile(path.join(bare, "description"), "utf8")).trim()).toBe("The pet store");

    const checkout = clone(bare);
    expect(await readFile(path.join(checkout, "README.md"), "utf8")).toBe("# petstore\n");
    expect(await readFile(path.join(checkout, "src", "index.js"), "utf8")).toBe("console.log('hi');\n");
    expect(gitIn(checkout, "ls-files").split("\n").sort()).toEqual(["README.md", "catalog-info.yaml", "src/index.js"]);
    // Nothing was written into the workspace itself.
    await expect(readFile(path.join(workspace, ".git", "HEAD"))).rejects.toThrow();
  });

  it("takes the branch, commit message and author from the step, else from scaffolder.defaultAuthor and defaultCommitMessage", async () => {
    const configured = createPublishGitAction({ localGit, defaultAuthor: { name: "Platform Bot", email: "bot@keystone.example" }, defaultCommitMessage: "Scaffolded" });
    await configured.handler(contextFor({ repoUrl: "localhost?owner=platform&repo=one" }).ctx);
    expect(gitIn(path.join(dir, "repositories", "platform", "one.git"), "log", "--format=%an <%ae>|%s", "main")).toBe("Platform Bot <bot@keystone.example>|Scaffolded");

    const { ctx, outputs } = contextFor({
      repoUrl: "localhost?owner=platform&repo=two",
      defaultBranch: "trunk",
      gitCommitMessage: "Scaffold two\n\nfrom the library template",
      gitAuthorName: "Ada",
      gitAuthorEmail: "ada@keystone.example",
    });
    await configured.handler(ctx);
    const bare = path.join(dir, "repositories", "platform", "two.git");
    expect(gitIn(bare, "symbolic-ref", "HEAD")).toBe("refs/heads/trunk");
    expect(gitIn(bare, "log", "--format=%an <%ae>|%B", "trunk")).toBe("Ada <ada@keystone.example>|Scaffold two\n\nfrom the library template");
    expect(outputs.repoContentsUrl).toBe("http://portal.example:7007/portal/git/platform/two/blob/trunk");
  });

  it("publishes only sourcePath when one is given", async () => {
    await createPublishGitAction({ localGit }).handler(contextFor({ repoUrl: "localhost?owner=platform&repo=src-only", sourcePath: "./src" }).ctx);
    const checkout = clone(path.join(dir, "repositories", "platform", "src-only.git"));
    expect(gitIn(checkout, "ls-files")).toBe("index.js");
  });

  it.each([
    ["../escape", "owner"],
    ["..", "owner"],
    [".hidden", "owner"],
    ["a/b", "owner"],
    ["-flag", "owner"],
  ])("refuses the owner %s, writing nothing", async (owner) => {
    const action = createPublishGitAction({ localGit });
    const repoUrl = `localhost?owner=${encodeURIComponent(owner)}&repo=ok`;
    await expect(action.handler(contextFor({ repoUrl }).ctx)).rejects.toThrow(/Invalid owner/);
    await expect(readFile(path.join(dir, "escape", "ok.git", "HEAD"))).rejects.toThrow();
    expect(await localGit.list()).toEqual([]);
  });

  it.each(["../../etc", "..", "repo.git", "a/b", "x\\..\\y", ""])("refuses the repository name %j", async (repo) => {
    const action = createPublishGitAction({ localGit });
    const repoUrl = `localhost?owner=platform&repo=${encodeURIComponent(repo)}`;
    await expect(action.handler(contextFor({ repoUrl }).ctx)).rejects.toThrow(/Invalid repo/);
    expect(await localGit.list()).toEqual([]);
  });

  it("refuses another host, a missing owner, a bad branch and a source path outside the workspace", async () => {
    const action = createPublishGitAction({ localGit });
    await expect(action.handler(contextFor({ repoUrl: "github.com?owner=o&repo=r" }).ctx)).rejects.toThrow(
      "No matching integration configuration for host github.com, please check your integrations config",
    );
    await expect(action.handler(contextFor({ repoUrl: "localhost?repo=r" }).ctx)).rejects.toThrow("Invalid repo URL passed to publisher: localhost?repo=r, missing owner");
    await expect(action.handler(contextFor({ repoUrl: "localhost?owner=o&repo=r", defaultBranch: "../main" }).ctx)).rejects.toThrow("Invalid branch name '../main'");
    await expect(action.handler(contextFor({ repoUrl: "localhost?owner=o&repo=r", sourcePath: "../" }).ctx)).rejects.toThrow("Relative path is not allowed to refer to a directory outside its parent");
    await symlink(dir, path.join(workspace, "escape"));
    await expect(action.handler(contextFor({ repoUrl: "localhost?owner=o&repo=r", sourcePath: "escape" }).ctx)).rejects.toThrow(
      "Relative path is not allowed to refer to a directory outside its parent",
    );
    expect(await localGit.list()).toEqual([]);
  });

  it("commits a symlink as a link, never the file it points at", async () => {
    await writeFile(path.join(dir, "secret.txt"), "top secret\n");
    await symlink(path.join(dir, "secret.txt"), path.join(workspace, "link"));
    await createPublishGitAction({ localGit }).handler(contextFor({ repoUrl: "localhost?owner=platform&repo=links" }).ctx);
    const bare = path.join(dir, "repositories", "platform", "links.git");
    expect(gitIn(bare, "ls-tree", "main", "link").split(/\s+/)[0]).toBe("120000");
    expect(gitIn(bare, "cat-file", "blob", "main:link")).toBe(path.join(dir, "secret.txt"));
  });

  it("refuses to publish over an existing repository and leaves it as it was", async () => {
    const action = createPublishGitAction({ localGit });
    const first = contextFor({ repoUrl: "localhost?owner=platform&repo=taken" });
    await action.handler(first.ctx);
    await writeFile(path.join(workspace, "README.md"), "# replaced\n");
    await expect(action.handler(contextFor({ repoUrl: "localhost?owner=platform&repo=taken" }).ctx)).rejects.toThrow("Repository platform/taken already exists");
    const bare = path.join(dir, "repositories", "platform", "taken.git");
    expect(gitIn(bare, "rev-parse", "main")).toBe(first.outputs.commitHash);
    expect(gitIn(bare, "cat-file", "blob", "main:README.md")).toBe("# petstore");
    // No half-made repository is left beside it.
    expect(await localGit.list()).toEqual([{ owner: "platform", repo: "taken", description: undefined }]);
  });

  it("does not publish again when the task resumes past its checkpoint", async () => {
    const action = createPublishGitAction({ localGit });
    const { ctx, outputs } = contextFor({ repoUrl: "localhost?owner=platform&repo=resumed" });
    await action.handler(ctx);
    const firstHash = outputs.commitHash;
    await action.handler(ctx);
    expect(outputs.commitHash).toBe(firstHash);
  });

  it("stops when the task is cancelled, leaving no repository", async () => {
    const controller = new AbortController();
    controller.abort();
    const action = createPublishGitAction({ localGit });
    await expect(action.handler(contextFor({ repoUrl: "localhost?owner=platform&repo=cancelled" }, { signal: controller.signal }).ctx)).rejects.toThrow();
    expect(await localGit.list()).toEqual([]);
  });
});
