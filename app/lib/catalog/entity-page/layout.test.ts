import { describe, expect, it } from "vitest";
import type { Entity } from "../entity";
import { acceptsEntity, entityConditionSchema } from "./conditions";
import { entityPageConfigSchema } from "./layout-schema";
import { planEntityPage } from "./layout";
import { matchSubRoute, subRoutePathProblem, subRouteRest } from "./sub-route-paths";

const entity = (kind: string, type?: string, annotations: Record<string, string> = {}): Entity => ({
  apiVersion: "backstage.io/v1alpha1",
  kind,
  metadata: { name: "x", namespace: "default", annotations },
  spec: type ? { type } : {},
});
const defaults = entityPageConfigSchema.parse(undefined);
const tabsOf = (e: Entity, config = defaults) => planEntityPage(config, e, "").tabs.map((tab) => tab.title);

describe("sub-route path rules (Backstage's createSubRouteRef)", () => {
  it.each([
    ["api", "Sub-route path 'api' must start with '/'"],
    ["/api/", "Sub-route path '/api/' must not end with '/'"],
    ["/api/:api-name", "Sub-route path '/api/:api-name' has an invalid parameter ':api-name': parameter names are word characters only"],
    ["/api/:id/:id", "Sub-route path '/api/:id/:id' repeats the parameter ':id'"],
    ["/api/:name", "Sub-route path '/api/:name' has the parameter ':name', which overlaps the entity page's own parameters (namespace, kind, name)"],
  ])("refuses %s", (path, message) => {
    expect(subRoutePathProblem(path)).toBe(message);
  });

  it.each(["/", "/api", "/ci-cd/builds", "/runs/:runId"])("accepts %s", (path) => {
    expect(subRoutePathProblem(path)).toBeUndefined();
  });

  it("matches a sub-path against a tab path, parameters taking one segment", () => {
    expect(matchSubRoute("/", "")).toBe(true);
    expect(matchSubRoute("/api", "api")).toBe(true);
    expect(matchSubRoute("/api", "api/")).toBe(true);
    expect(matchSubRoute("/api", "api/extra")).toBe(false);
    expect(matchSubRoute("/runs/:runId", "runs/42")).toBe(true);
    expect(matchSubRoute("/runs/:runId", "runs")).toBe(false);
  });
});

describe("conditions", () => {
  it("compares kind and type in lower case, any listed value matching", () => {
    const condition = entityConditionSchema.parse({ kind: "component", type: ["service", "website"] });
    expect(acceptsEntity(condition, entity("Component", "Service"))).toBe(true);
    expect(acceptsEntity(condition, entity("Component", "library"))).toBe(false);
    expect(acceptsEntity(condition, entity("API", "service"))).toBe(false);
    expect(acceptsEntity(condition, entity("Component"))).toBe(false);
  });

  it("requires listed annotations", () => {
    const condition = entityConditionSchema.parse({ hasAnnotation: "backstage.io/techdocs-ref" });
    expect(acceptsEntity(condition, entity("Component", "service", { "backstage.io/techdocs-ref": "dir:." }))).toBe(true);
    expect(acceptsEntity(condition, entity("Component", "service"))).toBe(false);
  });
});

describe("the built-in layouts", () => {
  it.each([
    [entity("Component", "service"), ["Overview", "API", "Dependencies", "Docs", "Kubernetes"]],
    [entity("Component", "website"), ["Overview", "API", "Dependencies", "Docs", "Kubernetes"]],
    [entity("Component", "library"), ["Overview", "Dependencies", "Docs"]],
    [entity("API", "openapi"), ["Overview", "Definition", "Docs"]],
    [entity("System"), ["Overview", "Docs"]],
    [entity("Domain"), ["Overview", "Docs"]],
    [entity("Resource", "database"), ["Overview", "Docs"]],
    [entity("Group", "team"), ["Overview"]],
    [entity("User"), ["Overview"]],
    [entity("Location"), ["Overview"]],
    [entity("Template"), ["Overview"]],
  ])("gives %s its tabs", (e, titles) => {
    expect(tabsOf(e)).toEqual(titles);
  });

  it("puts the relations cards of each kind on its overview", () => {
    const cardsOf = (e: Entity) => planEntityPage(defaults, e, "").selected?.cards.map((card) => (card.card === "relations" ? card.name : card.card));
    expect(cardsOf(entity("Group"))).toEqual(["groupProfile", "ownership", "links", "membersList"]);
    expect(cardsOf(entity("User"))).toEqual(["userProfile", "ownership"]);
    expect(cardsOf(entity("System"))).toEqual(["about", "catalogGraph", "links", "labels", "components", "apis", "resources"]);
    expect(cardsOf(entity("Domain"))).toEqual(["about", "catalogGraph", "links", "labels", "systems"]);
  });

  it("selects the tab the sub-path names, and none for an unknown sub-path", () => {
    expect(planEntityPage(defaults, entity("Component", "service"), "api").selected?.title).toBe("API");
    expect(planEntityPage(defaults, entity("Component", "service"), "nope").selected).toBeUndefined();
  });

  it("selects the Docs tab for the docs' pages below it, and no other tab that way", () => {
    const service = entity("Component", "service");
    expect(planEntityPage(defaults, service, "docs/ops/deploy/").selected?.title).toBe("Docs");
    expect(planEntityPage(defaults, service, "api/extra").selected).toBeUndefined();
    expect(subRouteRest("/docs", "docs/ops/deploy/")).toBe("ops/deploy/");
    expect(subRouteRest("/docs", "docs")).toBe("");
    expect(subRouteRest("/docs", "api/docs")).toBeUndefined();
    expect(planEntityPage(defaults, entity("User"), "api").selected).toBeUndefined();
  });
});

describe("configured layouts", () => {
  const config = entityPageConfigSchema.parse({
    layouts: [
      {
        if: { kind: "Component", type: "service" },
        tabs: [
          { path: "/", title: "Home", cards: ["about", { relations: "dependsOn", kind: "Resource", title: "Databases" }] },
          { path: "/runbook", title: "Runbook", if: { hasAnnotation: "example.com/runbook" }, cards: ["links"] },
        ],
      },
    ],
  });

  it("wins over the built-in ones for the entities it accepts, others keep the defaults", () => {
    expect(tabsOf(entity("Component", "service"), config)).toEqual(["Home"]);
    expect(tabsOf(entity("Component", "service", { "example.com/runbook": "x" }), config)).toEqual(["Home", "Runbook"]);
    expect(tabsOf(entity("Component", "library"), config)).toEqual(["Overview", "Dependencies", "Docs"]);
  });

  it("normalises a declared relations card", () => {
    expect(planEntityPage(config, entity("Component", "service"), "").selected?.cards[1]).toEqual({ card: "relations", relation: "dependsOn", kinds: ["Resource"], title: "Databases" });
  });

  it("refuses unknown cards, a layout without an index tab and duplicate paths", () => {
    const issues = (layouts: unknown) => entityPageConfigSchema.safeParse({ layouts }).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues([{ tabs: [{ path: "/api", title: "API", cards: ["providedApis"] }] }])).toEqual([["layouts.0.tabs", "A layout needs a tab at path '/' (the entity page itself)"]]);
    expect(
      issues([
        {
          tabs: [
            { path: "/", title: "A", cards: ["about"] },
            { path: "/", title: "B", cards: ["about"] },
          ],
        },
      ]),
    ).toEqual([["layouts.0.tabs.1.path", "Sub-route path '/' is used by two tabs of this layout"]]);
    expect(issues([{ tabs: [{ path: "/", title: "A", cards: ["nope"] }] }])?.[0][0]).toBe("layouts.0.tabs.0.cards.0");
  });
});
