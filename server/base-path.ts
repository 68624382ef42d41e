import type { ServerBuild } from "react-router";

// One build serves any path prefix: the prefix from app.baseUrl is applied to
// React Router's basename and to every URL in its asset manifest here, at
// start-up, instead of being baked in by Vite (decision 002).

type Manifest = ServerBuild["assets"];

const URL_FIELDS = ["module", "clientActionModule", "clientLoaderModule", "clientMiddlewareModule", "hydrateFallbackModule"];

export function withBasePath(build: ServerBuild, basePath: string): ServerBuild {
  if (!basePath) return build;
  const prefix = (url: string) => (url.startsWith("/") && !url.startsWith(`${basePath}/`) ? `${basePath}${url}` : url);
  const prefixEntry = <T extends object>(entry: T): T => {
    const result: Record<string, unknown> = { ...(entry as Record<string, unknown>) };
    for (const field of URL_FIELDS) if (typeof result[field] === "string") result[field] = prefix(result[field] as string);
    for (const field of ["imports", "css"]) {
      if (Array.isArray(result[field])) result[field] = (result[field] as string[]).map(prefix);
    }
    return result as T;
  };
  const assets: Manifest = {
    ...build.assets,
    url: prefix(build.assets.url),
    entry: prefixEntry(build.assets.entry),
    routes: Object.fromEntries(Object.entries(build.assets.routes).map(([id, route]) => [id, route && prefixEntry(route)])) as Manifest["routes"],
  };
  // The trailing slash makes the router's home "/portal/", not "/portal": its data
  // requests ("/portal/_.data", never "/portal.data") then stay inside the
  // cookies' Path=/portal.
  return { ...build, basename: `${basePath}/`, publicPath: `${basePath}${build.publicPath}`, assets };
}
