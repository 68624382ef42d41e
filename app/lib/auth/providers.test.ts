import { describe, expect, it } from "vitest";
import { hasScopes, microsoftResourceForScopes, normalizeScopes, PROVIDERS } from "./providers";

describe("providers", () => {
  it("ask for Backstage's default scopes", () => {
    expect(PROVIDERS.google.defaultScopes).toEqual(["openid", "https://www.googleapis.com/auth/userinfo.email", "https://www.googleapis.com/auth/userinfo.profile"]);
    expect(PROVIDERS.microsoft.defaultScopes).toEqual(["openid", "offline_access", "profile", "email", "User.Read"]);
    expect(PROVIDERS.github.defaultScopes).toEqual(["read:user"]);
    expect(PROVIDERS.gitlab.defaultScopes).toEqual(["read_user"]);
    expect(PROVIDERS.okta.defaultScopes).toEqual(["openid", "email", "profile", "offline_access"]);
    expect(PROVIDERS.bitbucket.defaultScopes).toEqual(["account"]);
    expect(PROVIDERS.bitbucketServer.defaultScopes).toEqual(["PROJECT_ADMIN"]);
    expect(PROVIDERS.vmwareCloudServices.defaultScopes).toEqual(["openid"]);
    expect(PROVIDERS.openshift.defaultScopes).toEqual(["user:info"]);
  });

  it("merge scopes from strings and lists into one sorted set", () => {
    expect(normalizeScopes(["read:user"], "repo, read:org  repo", undefined)).toEqual(["read:org", "read:user", "repo"]);
    expect(hasScopes(["a", "b"], ["b"])).toBe(true);
    expect(hasScopes(["a"], ["a", "b"])).toBe(false);
  });

  it("refuse Microsoft scopes from several resources, as one token has one audience", () => {
    expect(microsoftResourceForScopes(["openid", "profile", "User.Read"])).toEqual({ resource: "00000003-0000-0000-c000-000000000000" });
    expect(microsoftResourceForScopes(["api://my-api/read", "openid"])).toEqual({ resource: "my-api" });
    expect(microsoftResourceForScopes(["User.Read", "api://my-api/read"])).toEqual({
      error: "Requested access token with scopes from multiple Azure resources: 00000003-0000-0000-c000-000000000000, my-api. Access tokens can only have a single audience.",
    });
  });
});
