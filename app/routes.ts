import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Atrium's whole URL space, grouped by area. Paths are relative to the base
// path (app.baseUrl), which the server applies at run time.
export default [
  // Shell
  index("routes/home.tsx"),
  route("shell/sidebar", "routes/shell/sidebar.ts"),

  // User settings
  route("settings", "routes/settings.tsx"),

  // The REST API: unknown plugin paths answer in Backstage's JSON error shape
  route("api/*", "routes/api/not-found.ts"),

  // Everything else is the 404 page
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
