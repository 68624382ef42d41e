import { describe, expect, it } from "vitest";
import { allowedRedirectUrl, isAppOrigin } from "./redirects";

const ROOT = { baseUrl: "https://corp.example", basePath: "" };
const PORTAL = { baseUrl: "https://corp.example/portal", basePath: "/portal" };

describe("allowedRedirectUrl", () => {
  it("keeps targets inside the app, absolute or relative", () => {
    expect(allowedRedirectUrl("https://corp.example/settings?tab=x", ROOT)).toBe("https://corp.example/settings?tab=x");
    expect(allowedRedirectUrl("/catalog", ROOT)).toBe("https://corp.example/catalog");
    expect(allowedRedirectUrl("https://corp.example/portal/settings", PORTAL)).toBe("https://corp.example/portal/settings");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "https://corp.example.evil.example/",
    "http://corp.example/",
    "https://user:pass@corp.example/",
    "javascript:alert(1)",
    "data:text/html,hi",
    "https://corp.example/\u0000",
    "https:/\tevil.example",
  ])("refuses %s", (target) => {
    expect(allowedRedirectUrl(target, ROOT)).toBeUndefined();
  });

  it("refuses paths of the same origin outside the base path", () => {
    expect(allowedRedirectUrl("https://corp.example/other-app", PORTAL)).toBeUndefined();
    expect(allowedRedirectUrl("https://corp.example/portalx", PORTAL)).toBeUndefined();
  });
});

describe("isAppOrigin", () => {
  it("accepts only the app's own origin", () => {
    expect(isAppOrigin("https://corp.example", PORTAL)).toBe(true);
    expect(isAppOrigin("https://corp.example:444", PORTAL)).toBe(false);
    expect(isAppOrigin("null", PORTAL)).toBe(false);
  });
});
