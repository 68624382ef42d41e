// The rules for an entity page's sub-route paths (the tabs), as
// Backstage's createSubRouteRef enforces them: a path starts with '/', never
// ends with '/' ('/' itself is the index tab), its parameters are named with
// word characters only, and no parameter repeats in a path or overlaps the
// parent route's parameters (the entity page's namespace, kind and name).

/** The entity page route's own parameters, which a tab may not reuse. */
export const ENTITY_ROUTE_PARAMS = ["namespace", "kind", "name"] as const;

/** What is wrong with a sub-route path, as a sentence naming it; undefined when it is fine. */
export function subRoutePathProblem(path: string, parentParams: readonly string[] = ENTITY_ROUTE_PARAMS): string | undefined {
  if (!path.startsWith("/")) return `Sub-route path '${path}' must start with '/'`;
  if (path === "/") return undefined;
  if (path.endsWith("/")) return `Sub-route path '${path}' must not end with '/'`;
  const seen = new Set<string>();
  for (const segment of path.slice(1).split("/")) {
    if (!segment.startsWith(":")) continue;
    const param = segment.slice(1);
    if (!/^\w+$/.test(param)) return `Sub-route path '${path}' has an invalid parameter ':${param}': parameter names are word characters only`;
    if (seen.has(param)) return `Sub-route path '${path}' repeats the parameter ':${param}'`;
    if (parentParams.includes(param)) return `Sub-route path '${path}' has the parameter ':${param}', which overlaps the entity page's own parameters (${parentParams.join(", ")})`;
    seen.add(param);
  }
  return undefined;
}

/**
 * Whether a sub-path of the entity page (the route's splat, '' or 'api')
 * matches a tab's path, a parameter matching any one segment. Sub-paths are
 * compared without their trailing slash, so '/api/' is the API tab too.
 */
export function matchSubRoute(path: string, splat: string): boolean {
  const wanted = segmentsOf(path);
  const given = segmentsOf(splat);
  if (wanted.length !== given.length) return false;
  return wanted.every((segment, index) => segment.startsWith(":") || segment === given[index]);
}

/**
 * The rest of a sub-path below a tab's path ('docs/guide/' under '/docs' is
 * 'guide/'), for a tab that has pages of its own (the Docs tab shows the
 * reader, whose pages sit below it); undefined when the sub-path is not
 * under the tab.
 */
export function subRouteRest(path: string, splat: string): string | undefined {
  const wanted = segmentsOf(path);
  const given = splat.split("/").filter(Boolean);
  if (given.length < wanted.length) return undefined;
  if (!wanted.every((segment, index) => segment.startsWith(":") || segment === safeDecode(given[index]))) return undefined;
  const rest = given.slice(wanted.length);
  return rest.length ? `${rest.join("/")}${splat.endsWith("/") ? "/" : ""}` : "";
}

/** The link to a tab: its path up to its first parameter (a parameterised tab is reached by links from its cards). */
export function subRouteLink(path: string): string {
  const fixed: string[] = [];
  for (const segment of segmentsOf(path)) {
    if (segment.startsWith(":")) break;
    fixed.push(segment);
  }
  return fixed.length === 0 ? "" : `/${fixed.join("/")}`;
}

export function hasParameters(path: string): boolean {
  return segmentsOf(path).some((segment) => segment.startsWith(":"));
}

function segmentsOf(path: string): string[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => safeDecode(segment));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
