import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAzureDevOpsApi, type FakeAzureDevOpsApi } from "../../../../../tests/support/fake-azure-devops-api";
import { startFakeGithubApi, type FakeGithubApi } from "../../../../../tests/support/fake-github-api";

// The fakes' side of the catalog import flow (a branch, a file, a pull
// request), spoken to as the real APIs are, so the import can rely on them:
// the calls land in real repositories.

let github: FakeGithubApi;
let azure: FakeAzureDevOpsApi;
beforeAll(async () => {
  [github, azure] = await Promise.all([startFakeGithubApi(), startFakeAzureDevOpsApi()]);
});
afterAll(async () => {
  await Promise.all([github?.close(), azure?.close()]);
});

describe("the GitHub fake", () => {
  const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${github.apiBaseUrl}${path}`, {
      method: init.method ?? "GET",
      headers: { authorization: `token ${init.token ?? github.token}`, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  it("branches, writes a file and opens a pull request as GitHub does", async () => {
    github.addRepo("acme", "svc", { "README.md": "# svc\n" }, "main");
    const repo = await (await call("/repos/acme/svc")).json();
    expect(repo).toMatchObject({ full_name: "acme/svc", default_branch: "main", clone_url: `${github.url}/acme/svc.git` });
    const ref = await (await call("/repos/acme/svc/git/ref/heads/main")).json();
    expect(ref.object.sha).toBe(github.git.head("acme/svc.git", "main"));
    expect((await call("/repos/acme/svc/git/ref/heads/nope")).status).toBe(404);
    const created = await call("/repos/acme/svc/git/refs", { method: "POST", body: { ref: "refs/heads/backstage-integration", sha: ref.object.sha } });
    expect(created.status).toBe(201);
    expect((await call("/repos/acme/svc/git/refs", { method: "POST", body: { ref: "refs/heads/backstage-integration", sha: ref.object.sha } })).status).toBe(422);
    const put = await call("/repos/acme/svc/contents/catalog-info.yaml", {
      method: "PUT",
      body: { message: "Add catalog-info.yaml", content: Buffer.from("kind: Component\n").toString("base64"), branch: "backstage-integration" },
    });
    expect(put.status).toBe(201);
    const { content } = await put.json();
    expect(github.git.show("acme/svc.git", "backstage-integration:catalog-info.yaml")).toBe("kind: Component\n");
    // Updating needs the current blob's sha, as GitHub's contents API does.
    expect((await call("/repos/acme/svc/contents/catalog-info.yaml", { method: "PUT", body: { message: "m", content: "eA==", branch: "backstage-integration" } })).status).toBe(422);
    expect((await call("/repos/acme/svc/contents/catalog-info.yaml", { method: "PUT", body: { message: "m", content: "eA==", branch: "backstage-integration", sha: content.sha } })).status).toBe(200);
    const file = await (await call("/repos/acme/svc/contents/catalog-info.yaml?ref=backstage-integration")).json();
    expect(Buffer.from(file.content, "base64").toString()).toBe("x");
    const pull = await call("/repos/acme/svc/pulls", { method: "POST", body: { title: "Add catalog-info.yaml", head: "backstage-integration", base: "main", body: "Register" } });
    expect(pull.status).toBe(201);
    expect(await pull.json()).toMatchObject({ number: 1, state: "open", html_url: `${github.url}/acme/svc/pull/1`, head: { ref: "backstage-integration" }, base: { ref: "main" } });
  });

  it("refuses a bad token and an unknown repository with GitHub's bodies", async () => {
    const denied = await call("/repos/acme/svc", { token: "nope" });
    expect(denied.status).toBe(401);
    expect((await denied.json()).message).toBe("Bad credentials");
    const missing = await call("/repos/acme/none");
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Not Found");
  });
});

describe("the Azure DevOps fake", () => {
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${azure.url}/acme/platform/_apis/git/repositories${path}${path.includes("?") ? "&" : "?"}api-version=6.0`, {
      method: init.method ?? "GET",
      headers: { authorization: `Basic ${Buffer.from(`:${azure.token}`).toString("base64")}`, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  it("reads refs, pushes a file on a new branch and opens a pull request as Azure DevOps does", async () => {
    const repo = azure.addRepo("acme", "platform", "web", { "README.md": "# web\n" });
    expect(await (await call("/web")).json()).toMatchObject({ id: repo.id, name: "web", defaultBranch: "refs/heads/main", remoteUrl: `${azure.url}/acme/platform/_git/web` });
    const refs = await (await call(`/${repo.id}/refs?filter=heads/main`)).json();
    expect(refs).toMatchObject({ count: 1, value: [{ name: "refs/heads/main", objectId: azure.git.head("acme/platform/_git/web", "main") }] });
    const push = await call(`/${repo.id}/pushes`, {
      method: "POST",
      body: {
        refUpdates: [{ name: "refs/heads/backstage-integration", oldObjectId: refs.value[0].objectId }],
        commits: [{ comment: "Add catalog-info.yaml", changes: [{ changeType: "add", item: { path: "/catalog-info.yaml" }, newContent: { content: "kind: Component\n", contentType: "rawtext" } }] }],
      },
    });
    expect(push.status).toBe(201);
    expect(azure.git.show("acme/platform/_git/web", "backstage-integration:catalog-info.yaml")).toBe("kind: Component\n");
    const pull = await call(`/${repo.id}/pullrequests`, {
      method: "POST",
      body: { sourceRefName: "refs/heads/backstage-integration", targetRefName: "refs/heads/main", title: "Add catalog-info.yaml", description: "Register" },
    });
    expect(pull.status).toBe(201);
    expect(await pull.json()).toMatchObject({ pullRequestId: 1, status: "active", title: "Add catalog-info.yaml" });
    expect((await call(`/${repo.id}/pullrequests`, { method: "POST", body: { sourceRefName: "refs/heads/backstage-integration", targetRefName: "refs/heads/main", title: "again" } })).status).toBe(
      409,
    );
  });
});
