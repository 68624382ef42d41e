import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGithubApi, type FakeGithubApi } from "../../../../../tests/support/fake-github-api";
import { scmTokenSecretKey } from "./credentials.server";
import { createPublishGithubAction, createPublishGithubPullRequestAction } from "./github.server";
import { runAction } from "./test-context";

let github: FakeGithubApi;
const author = { name: "Atrium Bot", email: "bot@atrium.example" };
const options = () => ({ integrations: { github: [{ host: github.host, apiBaseUrl: github.apiBaseUrl, token: github.token }] }, defaultAuthor: author });

beforeAll(async () => {
  github = await startFakeGithubApi({ orgs: [{ login: "acme", teams: ["platform"] }] });
});
afterAll(async () => {
  await github?.close();
});

describe("publish:github", { timeout: 60_000 }, () => {
  it("creates the repository in an organization and pushes the workspace as its initial commit", async () => {
    const action = createPublishGithubAction(options());
    const run = await runAction(
      action,
      {
        repoUrl: `${github.host}?owner=acme&repo=shop`,
        description: "The shop",
        repoVisibility: "internal",
        defaultBranch: "main",
        topics: ["Backstage", "shop"],
        access: "acme/platform",
        collaborators: [{ user: "user:default/jane", access: "push" }],
      },
      { files: { "README.md": "# shop\n", "src/index.ts": "export {};\n", "catalog-info.yaml": "kind: Component\n" } },
    );
    const bare = "acme/shop.git";
    expect(github.git.files(bare, "main")).toEqual(["README.md", "catalog-info.yaml", "src/index.ts"]);
    expect(github.git.show(bare, "main:src/index.ts")).toBe("export {};\n");
    const [authorLine, messageLine] = github.git.git(bare, "log", "-1", "--format=%an <%ae>%n%s", "main").split("\n");
    expect(authorLine).toBe("Atrium Bot <bot@atrium.example>");
    expect(messageLine).toBe("initial commit");
    expect(run.outputs).toEqual({
      commitHash: github.git.head(bare, "main"),
      remoteUrl: `${github.url}/acme/shop.git`,
      repoContentsUrl: `${github.url}/acme/shop/blob/main`,
    });
    const repo = github.repos.get("acme/shop")!;
    expect(repo).toMatchObject({ description: "The shop", visibility: "internal", topics: ["backstage", "shop"], teams: { platform: "admin" }, collaborators: { jane: "push" } });
    expect(repo.protections.main).toMatchObject({ enforce_admins: true, required_pull_request_reviews: { required_approving_review_count: 1 } });
    // The workspace stays as the template wrote it: git worked in a directory of its own.
    expect((await readdir(run.workspacePath)).sort()).toEqual(["README.md", "catalog-info.yaml", "src"]);
  });

  it("creates a repository for the authenticated user, pushes only sourcePath, with Backstage's default branch", async () => {
    const action = createPublishGithubAction({ ...options(), defaultAuthor: undefined });
    const run = await runAction(
      action,
      { repoUrl: `${github.host}?owner=${github.user}&repo=solo`, sourcePath: "app", gitCommitMessage: "first", protectDefaultBranch: false },
      { files: { "app/main.py": "print(1)\n", "other/secret.txt": "no\n" } },
    );
    const bare = `${github.user}/solo.git`;
    expect(github.git.files(bare, "master")).toEqual(["main.py"]);
    expect(github.git.git(bare, "log", "-1", "--format=%an <%ae> %s", "master")).toBe("Scaffolder <scaffolder@backstage.io> first");
    expect(github.repos.get(`${github.user}/solo`)).toMatchObject({ private: true, visibility: "private", protections: {} });
    expect(run.outputs.repoContentsUrl).toBe(`${github.url}/${github.user}/solo/blob/master`);
  });

  it("uses the user's token from the task's secrets before the integration's, and never logs or outputs it", async () => {
    const userToken = "ghu_user_token_from_the_session";
    const other = await startFakeGithubApi({ token: userToken });
    try {
      const action = createPublishGithubAction({ integrations: { github: [{ host: other.host, apiBaseUrl: other.apiBaseUrl, token: "integration-token-not-accepted" }] } });
      const run = await runAction(action, { repoUrl: `${other.host}?owner=${other.user}&repo=mine` }, { secrets: { [scmTokenSecretKey(other.host)]: userToken } });
      expect(other.git.files(`${other.user}/mine.git`, "master")).toEqual(["README.md"]);
      expect(other.requests.filter((request) => request.path.startsWith("/api/v3/")).every((request) => request.authorization === `token ${userToken}`)).toBe(true);
      const visible = JSON.stringify(run.outputs) + run.logs.join("\n");
      expect(visible).not.toContain(userToken);
      expect(visible).not.toContain(Buffer.from(`x-access-token:${userToken}`).toString("base64"));
    } finally {
      await other.close();
    }
  });

  it("refuses a token the host does not accept, with the host's message and without the token", async () => {
    const action = createPublishGithubAction(options());
    const error = await runAction(action, { repoUrl: `${github.host}?owner=acme&repo=denied`, token: "wrong-token-abc" }).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain("401");
    expect((error as Error).message).toContain("Bad credentials");
    expect((error as Error).message).not.toContain("wrong-token-abc");
    expect(github.repos.has("acme/denied")).toBe(false);
  });

  it("answers GitHub's refusal of an existing repository", async () => {
    github.addRepo("acme", "taken");
    const action = createPublishGithubAction(options());
    await expect(runAction(action, { repoUrl: `${github.host}?owner=acme&repo=taken` })).rejects.toThrow(
      "Failed to create the Organization repository acme/taken, POST /api/v3/orgs/acme/repos answered 422 Unprocessable Entity: Repository creation failed.",
    );
  });

  it("refuses a bad repoUrl, an unknown host, a missing owner and a host without credentials before calling anything", async () => {
    const before = github.requests.length;
    const action = createPublishGithubAction(options());
    await expect(runAction(action, { repoUrl: "not a host?owner=a&repo=b" })).rejects.toMatchObject({ name: "InputError", message: expect.stringContaining("Invalid repo URL passed to publisher") });
    await expect(runAction(action, { repoUrl: "169.254.169.254?owner=a&repo=b" })).rejects.toThrow(
      "No matching integration configuration for host 169.254.169.254, please check your integrations config",
    );
    await expect(runAction(action, { repoUrl: `user:pass@${github.host}?owner=a&repo=b` })).rejects.toMatchObject({ name: "InputError" });
    await expect(runAction(action, { repoUrl: `${github.host}?repo=b` })).rejects.toThrow(`Invalid repo URL passed to publisher: https://${github.host}/?repo=b, missing owner`);
    await expect(runAction(action, { repoUrl: `${github.host}?owner=a` })).rejects.toThrow("missing repo");
    // A configured GitLab host is not a GitHub publisher's.
    const mixed = createPublishGithubAction({ integrations: { gitlab: [{ host: "gitlab.internal.example" }] } });
    await expect(runAction(mixed, { repoUrl: "gitlab.internal.example?owner=a&repo=b" })).rejects.toThrow("No matching integration configuration for host gitlab.internal.example");
    // github.com is known without configuration, but nobody can authenticate there.
    const bare = createPublishGithubAction({ integrations: {} });
    await expect(runAction(bare, { repoUrl: "github.com?owner=a&repo=b" })).rejects.toThrow("No auth provider available for URL");
    expect(github.requests.length).toBe(before);
  });
});

describe("publish:github:pull-request", { timeout: 60_000 }, () => {
  it("pushes a branch with the workspace under targetPath over the default branch and opens the pull request", async () => {
    github.addRepo("acme", "monorepo", { "README.md": "# mono\n", "apps/old/index.js": "old\n" }, "trunk");
    const action = createPublishGithubPullRequestAction(options());
    const run = await runAction(
      action,
      { repoUrl: `${github.host}?owner=acme&repo=monorepo`, branchName: "add-new-app", title: "Add new app", description: "Scaffolded", targetPath: "apps/new", reviewers: ["jane"], draft: true },
      { files: { "index.js": "new\n", "package.json": "{}\n" } },
    );
    const bare = "acme/monorepo.git";
    expect(github.git.files(bare, "add-new-app")).toEqual(["README.md", "apps/new/index.js", "apps/new/package.json", "apps/old/index.js"]);
    expect(github.git.git(bare, "rev-parse", "add-new-app^")).toBe(github.git.head(bare, "trunk"));
    expect(github.git.git(bare, "log", "-1", "--format=%an|%s", "add-new-app")).toBe("Atrium Bot|Add new app");
    expect(github.pulls.get("acme/monorepo")).toEqual([expect.objectContaining({ title: "Add new app", body: "Scaffolded", head: "add-new-app", base: "trunk", draft: true, reviewers: ["jane"] })]);
    const number = github.pulls.get("acme/monorepo")![0].number;
    expect(run.outputs).toEqual({ targetBranchName: "trunk", remoteUrl: `${github.url}/acme/monorepo/pull/${number}`, pullRequestNumber: number });
  });

  it("targets the branch it is given and answers GitHub's refusal of a second pull request from the same branch", async () => {
    github.addRepo("acme", "lib", { "README.md": "# lib\n" }, "main");
    const action = createPublishGithubPullRequestAction(options());
    const input = { repoUrl: `${github.host}?owner=acme&repo=lib`, branchName: "docs", targetBranchName: "main", title: "Docs", description: "More docs" };
    await runAction(action, input, { files: { "docs/index.md": "# Docs\n" } });
    expect(github.git.show("acme/lib.git", "docs:docs/index.md")).toBe("# Docs\n");
    await expect(runAction(action, { ...input, update: true }, { files: { "docs/index.md": "# Docs v2\n" } })).rejects.toThrow("422");
    expect(github.git.show("acme/lib.git", "docs:docs/index.md")).toBe("# Docs v2\n");
    await expect(runAction(action, input, { files: { "docs/index.md": "# Docs v3\n" } })).rejects.toThrow(/git push failed/);
  });

  it("opens no pull request for files that change nothing when createWhenEmpty is false", async () => {
    github.addRepo("acme", "same", { "a.txt": "a\n" }, "main");
    const action = createPublishGithubPullRequestAction(options());
    const run = await runAction(
      action,
      { repoUrl: `${github.host}?owner=acme&repo=same`, branchName: "noop", title: "Nothing", description: "", createWhenEmpty: false },
      { files: { "a.txt": "a\n" } },
    );
    expect(run.outputs).toEqual({ targetBranchName: "main" });
    expect(github.git.head("acme/same.git", "noop")).toBeUndefined();
    expect(github.pulls.get("acme/same")).toBeUndefined();
  });
});
