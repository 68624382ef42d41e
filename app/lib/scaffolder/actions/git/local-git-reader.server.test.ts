import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocationReader } from "~/lib/catalog/processing/readers.server";
import { createLocalGit, type LocalGit } from "./local-git.server";

// The catalog's reader for the portal's own repository URLs: read from the
// bare repository on disk, never over HTTP (a fetch that fails the test
// stands in for the network), and only for URLs of this portal's /git pages.

const BASE = "https://portal.example.com/portal";
let dir: string;
let localGit: LocalGit;
let fetched: string[];
let commit: string;

const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
const run = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: gitEnv }).toString().trim();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "atrium-local-git-reader-"));
  const source = path.join(dir, "source");
  await mkdir(path.join(source, "nested"), { recursive: true });
  await writeFile(path.join(source, "catalog-info.yaml"), "kind: Component\n");
  await writeFile(path.join(source, "nested", "other.yaml"), "kind: API\n");
  run(source, "init", "--quiet", "--initial-branch=main");
  run(source, "add", "--all");
  run(source, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "first");
  run(source, "branch", "feature/x");
  commit = run(source, "rev-parse", "HEAD");
  await mkdir(path.join(dir, "root", "team"), { recursive: true });
  run(dir, "clone", "--quiet", "--bare", source, path.join(dir, "root", "team", "svc.git"));
  localGit = createLocalGit({ root: path.join(dir, "root"), host: "localhost", baseUrl: BASE });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function reader() {
  fetched = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    fetched.push(String(input));
    throw new Error("no network in this test");
  }) as typeof fetch;
  return createLocationReader({ ownRepositories: localGit }, fetchImpl);
}

describe("reading the portal's own repositories", () => {
  it("reads a file at a branch, a branch with a slash and a commit, from disk", async () => {
    const read = reader();
    expect(await read.read({ type: "url", target: `${BASE}/git/team/svc/blob/main/catalog-info.yaml` })).toBe("kind: Component\n");
    expect(await read.read({ type: "url", target: `${BASE}/git/team/svc/blob/feature/x/nested/other.yaml` })).toBe("kind: API\n");
    expect(await read.read({ type: "url", target: `${BASE}/git/team/svc/blob/${commit}/nested/other.yaml` })).toBe("kind: API\n");
    // catalog:register's `${repoContentsUrl}/${catalogInfoPath}` with Backstage's default '/catalog-info.yaml'.
    expect(await read.read({ type: "url", target: `${BASE}/git/team/svc/blob/main//catalog-info.yaml` })).toBe("kind: Component\n");
    expect(fetched).toEqual([]);
  });

  it("allows the portal's repository URLs and no other URL of the portal", () => {
    const read = reader();
    expect(read.isAllowedUrl(`${BASE}/git/team/svc/blob/main/catalog-info.yaml`)).toBe(true);
    expect(read.isAllowedUrl(`${BASE}/api/catalog/entities`)).toBe(false);
    expect(read.isAllowedUrl("https://portal.example.com/git/team/svc/blob/main/catalog-info.yaml")).toBe(false);
    expect(read.isAllowedUrl(`https://evil.example.com/portal/git/team/svc/blob/main/catalog-info.yaml`)).toBe(false);
    expect(read.integrationTypeOf(`${BASE}/git/team/svc/blob/main/catalog-info.yaml`)).toBeUndefined();
  });

  it("answers not found for a missing file, branch, repository, a folder, or a path out of the repository, without the network", async () => {
    const read = reader();
    for (const target of [
      `${BASE}/git/team/svc/blob/main/missing.yaml`,
      `${BASE}/git/team/svc/blob/nope/catalog-info.yaml`,
      `${BASE}/git/team/other/blob/main/catalog-info.yaml`,
      `${BASE}/git/team/svc/blob/main/nested`,
      `${BASE}/git/team/svc/blob/main/..%2Fconfig`,
    ]) {
      await expect(read.read({ type: "url", target }), target).rejects.toMatchObject({ name: "NotFoundError" });
    }
    // Encoded dot segments (resolved by URL parsing itself) and unsafe owners leave no repository URL: refused as any unknown host is.
    for (const target of [
      `${BASE}/git/team/svc/blob/main/%2E%2E/%2E%2E/%2E%2E/etc/passwd`,
      `${BASE}/git/%2E%2E/svc/blob/main/catalog-info.yaml`,
      `${BASE}/git/.hidden/svc/blob/main/catalog-info.yaml`,
    ]) {
      await expect(read.read({ type: "url", target }), target).rejects.toMatchObject({ name: "NotAllowedError" });
    }
    expect(fetched).toEqual([]);
  });

  it("leaves other URLs to the configured hosts", async () => {
    const read = reader();
    await expect(read.read({ type: "url", target: "https://github.com/o/r/blob/main/catalog-info.yaml" })).rejects.toThrow("no network in this test");
    expect(fetched).toEqual(["https://raw.githubusercontent.com/o/r/main/catalog-info.yaml"]);
    await expect(read.read({ type: "url", target: "https://elsewhere.example.com/x.yaml" })).rejects.toMatchObject({ name: "NotAllowedError" });
  });
});
