import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRepositoryView, MAX_SHOWN_BYTES, listRepositories, repositoryPath } from "./browse.server";
import { createLocalGit, type LocalGit } from "./local-git.server";

// What the repository pages show, over real repositories: folders and files
// at branches (with slashes), tags and commits; binary and large files named,
// not shown; an empty repository; and a 404 for anything that is not there.

let dir: string;
let localGit: LocalGit;
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
const run = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: gitEnv }).toString().trim();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "atrium-browse-"));
  const source = path.join(dir, "source");
  await mkdir(path.join(source, "docs"), { recursive: true });
  await writeFile(path.join(source, "README.md"), "# Hello\n");
  await writeFile(path.join(source, "docs", "guide.md"), "guide\n");
  await writeFile(path.join(source, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
  await writeFile(path.join(source, "big.txt"), "x".repeat(MAX_SHOWN_BYTES + 1));
  await writeFile(path.join(source, "config.yaml"), "key: value\n");
  run(source, "init", "--quiet", "--initial-branch=trunk");
  run(source, "add", "--all");
  run(source, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "first");
  run(source, "branch", "release/1.0");
  run(source, "tag", "v1");
  const root = path.join(dir, "root");
  await mkdir(path.join(root, "team"), { recursive: true });
  run(dir, "clone", "--quiet", "--bare", source, path.join(root, "team", "svc.git"));
  run(dir, "init", "--quiet", "--bare", "--initial-branch=main", path.join(root, "team", "empty.git"));
  localGit = createLocalGit({ root, host: "localhost", baseUrl: "http://localhost:7007" });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const view = (repo: string, splat = "") => loadRepositoryView(localGit, { owner: "team", repo, splat });

async function status(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    // A loader's `throw data(message, { status })`, as React Router hands it to the error boundary.
    const thrown = error as { type?: string; init?: { status?: number } };
    return thrown.type === "DataWithResponseInit" ? thrown.init?.status : -1;
  }
}

describe("the repository view", () => {
  it("shows the default branch's root: folders first, the README rendered, links by GitHub's URL shapes", async () => {
    const root = await view("svc");
    if (root.kind !== "tree") throw new Error(`expected a tree, got ${root.kind}`);
    expect(root.ref).toBe("trunk");
    expect(root.remoteUrl).toBe("http://localhost:7007/git/team/svc.git");
    expect(root.entries.map((entry) => [entry.name, entry.type, entry.to])).toEqual([
      ["docs", "tree", "/git/team/svc/tree/trunk/docs"],
      ["big.txt", "blob", "/git/team/svc/blob/trunk/big.txt"],
      ["config.yaml", "blob", "/git/team/svc/blob/trunk/config.yaml"],
      ["logo.png", "blob", "/git/team/svc/blob/trunk/logo.png"],
      ["README.md", "blob", "/git/team/svc/blob/trunk/README.md"],
    ]);
    expect(root.readme?.html).toContain("<h1>Hello</h1>");
    expect(root.commit.subject).toBe("first");
  });

  it("opens folders and files at a branch with a slash, a tag and a commit", async () => {
    const folder = await view("svc", "tree/release/1.0/docs");
    expect(folder).toMatchObject({ kind: "tree", ref: "release/1.0", path: "docs", crumbs: [{ name: "docs", to: "/git/team/svc/tree/release/1.0/docs" }] });
    const file = await view("svc", "blob/v1/config.yaml");
    expect(file).toMatchObject({ kind: "blob", ref: "v1", language: "yaml", binary: false, tooLarge: false });
    if (file.kind === "blob") expect(file.html).toContain("value");
    const hash = (await view("svc")).kind === "tree" ? ((await view("svc")) as { commit: { hash: string } }).commit.hash : "";
    expect(await view("svc", `blob/${hash}/docs/guide.md`)).toMatchObject({ kind: "blob", ref: hash, path: "docs/guide.md" });
  });

  it("names binary and large files without showing them", async () => {
    expect(await view("svc", "blob/trunk/logo.png")).toMatchObject({ kind: "blob", binary: true, html: undefined });
    expect(await view("svc", "blob/trunk/big.txt")).toMatchObject({ kind: "blob", tooLarge: true, size: MAX_SHOWN_BYTES + 1, html: undefined });
  });

  it("shows an empty repository as empty", async () => {
    expect(await view("empty")).toMatchObject({ kind: "empty", ref: "main" });
  });

  it("answers 404 for a missing repository, ref, path, page or an unsafe name", async () => {
    expect(await status(view("nope"))).toBe(404);
    expect(await status(view("svc", "tree/nope"))).toBe(404);
    expect(await status(view("svc", "blob/trunk/missing.txt"))).toBe(404);
    expect(await status(view("svc", "blob/trunk/../../../config"))).toBe(404);
    expect(await status(view("svc", "commits/trunk"))).toBe(404);
    expect(await status(loadRepositoryView(localGit, { owner: "..", repo: "svc", splat: "" }))).toBe(404);
  });

  it("lists the repositories with their pages", async () => {
    expect((await listRepositories(localGit)).map((repository) => repository.to)).toEqual(["/git/team/empty", "/git/team/svc"]);
    expect(repositoryPath("a b", "c", "blob", "feature/x", "dir/file name.md")).toBe("/git/a%20b/c/blob/feature/x/dir/file%20name.md");
  });
});
