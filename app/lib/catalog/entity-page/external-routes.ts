import { z } from "zod";

// The catalog's external routes: places the catalog links to that
// belong to other areas, bound in app-config under app.routes.bindings as
// Backstage binds them. A binding is an in-app path (with :params), one of
// the route names Backstage apps use (scaffolder.root, techdocs.docRoot, ...)
// or false for "not bound": the link is then left out.
//
//   app:
//     routes:
//       bindings:
//         catalog:
//           createComponent: scaffolder.root
//           viewTechDoc: /docs/:namespace/:kind/:name
//           unregisterRedirect: false

export const EXTERNAL_ROUTES = {
  createComponent: { params: [], defaultTarget: "/create" },
  viewTechDoc: { params: ["namespace", "kind", "name"], defaultTarget: "/docs/:namespace/:kind/:name" },
  createFromTemplate: { params: ["namespace", "templateName"], defaultTarget: "/create/templates/:namespace/:templateName" },
  // Unbound by default: after unregistering, the user goes to the catalog index.
  unregisterRedirect: { params: [], defaultTarget: false },
} as const satisfies Record<string, { params: readonly string[]; defaultTarget: string | false }>;

export type ExternalRouteName = keyof typeof EXTERNAL_ROUTES;
export const EXTERNAL_ROUTE_NAMES = Object.keys(EXTERNAL_ROUTES) as ExternalRouteName[];

/** Backstage route refs Atrium knows, by the names app-configs bind them with. */
export const KNOWN_ROUTE_REFS: Readonly<Record<string, string>> = {
  "scaffolder.root": "/create",
  "scaffolder.selectedTemplate": "/create/templates/:namespace/:templateName",
  "techdocs.root": "/docs",
  "techdocs.docRoot": "/docs/:namespace/:kind/:name",
  "catalog.catalogIndex": "/catalog",
  "catalog-import.importPage": "/catalog-import",
};

/** Bound targets as in-app paths, or false where unbound. */
export type ExternalRouteBindings = Record<ExternalRouteName, string | false>;

const binding = z.union([z.string().min(1), z.literal(false), z.null()]);

/** app.routes: the catalog's bindings, each resolved to a path at load, with the problems named per key. */
export const appRoutesSchema = z
  .object({
    bindings: z
      .object({
        catalog: z
          .object(Object.fromEntries(EXTERNAL_ROUTE_NAMES.map((name) => [name, binding.optional()])))
          .partial()
          .optional(),
      })
      .catchall(z.unknown())
      .optional(),
  })
  .optional()
  .transform((routes, ctx): ExternalRouteBindings => {
    const configured = (routes?.bindings?.catalog ?? {}) as Partial<Record<ExternalRouteName, string | false | null>>;
    const resolved = {} as ExternalRouteBindings;
    for (const name of EXTERNAL_ROUTE_NAMES) {
      const value = configured[name];
      const target = value === undefined ? EXTERNAL_ROUTES[name].defaultTarget : value === null ? false : value;
      if (target === false) {
        resolved[name] = false;
        continue;
      }
      const path = KNOWN_ROUTE_REFS[target] ?? target;
      const problem = bindingProblem(name, path);
      if (problem) ctx.addIssue({ code: "custom", path: ["bindings", "catalog", name], message: problem });
      resolved[name] = path;
    }
    return resolved;
  });

function bindingProblem(name: ExternalRouteName, path: string): string | undefined {
  if (!path.startsWith("/")) {
    return `'${path}' is neither an in-app path starting with '/' nor a known route (${Object.keys(KNOWN_ROUTE_REFS).join(", ")})`;
  }
  const allowed: readonly string[] = EXTERNAL_ROUTES[name].params;
  const unknown = paramsOf(path).filter((param) => !allowed.includes(param));
  if (unknown.length > 0) {
    return `the target '${path}' uses ${unknown.map((param) => `':${param}'`).join(", ")}, but catalog.${name} only provides ${allowed.length ? allowed.map((param) => `':${param}'`).join(", ") : "no parameters"}`;
  }
  return undefined;
}

function paramsOf(path: string): string[] {
  return path
    .split("/")
    .filter((segment) => segment.startsWith(":"))
    .map((segment) => segment.slice(1));
}

/**
 * The in-app path of an external route with its parameters filled in, or
 * undefined when it is not bound (the caller leaves its link out).
 */
export function externalRoutePath(bindings: ExternalRouteBindings, name: ExternalRouteName, params: Record<string, string> = {}): string | undefined {
  const target = bindings[name];
  if (target === false) return undefined;
  return target
    .split("/")
    .map((segment) => (segment.startsWith(":") ? encodeURIComponent(params[segment.slice(1)] ?? "") : segment))
    .join("/");
}
