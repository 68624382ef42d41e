import { describe, expect, it } from "vitest";
import { configSchema } from "./schema";
import { createDiscovery, resolvePluginUrl } from "./discovery";
import { backendBaseUrlOf, internalBaseUrlOf } from "./runtime";

describe("resolvePluginUrl", () => {
  it("serves every plugin at {backend.baseUrl}/api/{pluginId} by default", () => {
    expect(resolvePluginUrl("catalog", { backendBaseUrl: "https://corp.example/portal/", endpoints: [] })).toBe("https://corp.example/portal/api/catalog");
  });

  it("uses a configured endpoint, internal or external", () => {
    const endpoints = [{ target: { internal: "http://search.internal/api/{{ pluginId }}", external: "https://search.example/api/{{pluginId}}" }, plugins: ["search"] }];
    expect(resolvePluginUrl("search", { backendBaseUrl: "http://x", endpoints, kind: "internal" })).toBe("http://search.internal/api/search");
    expect(resolvePluginUrl("search", { backendBaseUrl: "http://x", endpoints })).toBe("https://search.example/api/search");
    expect(resolvePluginUrl("catalog", { backendBaseUrl: "http://x", endpoints })).toBe("http://x/api/catalog");
  });
});

describe("createDiscovery", () => {
  it("answers external URLs from backend.baseUrl and internal ones from the listen address", async () => {
    const config = configSchema.parse({
      app: { baseUrl: "https://corp.example/portal" },
      backend: { baseUrl: "https://corp.example/portal", listen: { port: 7100 } },
    });
    const discovery = createDiscovery({
      externalBaseUrl: backendBaseUrlOf(config),
      internalBaseUrl: internalBaseUrlOf(config),
      endpoints: config.discovery.endpoints,
    });
    expect(await discovery.getExternalBaseUrl("catalog")).toBe("https://corp.example/portal/api/catalog");
    expect(await discovery.getBaseUrl("catalog")).toBe("http://localhost:7100/portal/api/catalog");
  });
});
