import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// Atrium's whole URL space, grouped by area. Paths are relative to the base
// path (app.baseUrl), which the server applies at run time.
export default [
  // Shell
  index("routes/home.tsx"),
  route("shell/sidebar", "routes/shell/sidebar.ts"),

  // Catalog
  route("catalog", "routes/catalog/index.tsx"),
  route("catalog/star", "routes/catalog/star.ts"),
  route("catalog/:namespace/:kind/:name/*", "routes/catalog/entity.tsx"),
  // How entities relate, with Backstage's query parameters
  route("catalog-graph", "routes/catalog-graph.tsx"),
  route("catalog-import", "routes/catalog-import.tsx"),

  // Search over the catalog and the docs
  route("search", "routes/search.tsx"),

  // Docs (TechDocs): the index, the add-ons' settings post, the reader (Backstage's techdocs.docRoot)
  route("docs", "routes/docs/index.tsx"),
  route("docs/text-size", "routes/docs/text-size.ts"),
  route("docs/:namespace/:kind/:name/*", "routes/docs/reader.tsx"),

  // Sign-in and sessions
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route(".backstage/auth/v1/cookie", "routes/app-cookie.ts"),
  route("auth/login-request", "routes/auth/login-request.ts"),

  // User settings
  route("settings", "routes/settings.tsx"),
  route("settings/feature-flags", "routes/settings/feature-flags.tsx"),
  route("settings/auth-providers", "routes/settings.auth-providers.tsx"),
  // Why can or can't a user do something (the permission policy explained)
  route("settings/access", "routes/settings.access.tsx"),
  // Dismiss a banner for good (the UI kit's DismissibleBanner posts here)
  route("settings/banners/dismiss", "routes/settings/dismiss-banner.ts"),
  // Keep the stars this browser made as a guest, after signing in
  route("settings/guest-stars/keep", "routes/settings/keep-guest-stars.ts"),

  // The embedded default's git host (publish:git): its repositories' pages,
  // and `git clone {baseUrl}/git/:owner/:repo.git`, read-only (upload-pack only)
  route("git", "routes/git/index.tsx"),
  route("git/:owner/:repo/info/refs", "routes/git/info-refs.ts"),
  route("git/:owner/:repo/git-upload-pack", "routes/git/upload-pack.ts"),
  route("git/:owner/:repo/*", "routes/git/repository.tsx"),

  // Scaffolder
  route("create", "routes/create/index.tsx"),
  route("create/templates/:namespace/:templateName", "routes/create/template.tsx"),
  route("create/templates/:templateName", "routes/create/template.tsx", { id: "routes/create/template-legacy" }),
  route("create/tasks", "routes/create/tasks.tsx"),
  route("create/tasks/:taskId", "routes/create/task.tsx"),
  route("create/actions", "routes/create/actions.tsx"),
  route("create/templating-extensions", "routes/create/templating-extensions.tsx"),
  route("create/edit", "routes/create/edit.tsx"),
  route("create/template", "routes/create/template-editor.tsx"),
  route("create/template/results/:resultId/zip", "routes/create/dry-run-zip.ts"),
  route("create/template-form", "routes/create/template-form.tsx"),
  route("create/custom-fields", "routes/create/custom-fields.tsx"),

  // Development only: the UI kit's gallery (404 outside the development auth environment)
  route("dev/ui-kit", "routes/dev/ui-kit.tsx"),

  // The catalog's REST API, Backstage's paths (routes/api/catalog)
  ...prefix("api/catalog", [
    route("entities", "routes/api/catalog/entities.ts"),
    route("entities/by-query", "routes/api/catalog/entities-by-query.ts"),
    route("entities/by-refs", "routes/api/catalog/entities-by-refs.ts"),
    route("entities/by-name/:kind/:namespace/:name", "routes/api/catalog/entity-by-name.ts"),
    route("entities/by-name/:kind/:namespace/:name/ancestry", "routes/api/catalog/entity-ancestry.ts"),
    route("entities/by-uid/:uid", "routes/api/catalog/entity-by-uid.ts"),
    route("entity-facets", "routes/api/catalog/entity-facets.ts"),
    route("refresh", "routes/api/catalog/refresh.ts"),
    route("validate-entity", "routes/api/catalog/validate-entity.ts"),
    route("analyze-location", "routes/api/catalog/analyze-location.ts"),
    route("locations", "routes/api/catalog/locations.ts"),
    route("locations/by-query", "routes/api/catalog/locations-by-query.ts"),
    route("locations/by-entity/:kind/:namespace/:name", "routes/api/catalog/location-by-entity.ts"),
    route("locations/:id", "routes/api/catalog/location-by-id.ts"),
  ]),

  // The scaffolder's REST API, Backstage's paths (routes/api/scaffolder)
  ...prefix("api/scaffolder/v2", [
    route("templates/:namespace/:kind/:name/parameter-schema", "routes/api/scaffolder/parameter-schema.ts"),
    route("templating-extensions", "routes/api/scaffolder/templating-extensions.ts"),
    route("actions", "routes/api/scaffolder/actions.ts"),
    route("integrations", "routes/api/scaffolder/integrations.ts"),
    route("autocomplete/:provider/:resource", "routes/api/scaffolder/autocomplete.ts"),
    route("tasks", "routes/api/scaffolder/tasks.ts"),
    route("tasks/:taskId", "routes/api/scaffolder/task.ts"),
    route("tasks/:taskId/cancel", "routes/api/scaffolder/task-cancel.ts"),
    route("tasks/:taskId/retry", "routes/api/scaffolder/task-retry.ts"),
    route("tasks/:taskId/events", "routes/api/scaffolder/task-events.ts"),
    route("tasks/:taskId/eventstream", "routes/api/scaffolder/task-eventstream.ts"),
    route("dry-run", "routes/api/scaffolder/dry-run.ts"),
  ]),

  // Authentication and permissions
  route("api/auth/.well-known/jwks.json", "routes/api/auth/jwks.ts"),
  route("api/auth/:provider/start", "routes/api/auth/start.ts"),
  route("api/auth/:provider/handler/frame", "routes/api/auth/handler-frame.ts"),
  route("api/auth/:provider/refresh", "routes/api/auth/refresh.ts"),
  route("api/auth/:provider/logout", "routes/api/auth/logout.ts"),
  // TechDocs' REST API, Backstage's paths (routes/api/techdocs)
  ...prefix("api/techdocs", [
    route("static/docs/:namespace/:kind/:name/*", "routes/api/techdocs/static-docs.ts"),
    route("metadata/techdocs/:namespace/:kind/:name", "routes/api/techdocs/metadata-techdocs.ts"),
    route("metadata/entity/:namespace/:kind/:name", "routes/api/techdocs/metadata-entity.ts"),
    route("cookie", "routes/api/techdocs/cookie.ts"),
    route("sync/:namespace/:kind/:name", "routes/api/techdocs/sync.ts"),
  ]),
  route("api/permission/authorize", "routes/api/permission/authorize.ts"),

  // The Kubernetes backend, Backstage's paths (routes/api/kubernetes)
  ...prefix("api/kubernetes", [
    route("services/:entityName", "routes/api/kubernetes/services.ts"),
    route("resources/workloads/query", "routes/api/kubernetes/workloads-query.ts"),
    route("resources/custom/query", "routes/api/kubernetes/custom-query.ts"),
    route("clusters", "routes/api/kubernetes/clusters.ts"),
    route("proxy/*", "routes/api/kubernetes/proxy.ts"),
  ]),

  // User settings, Backstage's paths
  route("api/user-settings/buckets/:bucket/keys/:key", "routes/api/user-settings/setting.ts"),

  // The search API, Backstage's path (routes/api/search)
  route("api/search/query", "routes/api/search/query.ts"),

  // Every plugin's background tasks, Backstage's scheduler paths
  route("api/:pluginId/.backstage/scheduler/v1/tasks", "routes/api/scheduler/tasks.ts"),
  route("api/:pluginId/.backstage/scheduler/v1/tasks/:id/trigger", "routes/api/scheduler/trigger.ts"),

  // Unknown API paths answer in Backstage's JSON error shape
  route("api/*", "routes/api/not-found.ts"),

  // Everything else is the 404 page
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
