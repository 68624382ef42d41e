import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startRecordingHost } from "../../../../../tests/support/fake-recording-host";
import { checkRemoteUrl, commitOverBranchAndPush, initRepoAndPush, redact, repoSourceDirectory } from "./git-push.server";
import { workspaceWith } from "./test-context";

describe("the push helper", () => {
  it("pushes only to http(s) remotes on the allowed hosts, without credentials in the URL", () => {
    expect(checkRemoteUrl("https://github.com/a/b.git", ["github.com"]).href).toBe("https://github.com/a/b.git");
    for (const remote of ["https://evil.example/a.git", "file:///etc/passwd", "ext::sh -c id", "ssh://github.com/a/b.git", "https://user:pw@github.com/a/b.git", "not a url"]) {
      expect(() => checkRemoteUrl(remote, ["github.com"]), remote).toThrow();
    }
  });

  it("keeps sourcePath inside the workspace", async () => {
    const workspace = await workspaceWith({ "app/index.js": "x\n" });
    await mkdir(path.join(workspace, "empty"));
    await symlink("/etc", path.join(workspace, "link"));
    expect(await repoSourceDirectory(workspace, "app")).toBe(path.join(workspace, "app"));
    expect(await repoSourceDirectory(workspace, undefined)).toBe(workspace);
    await expect(repoSourceDirectory(workspace, "../")).rejects.toThrow("Relative path is not allowed to refer to a directory outside its parent");
    await expect(repoSourceDirectory(workspace, "/etc")).rejects.toThrow("outside its parent");
    await expect(repoSourceDirectory(workspace, "link")).rejects.toThrow("is not a directory of the workspace");
  });

  it("refuses a pull request's targetPath outside the repository before touching the network", async () => {
    const workspace = await workspaceWith({ "a.txt": "a\n" });
    await expect(
      commitOverBranchAndPush({ dir: workspace, remoteUrl: "https://github.com/a/b.git", allowedHosts: ["github.com"], baseBranch: "main", branchName: "x", targetPath: "../up", commitMessage: "m" }),
    ).rejects.toThrow("outside its parent");
  });

  it("never follows a git host's redirect, so the token stays with the host it is for", async () => {
    const [host, elsewhere] = await Promise.all([startRecordingHost(), startRecordingHost()]);
    try {
      host.redirect("/acme/app.git/info/refs", `${elsewhere.url}/acme/app.git/info/refs?service=git-receive-pack`);
      const workspace = await workspaceWith({ "a.txt": "a\n" });
      await expect(initRepoAndPush({ dir: workspace, remoteUrl: `${host.url}/acme/app.git`, allowedHosts: [host.host], auth: { token: "git-push-secret-0123" } })).rejects.toThrow(/git push failed/);
      expect(host.received.map((request) => request.headers.authorization)).toEqual(["Bearer git-push-secret-0123"]);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await host.close();
      await elsewhere.close();
    }
  });

  it("blanks every secret out of a message", () => {
    expect(redact("token abc and Basic eHl6 and abc again", ["abc", "eHl6", ""])).toBe("token *** and Basic *** and *** again");
  });
});
