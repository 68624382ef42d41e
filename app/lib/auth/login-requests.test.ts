import { describe, expect, it } from "vitest";
import { formatLoginRequestParam, parseLoginRequestParam } from "./login-requests";

describe("login requests in the URL", () => {
  it("name a provider and optional extra scopes", () => {
    expect(parseLoginRequestParam("github")).toEqual({ provider: "github", scopes: [] });
    expect(parseLoginRequestParam("github:repo,read:org")).toEqual({ provider: "github", scopes: ["read:org", "repo"] });
    expect(formatLoginRequestParam({ provider: "github", scopes: ["read:org", "repo"] })).toBe("github:read:org,repo");
  });

  it("ignore anything else", () => {
    expect(parseLoginRequestParam("<script>")).toBeUndefined();
    expect(parseLoginRequestParam("github:repo\"")).toBeUndefined();
    expect(parseLoginRequestParam("")).toBeUndefined();
  });
});
