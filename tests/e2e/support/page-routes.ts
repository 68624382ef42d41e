import routes from "../../../app/routes.ts";

// The pages of the route table (app/routes.ts): every route whose module is a
// page (`.tsx`, with a component), not a resource route (`.ts`). The
// accessibility walk (tests/e2e/accessibility.spec.ts) must name a sample URL
// for each, so a page added to the table is walked too.

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

export function pageRoutePatterns(): string[] {
  const patterns: string[] = [];
  const visit = (entries: RouteEntry[], parent: string) => {
    for (const entry of entries) {
      const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
      if (entry.file.endsWith(".tsx")) patterns.push(path === "" ? "/" : path);
      if (entry.children) visit(entry.children, path);
    }
  };
  visit(routes as RouteEntry[], "");
  return [...new Set(patterns)];
}
