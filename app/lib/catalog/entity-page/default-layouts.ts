// The built-in entity pages, as Backstage's app template lays them out: an
// Overview for every kind, API and Dependencies tabs for services and
// websites, Definition for APIs, Docs (TechDocs) for components, APIs,
// Kubernetes for services and websites,
// systems, domains and resources; the org plugin's profile, ownership and
// members cards for users and groups. Written in the config's own format and
// parsed by the same schema, so the defaults are an example of what a team
// can configure.
// The last layout has no condition: it catches every other kind.

const OVERVIEW_COMMON = ["about", "links", "labels"];
// Where Backstage's app template shows EntityCatalogGraphCard: beside About.
const OVERVIEW_WITH_GRAPH = ["about", "catalogGraph", "links", "labels"];
const DOCS = { path: "/docs", title: "Docs", cards: ["techdocs"] };

export const DEFAULT_LAYOUTS: unknown[] = [
  {
    if: { kind: "Component", type: ["service", "website"] },
    tabs: [
      { path: "/", title: "Overview", cards: [...OVERVIEW_WITH_GRAPH, "subcomponents"] },
      { path: "/api", title: "API", cards: ["providedApis", "consumedApis"] },
      { path: "/dependencies", title: "Dependencies", cards: ["dependsOnComponents", "dependsOnResources", "dependencyOf"] },
      DOCS,
      // Backstage's app template mounts EntityKubernetesContent on services and websites; without
      // the annotations the tab explains what to add.
      { path: "/kubernetes", title: "Kubernetes", cards: ["kubernetes"] },
    ],
  },
  {
    if: { kind: "Component" },
    tabs: [
      { path: "/", title: "Overview", cards: [...OVERVIEW_WITH_GRAPH, "subcomponents", "dependencyOf"] },
      { path: "/dependencies", title: "Dependencies", cards: ["dependsOnComponents", "dependsOnResources"] },
      DOCS,
    ],
  },
  {
    if: { kind: "API" },
    tabs: [{ path: "/", title: "Overview", cards: [...OVERVIEW_WITH_GRAPH, "providers", "consumers"] }, { path: "/definition", title: "Definition", cards: ["apiDefinition"] }, DOCS],
  },
  {
    if: { kind: "System" },
    tabs: [{ path: "/", title: "Overview", cards: [...OVERVIEW_WITH_GRAPH, "components", "apis", "resources"] }, DOCS],
  },
  {
    if: { kind: "Domain" },
    tabs: [{ path: "/", title: "Overview", cards: [...OVERVIEW_WITH_GRAPH, "systems"] }, DOCS],
  },
  {
    if: { kind: "Resource" },
    tabs: [{ path: "/", title: "Overview", cards: [...OVERVIEW_WITH_GRAPH, "dependsOnResources", "dependencyOf"] }, DOCS],
  },
  {
    if: { kind: "Group" },
    tabs: [{ path: "/", title: "Overview", cards: ["groupProfile", "ownership", "links", "membersList"] }],
  },
  {
    if: { kind: "User" },
    tabs: [{ path: "/", title: "Overview", cards: ["userProfile", "ownership"] }],
  },
  { tabs: [{ path: "/", title: "Overview", cards: OVERVIEW_COMMON }] },
];
