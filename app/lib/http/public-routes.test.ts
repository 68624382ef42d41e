import { describe, expect, it } from "vitest";
import { isApiPath, isPublicApiPath } from "./public-routes";

describe("the public /api routes", () => {
  it.each([
    "/api/auth/.well-known/jwks.json",
    "/api/auth/%6Fidc/start",
    "/api/auth/oidc/start",
    "/api/auth/github/handler/frame",
    "/api/auth/oidc/refresh",
    "/api/auth/oidc/logout",
    "/api/auth/dev-idp/auth",
    "/API/Auth/OIDC/start",
  ])("lets %s through without credentials", (path) => {
    expect(isPublicApiPath(path)).toBe(true);
  });

  it.each([
    "/api/catalog/entities",
    "/api/auth/oidc/start/more",
    "/api/auth/oidc",
    "/api/authx/oidc/start",
    "/api/permission/authorize",
    "/api/user-settings/buckets/b/keys/k",
    "/api/auth",
    "/api/auth%2Foidc%2Fstart",
  ])("keeps %s behind the door", (path) => {
    expect(isApiPath(path)).toBe(true);
    expect(isPublicApiPath(path)).toBe(false);
  });

  it("sees an /api path however its case or slashes are written, as the router matches it", () => {
    for (const path of ["/API/catalog/refresh", "//api/catalog/refresh", "/api//catalog/refresh", "/Api", "/%61pi/catalog/refresh", "/api/%61uth/oidc/st%61rt/x"])
      expect([path, isApiPath(path), isPublicApiPath(path)]).toEqual([path, true, false]);
    for (const path of ["/apis", "/catalog/api", "/.backstage/auth/v1/cookie"]) expect([path, isApiPath(path)]).toEqual([path, false]);
  });
});
