import { afterEach, describe, expect, it, vi } from "vitest";
import { isJavascriptUrl, JavascriptUrlError, resolveHref, routerPath, safeRedirectPath, safeWindowOpen } from "./links";

describe("isJavascriptUrl", () => {
  it.each(["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "\u0001javascript:x"])("rejects %j", (url) => expect(isJavascriptUrl(url)).toBe(true));
  it.each(["https://example.com/javascript:", "/catalog", "mailto:a@b.c"])("accepts %j", (url) => expect(isJavascriptUrl(url)).toBe(false));
});

describe("resolveHref", () => {
  it("adds the base path to in-app paths that lack it", () => {
    expect(resolveHref("/catalog", "/portal")).toBe("/portal/catalog");
    expect(resolveHref("/portal/catalog", "/portal")).toBe("/portal/catalog");
    expect(resolveHref("/portal", "/portal")).toBe("/portal");
    expect(resolveHref("/portals", "/portal")).toBe("/portal/portals");
  });
  it("leaves external, protocol-relative and relative links alone", () => {
    expect(resolveHref("https://example.com/x", "/portal")).toBe("https://example.com/x");
    expect(resolveHref("//cdn.example/x", "/portal")).toBe("//cdn.example/x");
    expect(resolveHref("docs/index", "/portal")).toBe("docs/index");
  });
  it("throws for javascript: URLs as a security precaution", () => {
    expect(() => resolveHref("javascript:alert(1)", "")).toThrow(JavascriptUrlError);
  });
});

describe("routerPath", () => {
  it("strips the base path, which the router's basename adds back", () => {
    expect(routerPath("/portal/settings", "/portal")).toBe("/settings");
    expect(routerPath("/portal", "/portal")).toBe("/");
    expect(routerPath("/settings", "/portal")).toBe("/settings");
    expect(routerPath("/settings", "")).toBe("/settings");
  });
});

describe("safeRedirectPath", () => {
  it("allows paths of this app", () => {
    expect(safeRedirectPath("/settings?tab=general", "")).toBe("/settings?tab=general");
    expect(safeRedirectPath("/portal/settings", "/portal")).toBe("/settings");
  });
  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example", "evil", "/x\r\nLocation: //evil", 42, undefined])("refuses the open redirect %j", (target) =>
    expect(safeRedirectPath(target, "", "/")).toBe("/"),
  );
  it("percent-encodes what a Location header cannot carry, and falls back where nothing can encode it", () => {
    expect(safeRedirectPath("/\u560a?q=caf\u00e9 \u{1f600}", "")).toBe("/%E5%98%8A?q=caf%C3%A9 %F0%9F%98%80");
    expect(safeRedirectPath("/portal/docs/\u560a", "/portal")).toBe("/docs/%E5%98%8A");
    expect(safeRedirectPath("/\ud800", "", "/home")).toBe("/home");
  });
});

describe("safeWindowOpen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens http(s) URLs without giving the new window a handle on this one", () => {
    const open = vi.fn(() => null);
    vi.stubGlobal("window", { open });
    safeWindowOpen("https://example.com/docs");
    expect(open).toHaveBeenCalledWith("https://example.com/docs", "_blank", "noopener,noreferrer");
  });

  it("refuses javascript: URLs as a security precaution", () => {
    const open = vi.fn(() => null);
    vi.stubGlobal("window", { open });
    expect(() => safeWindowOpen("javascript:alert(1)")).toThrow("Rejected window.open() of a javascript: URL as a security precaution");
    expect(open).not.toHaveBeenCalled();
  });
});
