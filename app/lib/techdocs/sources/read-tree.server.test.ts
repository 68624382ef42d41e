import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGithubApi, type FakeGithubApi } from "../../../../tests/support/fake-github-api";
import { startFakeGitlabApi, type FakeGitlabApi } from "../../../../tests/support/fake-gitlab-api";
import { startRecordingHost } from "../../../../tests/support/fake-recording-host";
import { commitFiles, createGitRepos } from "../../../../tests/support/git-smart-http";
import { createLocalGit } from "../../scaffolder/actions/git/local-git.server";
import { createTreeReader } from "./read-tree.server";

const text = (files: Map<string, Uint8Array>, name: string) => Buffer.from(files.get(name)!).toString("utf8");

let github: FakeGithubApi;
let gitlab: FakeGitlabApi;
let folder: string;
beforeAll(async () => {
  github = await startFakeGithubApi();
  gitlab = await startFakeGitlabApi();
  folder = mkdtempSync(path.join(tmpdir(), "atrium-techdocs-tree-"));
});
afterAll(async () => {
  await github.close();
  await gitlab.close();
  rmSync(folder, { recursive: true, force: true });
});

const reader = () =>
  createTreeReader({
    integrations: {
      github: [{ host: github.host, apiBaseUrl: github.apiBaseUrl, token: github.token }],
      gitlab: [{ host: gitlab.host, apiBaseUrl: gitlab.apiBaseUrl, token: gitlab.token }],
      bitbucketCloud: [{ host: "bitbucket.org" }],
    },
  });

describe("reading a local docs folder", () => {
  it("reads every file, with a content hash as the version that changes with the contents", async () => {
    const dir = path.join(folder, "service");
    mkdirSync(path.join(dir, "docs", "img"), { recursive: true });
    writeFileSync(path.join(dir, "mkdocs.yml"), "site_name: Service\n");
    writeFileSync(path.join(dir, "docs", "index.md"), "# Home\n");
    writeFileSync(path.join(dir, "docs", "img", "a.png"), Buffer.from([0, 1, 2]));
    symlinkSync("index.md", path.join(dir, "docs", "alias.md"));
    const first = await reader()({ type: "file", dir, bound: dir }, {});
    expect([...first.files.keys()].sort()).toEqual(["docs/alias.md", "docs/img/a.png", "docs/index.md", "mkdocs.yml"]);
    expect(text(first.files, "docs/alias.md")).toBe("# Home\n");
    expect((await reader()({ type: "file", dir, bound: dir }, {})).etag).toBe(first.etag);
    writeFileSync(path.join(dir, "docs", "index.md"), "# Home again\n");
    expect((await reader()({ type: "file", dir, bound: dir }, {})).etag).not.toBe(first.etag);
  });

  it("refuses a symlink that points outside the docs folder", async () => {
    const dir = path.join(folder, "escaping");
    mkdirSync(path.join(dir, "docs"), { recursive: true });
    writeFileSync(path.join(folder, "secret.txt"), "secret");
    symlinkSync(path.join(folder, "secret.txt"), path.join(dir, "docs", "leak.md"));
    await expect(reader()({ type: "file", dir, bound: dir }, {})).rejects.toThrow("The symlink 'docs/leak.md' points outside the docs folder, which TechDocs refuses");
  });

  it("refuses more files than its limit", async () => {
    const dir = path.join(folder, "many");
    mkdirSync(dir, { recursive: true });
    for (let index = 0; index < 4; index++) writeFileSync(path.join(dir, `${index}.md`), "x");
    const limited = createTreeReader({ limits: { maxBytes: 1000, maxFiles: 3 } });
    await expect(limited({ type: "file", dir, bound: dir }, {})).rejects.toThrow("The documentation's sources hold more than 3 files");
  });
});

describe("reading a repository folder", () => {
  it("reads a GitHub folder from the tarball of the ref's commit, the commit being the version", async () => {
    github.addRepo("acme", "payments", { "mkdocs.yml": "site_name: Payments\n", "docs/index.md": "# Payments\n", "src/main.ts": "code" });
    const head = github.git.head("acme/payments.git", "main")!;
    const tree = await reader()({ type: "url", url: `http://${github.host}/acme/payments/tree/main/` }, {});
    expect(tree.etag).toBe(head);
    expect(text(tree.files, "docs/index.md")).toBe("# Payments\n");
    const docsOnly = await reader()({ type: "url", url: `http://${github.host}/acme/payments/tree/main/docs` }, {});
    expect([...docsOnly.files.keys()]).toEqual(["index.md"]);
    // The token went with the API calls, and the archive came through the redirect.
    expect(github.requests.filter((request) => request.path.includes("/tarball/")).every((request) => request.authorization === `token ${github.token}`)).toBe(true);
    expect(github.tarballRequests.at(-1)).toBe(head);
    const next = commitFiles(github.git, "acme/payments.git", { branch: "main", parent: head, files: { "docs/index.md": "# Changed\n" }, message: "Change" }).commit;
    expect((await reader()({ type: "url", url: `http://${github.host}/acme/payments/blob/main/` }, {})).etag).toBe(next);
  });

  it("answers a GitHub repository or ref that does not exist as not found", async () => {
    await expect(reader()({ type: "url", url: `http://${github.host}/acme/nothing/tree/main/` }, {})).rejects.toThrow("not found");
  });

  it("reads a GitLab folder from the repository archive of the ref's commit", async () => {
    const commit = gitlab.addProject("platform/tools/deployer", { "mkdocs.yml": "site_name: Deployer\n", "docs/index.md": "# Deployer\n" });
    const tree = await reader()({ type: "url", url: `http://${gitlab.host}/platform/tools/deployer/-/tree/main/` }, {});
    expect(tree.etag).toBe(commit);
    expect(text(tree.files, "mkdocs.yml")).toBe("site_name: Deployer\n");
    expect(gitlab.archiveRequests.at(-1)).toEqual({ sha: commit, path: undefined });
  });

  it("follows an archive's redirect to the integration's web host without the token, and to no other host", async () => {
    const web = await startRecordingHost();
    const redirecting = await startFakeGitlabApi({ token: "glpat-redirecting-secret-0123", archivesRedirectTo: web.url });
    try {
      redirecting.addProject("platform/tools/deployer", { "mkdocs.yml": "site_name: Deployer\n" });
      const secret = redirecting.token;
      const viaWebHost = createTreeReader({ integrations: { gitlab: [{ host: web.host, apiBaseUrl: redirecting.apiBaseUrl, token: secret }] } });
      // The recording host has no archive to give: what matters is what it was sent.
      await expect(viaWebHost({ type: "url", url: `http://${web.host}/platform/tools/deployer/-/tree/main/` }, {})).rejects.toThrow("not found");
      expect(redirecting.requests.filter((request) => request.path.includes("/repository/")).map((request) => request.privateToken)).toEqual([secret, secret]);
      expect(web.received.map((request) => request.path)).toEqual([expect.stringMatching(/^\/api\/v4\/projects\/\d+\/repository\/archive\?sha=/)]);
      expect(web.headerValues().filter((value) => value.includes(secret))).toEqual([]);

      const apiHostOnly = createTreeReader({ integrations: { gitlab: [{ host: redirecting.host, apiBaseUrl: redirecting.apiBaseUrl, token: secret }] } });
      await expect(apiHostOnly({ type: "url", url: `http://${redirecting.host}/platform/tools/deployer/-/tree/main/` }, {})).rejects.toThrow(
        `Refusing to follow a redirect from '${redirecting.host}' to '${web.host}'`,
      );
      expect(web.received).toHaveLength(1);
    } finally {
      await redirecting.close();
      await web.close();
    }
  });

  it("refuses hosts that are not configured, and says which it cannot read", async () => {
    await expect(reader()({ type: "url", url: "http://10.0.0.1/a/b/tree/main/" }, {})).rejects.toThrow("Reading from '10.0.0.1' is not allowed: it is not a configured integration");
    await expect(reader()({ type: "url", url: "https://bitbucket.org/a/b/src/main/" }, {})).rejects.toThrow("Reading documentation from bitbucketCloud (bitbucket.org) is not supported");
  });

  it("reads a folder of the portal's own repositories from disk, the commit being the version", async () => {
    const repos = createGitRepos();
    try {
      repos.create("acme/handbook.git", "main");
      const { commit } = commitFiles(repos, "acme/handbook.git", {
        branch: "main",
        files: { "site/mkdocs.yml": "site_name: Own\n", "site/docs/index.md": "# Own\n", "README.md": "x" },
        message: "Docs",
      });
      const localGit = createLocalGit({ root: repos.root, host: "localhost", baseUrl: "http://portal.example/base" });
      const read = createTreeReader({ localGit });
      const tree = await read({ type: "url", url: "http://portal.example/base/git/acme/handbook/tree/main/site" }, {});
      expect(tree.etag).toBe(commit);
      expect([...tree.files.keys()].sort()).toEqual(["docs/index.md", "mkdocs.yml"]);
      expect(await read({ type: "url", url: "http://portal.example/base/git/acme/handbook/tree/main/site" }, { etag: commit })).toMatchObject({ notModified: true, etag: commit });
      await expect(read({ type: "url", url: "http://portal.example/base/git/acme/handbook/tree/main/nothing" }, {})).rejects.toThrow("not found");
    } finally {
      repos.remove();
    }
  });

  it("reads a private GitHub repository with an installation token of the integration's GitHub App", async () => {
    const key = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
    const withApp = await startFakeGithubApi({ apps: [{ appId: "77", publicKey: key.publicKey, installations: [{ id: 9, account: "keystone" }] }] });
    try {
      withApp.addRepo("keystone", "handbook", { "mkdocs.yml": "site_name: Handbook\n" });
      const read = createTreeReader({ integrations: { github: [{ host: withApp.host, apiBaseUrl: withApp.apiBaseUrl, apps: [{ appId: 77, privateKey: key.privateKey }] }] } });
      const tree = await read({ type: "url", url: `http://${withApp.host}/keystone/handbook/tree/main/` }, {});
      expect(text(tree.files, "mkdocs.yml")).toBe("site_name: Handbook\n");
      expect(withApp.requests.some((request) => request.path.includes("/app/installations/9/access_tokens"))).toBe(true);
    } finally {
      await withApp.close();
    }
  });
});
