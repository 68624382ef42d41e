import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeBitbucketCloudApi, type FakeBitbucketCloudApi } from "../../../../../tests/support/fake-bitbucket-cloud-api";
import { createPublishBitbucketCloudAction } from "./bitbucket-cloud.server";
import { runAction } from "./test-context";

let bitbucket: FakeBitbucketCloudApi;

beforeAll(async () => {
  bitbucket = await startFakeBitbucketCloudApi({ workspaces: { acme: ["PLAT"] } });
});
afterAll(async () => {
  await bitbucket?.close();
});

describe("publish:bitbucketCloud", { timeout: 60_000 }, () => {
  it("creates the repository in the workspace's project and pushes the workspace with an access token", async () => {
    const action = createPublishBitbucketCloudAction({ integrations: { bitbucketCloud: [{ host: bitbucket.host, apiBaseUrl: bitbucket.apiBaseUrl, token: bitbucket.token }] } });
    const run = await runAction(
      action,
      { repoUrl: `${bitbucket.host}?workspace=acme&project=PLAT&repo=site`, description: "The site", repoVisibility: "public", defaultBranch: "main" },
      {
        files: { "index.html": "<h1>hi</h1>\n" },
      },
    );
    expect(bitbucket.git.files("acme/site.git", "main")).toEqual(["index.html"]);
    expect(bitbucket.repos[0]).toMatchObject({ slug: "site", project: "PLAT", description: "The site", is_private: false });
    expect(run.outputs).toEqual({
      commitHash: bitbucket.git.head("acme/site.git", "main"),
      remoteUrl: `http://jane@${bitbucket.host}/acme/site.git`,
      repoContentsUrl: `${bitbucket.url}/acme/site/src/main`,
    });
    expect(JSON.stringify(run.outputs) + run.logs.join("\n")).not.toContain(bitbucket.token);
  });

  it("authenticates with the integration's username and app password", async () => {
    const action = createPublishBitbucketCloudAction({
      integrations: { bitbucketCloud: [{ host: bitbucket.host, apiBaseUrl: bitbucket.apiBaseUrl, username: bitbucket.username, appPassword: bitbucket.appPassword }] },
    });
    await runAction(action, { repoUrl: `${bitbucket.host}?workspace=acme&project=PLAT&repo=app` });
    expect(bitbucket.git.files("acme/app.git", "master")).toEqual(["README.md"]);
    expect(bitbucket.repos.find((repo) => repo.slug === "app")?.is_private).toBe(true);
  });

  it("requires workspace, project and repo, and answers Bitbucket's refusal of an existing repository", async () => {
    const action = createPublishBitbucketCloudAction({ integrations: { bitbucketCloud: [{ host: bitbucket.host, apiBaseUrl: bitbucket.apiBaseUrl, token: bitbucket.token }] } });
    await expect(runAction(action, { repoUrl: `${bitbucket.host}?project=PLAT&repo=x` })).rejects.toThrow("missing workspace");
    await expect(runAction(action, { repoUrl: `${bitbucket.host}?workspace=acme&repo=x` })).rejects.toThrow("missing project");
    await expect(runAction(action, { repoUrl: `${bitbucket.host}?workspace=acme&project=PLAT&repo=site` })).rejects.toThrow("Repository with this Slug and Owner already exists.");
  });
});
