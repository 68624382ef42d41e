import { describe, expect, it } from "vitest";
import { integrationByHost, scmIntegrations } from "../../../integrations/scm-integrations";
import { parseRepoUrl } from "./repo-url";

const integrations = scmIntegrations({
  github: [{ host: "ghe.example.com", token: "t" }],
  gitlab: [{ host: "gitlab.example.com", baseUrl: "https://gitlab.example.com/gl" }],
  azure: [{ host: "dev.azure.com" }],
  bitbucketCloud: [{ username: "u", appPassword: "p" }],
});

describe("integrations", () => {
  it("derive API base URLs as Backstage does and know the public hosts without configuration", () => {
    expect(integrationByHost(integrations, "ghe.example.com")).toMatchObject({ type: "github", apiBaseUrl: "https://ghe.example.com/api/v3", token: "t" });
    expect(integrationByHost(integrations, "github.com")).toMatchObject({ type: "github", apiBaseUrl: "https://api.github.com" });
    expect(integrationByHost(integrations, "gitlab.example.com")).toMatchObject({ type: "gitlab", apiBaseUrl: "https://gitlab.example.com/gl/api/v4" });
    expect(integrationByHost(integrations, "bitbucket.org")).toMatchObject({ type: "bitbucketCloud", apiBaseUrl: "https://api.bitbucket.org/2.0", username: "u", appPassword: "p" });
    expect(integrationByHost(integrations, "GitHub.com")?.type).toBe("github");
    expect(integrationByHost(integrations, "intranet.example.com")).toBeUndefined();
  });
});

describe("parseRepoUrl", () => {
  it("reads the host and the query's parts", () => {
    expect(parseRepoUrl("ghe.example.com?owner=acme&repo=shop", integrations)).toMatchObject({ host: "ghe.example.com", owner: "acme", repo: "shop" });
    expect(parseRepoUrl("gitlab.example.com?owner=group%2Fsub&repo=x", integrations)).toMatchObject({ owner: "group/sub", repo: "x" });
    expect(parseRepoUrl("dev.azure.com?organization=o&project=p&repo=r", integrations)).toEqual(expect.objectContaining({ organization: "o", project: "p", repo: "r" }));
    expect(parseRepoUrl("bitbucket.org?workspace=w&project=P&repo=r", integrations)).toMatchObject({ workspace: "w", project: "P", repo: "r" });
  });

  it("requires each host type's parts, with Backstage's messages", () => {
    expect(() => parseRepoUrl("github.com?repo=x", integrations)).toThrow("Invalid repo URL passed to publisher: https://github.com/?repo=x, missing owner");
    expect(() => parseRepoUrl("dev.azure.com?organization=o&repo=r", integrations)).toThrow("missing project");
    expect(() => parseRepoUrl("bitbucket.org?workspace=w&repo=r", integrations)).toThrow("missing project");
    expect(() => parseRepoUrl("gitlab.example.com?owner=g", integrations)).toThrow("missing repo");
  });

  it("refuses what is not exactly a configured host and a query", () => {
    for (const value of [
      "https://github.com?owner=a&repo=b",
      "github.com/evil?owner=a&repo=b",
      "evil.com#@github.com?owner=a&repo=b",
      "a@github.com?owner=a&repo=b",
      "git hub.com?owner=a&repo=b",
      "",
    ]) {
      expect(() => parseRepoUrl(value, integrations), value).toThrow(/Invalid repo URL passed to publisher, got/);
    }
    expect(() => parseRepoUrl("localhost:5432?owner=a&repo=b", integrations)).toThrow("No matching integration configuration for host localhost:5432, please check your integrations config");
  });
});
