import { describe, expect, it } from "vitest";
import { formatLoginRequestParam, parseLoginRequestParam, sourceControlNeed } from "./login-requests";

describe("login requests in the URL", () => {
  it("name a provider and optional extra scopes", () => {
    expect(parseLoginRequestParam("github")).toEqual({ provider: "github", scopes: [] });
    expect(parseLoginRequestParam("github:repo,read:org")).toEqual({ provider: "github", scopes: ["read:org", "repo"] });
    expect(formatLoginRequestParam({ provider: "github", scopes: ["read:org", "repo"] })).toBe("github:read:org,repo");
  });

  it("ignore anything else", () => {
    expect(parseLoginRequestParam("<script>")).toBeUndefined();
    expect(parseLoginRequestParam('github:repo"')).toBeUndefined();
    expect(parseLoginRequestParam("")).toBeUndefined();
  });
});

describe("source-control needs", () => {
  it("ask for the host's read scopes, the write scopes when pushing, and custom scopes", () => {
    expect(sourceControlNeed("github")).toEqual({ provider: "github", scopes: ["read:org", "read:user", "repo"] });
    expect(sourceControlNeed("github", { write: true, scopes: ["workflow"] })).toEqual({ provider: "github", scopes: ["gist", "read:org", "read:user", "repo", "workflow"] });
    expect(sourceControlNeed("gitlab", { write: true }).scopes).toEqual(["api", "read_api", "read_repository", "read_user", "write_repository"]);
  });
});
