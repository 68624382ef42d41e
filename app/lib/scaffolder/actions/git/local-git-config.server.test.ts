import { describe, expect, it } from "vitest";
import { configSchema } from "~/lib/config/schema";
import { localGitFromConfig, localGitRootOf } from "./local-git-config.server";

// scaffolder.localGit and scaffolder.defaultAuthor as the config schema checks
// them, and where the repositories live when no root is configured.

const parse = (extra: Record<string, unknown>) => configSchema.safeParse({ app: { baseUrl: "http://localhost:7007/portal" }, ...extra });

describe("scaffolder.localGit", () => {
  it("defaults to the host 'localhost' and git/ beside the SQLite database", () => {
    const config = parse({}).data!;
    expect(config.scaffolder.localGit.host).toBe("localhost");
    expect(localGitRootOf(config, "/srv/atrium")).toBe("/srv/atrium/data/git");
    const withDirectory = parse({ backend: { database: { client: "better-sqlite3", connection: { directory: "/var/lib/atrium" } } } }).data!;
    expect(localGitRootOf(withDirectory, "/srv/atrium")).toBe("/var/lib/atrium/git");
  });

  it("takes a root relative to the directory Atrium runs in, and builds URLs on app.baseUrl", () => {
    const config = parse({ scaffolder: { localGit: { root: "repos", host: "git.internal:8443" } } }).data!;
    const localGit = localGitFromConfig(config, "/srv/atrium");
    expect(localGit.root).toBe("/srv/atrium/repos");
    expect(localGit.host).toBe("git.internal:8443");
    expect(localGit.urls("team", "svc", "main")).toEqual({
      remoteUrl: "http://localhost:7007/portal/git/team/svc.git",
      repoContentsUrl: "http://localhost:7007/portal/git/team/svc/blob/main",
      browseUrl: "http://localhost:7007/portal/git/team/svc",
    });
  });

  it("refuses a host that is not a host name, an empty root and an empty author, naming the key", () => {
    const paths = (extra: Record<string, unknown>) => parse(extra).error?.issues.map((issue) => issue.path.join("."));
    expect(paths({ scaffolder: { localGit: { host: "https://example.com/x" } } })).toEqual(["scaffolder.localGit.host"]);
    expect(paths({ scaffolder: { localGit: { root: "" } } })).toEqual(["scaffolder.localGit.root"]);
    expect(paths({ scaffolder: { defaultAuthor: { name: "" } } })).toEqual(["scaffolder.defaultAuthor.name"]);
  });

  it("keeps the scaffolder's other keys for their own areas", () => {
    expect(parse({ scaffolder: { concurrentTasksLimit: 5 } }).data?.scaffolder).toMatchObject({ concurrentTasksLimit: 5 });
  });
});
