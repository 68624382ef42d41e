import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGitlabApi, type FakeGitlabApi } from "../../../../../tests/support/fake-gitlab-api";
import { createPublishGitlabAction } from "./gitlab.server";
import { runAction } from "./test-context";

let gitlab: FakeGitlabApi;
const integration = () => ({ host: gitlab.host, baseUrl: gitlab.url, apiBaseUrl: gitlab.apiBaseUrl, token: gitlab.token });

beforeAll(async () => {
  gitlab = await startFakeGitlabApi({ groups: ["platform", "platform/services"] });
});
afterAll(async () => {
  await gitlab?.close();
});

describe("publish:gitlab", { timeout: 60_000 }, () => {
  it("creates the project in a subgroup and pushes the workspace with the configured author", async () => {
    const action = createPublishGitlabAction({ integrations: { gitlab: [integration()] }, defaultAuthor: { name: "Atrium", email: "atrium@example.com" }, defaultCommitMessage: "Scaffolded" });
    const run = await runAction(
      action,
      { repoUrl: `${gitlab.host}?owner=platform/services&repo=billing`, repoVisibility: "internal", defaultBranch: "main", topics: ["payments"], settings: { description: "Bills" } },
      {
        files: { "README.md": "# billing\n", "src/app.py": "app = 1\n" },
      },
    );
    const bare = "platform/services/billing.git";
    expect(gitlab.git.files(bare, "main")).toEqual(["README.md", "src/app.py"]);
    expect(gitlab.git.git(bare, "log", "-1", "--format=%an <%ae> %s", "main")).toBe("Atrium <atrium@example.com> Scaffolded");
    const project = gitlab.projects.find((candidate) => candidate.path === "billing")!;
    expect(project).toMatchObject({ visibility: "internal", topics: ["payments"], description: "Bills", namespace: { kind: "group", full_path: "platform/services" } });
    expect(run.outputs).toEqual({
      remoteUrl: `${gitlab.url}/platform/services/billing`,
      repoContentsUrl: `${gitlab.url}/platform/services/billing/-/blob/main`,
      projectId: project.id,
      created: true,
      commitHash: gitlab.git.head(bare, "main"),
    });
    // The integration's token is a personal access token: PRIVATE-TOKEN, as GitLab expects.
    expect(gitlab.requests.filter((request) => request.path.startsWith("/api/v4/")).every((request) => request.privateToken === gitlab.token)).toBe(true);
  });

  it("creates a project in the user's namespace with a token given to the step, as Bearer", async () => {
    const action = createPublishGitlabAction({ integrations: { gitlab: [{ ...integration(), token: undefined }] } });
    const before = gitlab.requests.length;
    const run = await runAction(action, { repoUrl: `${gitlab.host}?owner=${gitlab.user.username}&repo=notes`, token: gitlab.token });
    expect(gitlab.git.files(`${gitlab.user.username}/notes.git`, "master")).toEqual(["README.md"]);
    expect(run.outputs.created).toBe(true);
    const calls = gitlab.requests.slice(before).filter((request) => request.path.startsWith("/api/v4/"));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((request) => request.privateToken === undefined && request.authorization === `Bearer ${gitlab.token}`)).toBe(true);
    expect(JSON.stringify(run.outputs) + run.logs.join("\n")).not.toContain(gitlab.token);
  });

  it("reuses an existing project with skipExisting, and answers GitLab's refusal without it", async () => {
    const action = createPublishGitlabAction({ integrations: { gitlab: [integration()] } });
    const input = { repoUrl: `${gitlab.host}?owner=platform&repo=dup` };
    await runAction(action, input);
    const first = gitlab.git.head("platform/dup.git", "master");
    const skipped = await runAction(action, { ...input, skipExisting: true }, { files: { "other.txt": "x\n" } });
    expect(skipped.outputs).toMatchObject({ created: false, remoteUrl: `${gitlab.url}/platform/dup` });
    expect(skipped.outputs.commitHash).toBeUndefined();
    expect(gitlab.git.head("platform/dup.git", "master")).toBe(first);
    await expect(runAction(action, input)).rejects.toThrow(/400 Bad Request: \{"project_namespace":\["has already been taken"\]/);
  });

  it("refuses an unknown namespace, a missing owner and an unknown host", async () => {
    const action = createPublishGitlabAction({ integrations: { gitlab: [integration()] } });
    await expect(runAction(action, { repoUrl: `${gitlab.host}?owner=nobody&repo=x` })).rejects.toThrow("The namespace nobody is not found or the user doesn't have permissions to access it");
    await expect(runAction(action, { repoUrl: `${gitlab.host}?repo=x` })).rejects.toThrow("missing owner");
    await expect(runAction(action, { repoUrl: "127.0.0.1:1?owner=a&repo=x" })).rejects.toThrow("No matching integration configuration for host 127.0.0.1:1");
  });
});
