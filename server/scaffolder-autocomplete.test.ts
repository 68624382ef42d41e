import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeBitbucketCloudApi, type FakeBitbucketCloudApi } from "../tests/support/fake-bitbucket-cloud-api";
import { startFakeGithubApi, type FakeGithubApi } from "../tests/support/fake-github-api";
import { startFakeGitlabApi, type FakeGitlabApi } from "../tests/support/fake-gitlab-api";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// RepoUrlPicker's autocomplete over HTTP: the built server asks faithful
// fakes of GitHub, GitLab and Bitbucket Cloud with the token the caller sends.

let github: FakeGithubApi;
let gitlab: FakeGitlabApi;
let bitbucket: FakeBitbucketCloudApi;
let server: RunningServer;

beforeAll(async () => {
  [github, gitlab, bitbucket] = await Promise.all([
    startFakeGithubApi({ orgs: [{ login: "acme" }] }),
    startFakeGitlabApi({ groups: ["platform", "platform/services"] }),
    startFakeBitbucketCloudApi({ workspaces: { acme: ["PLAT", "WEB"], labs: [] } }),
  ]);
  github.addRepo("acme", "shop");
  github.addRepo("octocat", "dotfiles");
  server = await startServer(`
integrations:
  github:
    - host: ${github.host}
      apiBaseUrl: ${github.apiBaseUrl}
  gitlab:
    - host: ${gitlab.host}
      baseUrl: ${gitlab.url}
      apiBaseUrl: ${gitlab.apiBaseUrl}
  bitbucketCloud:
    - host: ${bitbucket.host}
      apiBaseUrl: ${bitbucket.apiBaseUrl}
`);
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([github?.close(), gitlab?.close(), bitbucket?.close()]);
});

function ask(provider: string, resource: string, body: unknown, headers: Record<string, string> = API_AUTHORIZATION) {
  return fetch(`${server.url}/api/scaffolder/v2/autocomplete/${provider}/${resource}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("POST /api/scaffolder/v2/autocomplete/:provider/:resource", () => {
  it("lists the GitHub repositories the token sees, as owner/name", async () => {
    const response = await ask("github", "repositoriesWithOwner", { token: github.token, context: { host: github.host } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [{ id: "acme/shop" }, { id: "octocat/dotfiles" }] });
    expect(github.requests.at(-1)).toMatchObject({ path: "/api/v3/user/repos?per_page=100&page=1", authorization: `token ${github.token}` });
  });

  it("lists GitLab groups and a group's projects", async () => {
    const project = await fetch(`${gitlab.apiBaseUrl}/projects`, {
      method: "POST",
      headers: { "private-token": gitlab.token, "content-type": "application/json" },
      body: JSON.stringify({ name: "billing", namespace_id: gitlab.groups[1].id }),
    });
    const { id } = (await project.json()) as { id: number };
    const groups = await ask("gitlab", "groups", { token: gitlab.token, context: { host: gitlab.host } });
    expect(await groups.json()).toEqual({ results: gitlab.groups.map((group) => ({ title: group.full_path, id: String(group.id) })) });
    const repositories = await ask("gitlab", "repositories", { token: gitlab.token, context: { host: gitlab.host, id: String(gitlab.groups[1].id) } });
    expect(await repositories.json()).toEqual({ results: [{ title: "billing", id: String(id) }] });
    const missing = await ask("gitlab", "repositories", { token: gitlab.token, context: { host: gitlab.host } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toEqual({ name: "InputError", message: "Missing groupId" });
  });

  it("lists Bitbucket Cloud workspaces, a workspace's projects and a project's repositories", async () => {
    await fetch(`${bitbucket.apiBaseUrl}/repositories/acme/site`, {
      method: "POST",
      headers: { authorization: `Bearer ${bitbucket.token}`, "content-type": "application/json" },
      body: JSON.stringify({ project: { key: "WEB" } }),
    });
    await fetch(`${bitbucket.apiBaseUrl}/repositories/acme/api`, {
      method: "POST",
      headers: { authorization: `Bearer ${bitbucket.token}`, "content-type": "application/json" },
      body: JSON.stringify({ project: { key: "PLAT" } }),
    });
    expect(await (await ask("bitbucket-cloud", "workspaces", { token: bitbucket.token })).json()).toEqual({ results: [{ id: "acme" }, { id: "labs" }] });
    expect(await (await ask("bitbucket-cloud", "projects", { token: bitbucket.token, context: { workspace: "acme" } })).json()).toEqual({ results: [{ id: "PLAT" }, { id: "WEB" }] });
    expect(await (await ask("bitbucket-cloud", "repositories", { token: bitbucket.token, context: { workspace: "acme", project: "WEB" } })).json()).toEqual({ results: [{ id: "site" }] });
    const noWorkspace = await ask("bitbucket-cloud", "projects", { token: bitbucket.token, context: {} });
    expect(noWorkspace.status).toBe(400);
    expect((await noWorkspace.json()).error.message).toBe("Missing workspace context parameter");
  });

  it("answers Backstage's errors for an unknown provider or resource and a missing token", async () => {
    const provider = await ask("gitea", "repos", { token: "t" });
    expect(provider.status).toBe(400);
    expect(await provider.json()).toMatchObject({ error: { name: "InputError", message: "Unsupported provider: gitea" }, response: { statusCode: 400 } });
    const resource = await ask("github", "branches", { token: "t", context: { host: github.host } });
    expect(resource.status).toBe(400);
    expect((await resource.json()).error.message).toBe("Invalid resource: branches");
    const token = await ask("github", "repositoriesWithOwner", { context: { host: github.host } });
    expect(token.status).toBe(400);
    expect((await token.json()).error.message).toBe("Missing token query parameter");
  });

  it("asks only configured hosts, answers a bad token with 400 without echoing it, and needs the caller's credentials", async () => {
    const before = github.requests.length;
    const elsewhere = await ask("github", "repositoriesWithOwner", { token: "t", context: { host: "169.254.169.254" } });
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error.message).toBe("No matching integration configuration for host 169.254.169.254, please check your integrations config");
    const wrong = await ask("github", "repositoriesWithOwner", { token: "wrong-secret-token", context: { host: github.host } });
    expect(wrong.status).toBe(400);
    const text = await wrong.text();
    expect(text).toContain("Bad credentials");
    expect(text).not.toContain("wrong-secret-token");
    expect(github.requests.length).toBe(before + 1);
    const anonymous = await ask("github", "repositoriesWithOwner", { token: github.token, context: { host: github.host } }, {});
    expect(anonymous.status).toBe(401);
    expect(server.output()).not.toContain(github.token);
    expect(server.output()).not.toContain("wrong-secret-token");
  });
});

describe("GET /api/scaffolder/v2/integrations", () => {
  it("lists the hosts a repository picker offers, restricted to allowedHosts in their order, and needs credentials", async () => {
    const all = (await (await fetch(`${server.url}/api/scaffolder/v2/integrations`, { headers: API_AUTHORIZATION })).json()) as { integrations: Array<{ host: string; type?: string }> };
    expect(all.integrations).toEqual(
      expect.arrayContaining([
        { host: github.host, title: github.host, type: "github" },
        { host: gitlab.host, title: gitlab.host, type: "gitlab" },
        { host: "github.com", title: "github.com", type: "github" },
      ]),
    );
    const allowed = await fetch(`${server.url}/api/scaffolder/v2/integrations?allowedHosts=${gitlab.host}&allowedHosts=${github.host}`, { headers: API_AUTHORIZATION });
    expect(await allowed.json()).toEqual({
      integrations: [
        { host: gitlab.host, title: gitlab.host, type: "gitlab" },
        { host: github.host, title: github.host, type: "github" },
      ],
    });
    expect((await fetch(`${server.url}/api/scaffolder/v2/integrations`)).status).toBe(401);
  });
});

describe("the publishers", () => {
  it("are installed actions, listed with their schemas by GET /api/scaffolder/v2/actions", async () => {
    const response = await fetch(`${server.url}/api/scaffolder/v2/actions`, { headers: API_AUTHORIZATION });
    const actions = (await response.json()) as Array<{ id: string; schema: { input?: { required?: string[] } } }>;
    for (const id of ["publish:github", "publish:github:pull-request", "publish:gitlab", "publish:azure", "publish:bitbucketCloud"]) {
      expect(actions.find((action) => action.id === id)?.schema.input?.required).toContain("repoUrl");
    }
  });
});
