// Discovery: where each plugin's API lives. By default every plugin is served
// by this process at {backend.baseUrl}/api/{pluginId}; discovery.endpoints may
// point some plugins elsewhere, as Backstage's HostDiscovery allows.

export const DEFAULT_DISCOVERY_PATTERN = "/api/{pluginId}";

type Endpoint = { target: string | { internal: string; external: string }; plugins: string[] };

const PLUGIN_PLACEHOLDER = /\{\{\s*pluginId\s*\}\}/g;

/** A discovery URL must be a valid URL with no hash, no query and no trailing slash. */
export function discoveryUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be a valid URL";
  }
  if (parsed.hash || url.includes("#")) return "must not have a hash";
  if (parsed.search || url.includes("?")) return "must not have a query";
  if (url.endsWith("/")) return "must not have a trailing slash";
  return undefined;
}

export function validateDiscovery(endpoints: Endpoint[]): string[] {
  return [...endpoints.flatMap(urlProblems), ...duplicatePlugins(endpoints)];
}

function urlProblems(endpoint: Endpoint, index: number): string[] {
  const targets =
    typeof endpoint.target === "string"
      ? [["target", endpoint.target]]
      : [
          ["target.internal", endpoint.target.internal],
          ["target.external", endpoint.target.external],
        ];
  return targets.flatMap(([key, url]) => {
    const problem = discoveryUrlProblem(url.replace(PLUGIN_PLACEHOLDER, "plugin"));
    return problem ? [`Invalid config value at 'discovery.endpoints[${index}].${key}': ${problem}`] : [];
  });
}

/** Plugin ids must be unique: one plugin, one place to find it. */
function duplicatePlugins(endpoints: Endpoint[]): string[] {
  const firstSeen = new Map<string, number>();
  return endpoints.flatMap((endpoint, index) =>
    endpoint.plugins.flatMap((plugin) => {
      const earlier = firstSeen.get(plugin);
      if (earlier === undefined) {
        firstSeen.set(plugin, index);
        return [];
      }
      return [`Invalid config value at 'discovery.endpoints[${index}].plugins': Duplicate plugin found '${plugin}', also in discovery.endpoints[${earlier}]`];
    }),
  );
}

/** Resolves a plugin's base URL; `kind` picks internal or external targets. */
export function resolvePluginUrl(pluginId: string, options: { backendBaseUrl: string; endpoints: Endpoint[]; kind?: "internal" | "external" }): string {
  const endpoint = options.endpoints.find((candidate) => candidate.plugins.includes(pluginId));
  if (endpoint) {
    const target = typeof endpoint.target === "string" ? endpoint.target : endpoint.target[options.kind ?? "external"];
    return target.replace(PLUGIN_PLACEHOLDER, encodeURIComponent(pluginId));
  }
  const base = options.backendBaseUrl.replace(/\/+$/, "");
  return `${base}${DEFAULT_DISCOVERY_PATTERN.replace("{pluginId}", encodeURIComponent(pluginId))}`;
}

/** Backstage's DiscoveryService: where a plugin's API is, from inside (this host) and from outside. */
export type Discovery = {
  getBaseUrl(pluginId: string): Promise<string>;
  getExternalBaseUrl(pluginId: string): Promise<string>;
};

export function createDiscovery(options: { externalBaseUrl: string; internalBaseUrl: string; endpoints: Endpoint[] }): Discovery {
  return {
    getBaseUrl: async (pluginId) => resolvePluginUrl(pluginId, { backendBaseUrl: options.internalBaseUrl, endpoints: options.endpoints, kind: "internal" }),
    getExternalBaseUrl: async (pluginId) => resolvePluginUrl(pluginId, { backendBaseUrl: options.externalBaseUrl, endpoints: options.endpoints, kind: "external" }),
  };
}
