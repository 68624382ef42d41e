import { describe, expect, it } from "vitest";
import { resolvePluginUrl } from "./discovery";

describe("resolvePluginUrl", () => {
  it("serves every plugin at {backend.baseUrl}/api/{pluginId} by default", () => {
    expect(resolvePluginUrl("catalog", { backendBaseUrl: "https://corp.example/portal/", endpoints: [] })).toBe(
      "https://corp.example/portal/api/catalog",
    );
  });

  it("uses a configured endpoint, internal or external", () => {
    const endpoints = [
      { target: { internal: "http://search.internal/api/{{ pluginId }}", external: "https://search.example/api/{{pluginId}}" }, plugins: ["search"] },
    ];
    expect(resolvePluginUrl("search", { backendBaseUrl: "http://x", endpoints, kind: "internal" })).toBe("http://search.internal/api/search");
    expect(resolvePluginUrl("search", { backendBaseUrl: "http://x", endpoints })).toBe("https://search.example/api/search");
    expect(resolvePluginUrl("catalog", { backendBaseUrl: "http://x", endpoints })).toBe("http://x/api/catalog");
  });
});
