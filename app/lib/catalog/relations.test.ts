import { describe, expect, it } from "vitest";
import { InputError } from "~/lib/errors";
import { RELATION_PAIRS } from "./entity";
import type { Entity } from "./entity";
import { stringifyEntityRef } from "./entity-ref";
import { relationsOf } from "./relations";

const make = (kind: string, spec: Record<string, unknown>, namespace?: string, apiVersion = "backstage.io/v1alpha1"): Entity => ({
  apiVersion,
  kind,
  metadata: { name: "self", ...(namespace ? { namespace } : {}) },
  spec,
});

/** Relations as "source type target" lines, easy to read in a failing test. */
const lines = (entity: Entity) => relationsOf(entity).map((r) => `${stringifyEntityRef(r.source)} ${r.type} ${stringifyEntityRef(r.target)}`);

describe("relationsOf", () => {
  it("derives every Component relation, both ways, in Backstage's order", () => {
    const component = make("Component", {
      type: "service",
      lifecycle: "production",
      owner: "team-a",
      subcomponentOf: "platform",
      providesApis: ["pets-api"],
      consumesApis: ["ops/billing-api"],
      dependsOn: ["resource:db"],
      dependencyOf: ["component:frontend"],
      system: "shop",
    });
    expect(lines(component)).toEqual([
      "component:default/self ownedBy group:default/team-a",
      "group:default/team-a ownerOf component:default/self",
      "component:default/self partOf component:default/platform",
      "component:default/platform hasPart component:default/self",
      "component:default/self providesApi api:default/pets-api",
      "api:default/pets-api apiProvidedBy component:default/self",
      "component:default/self consumesApi api:ops/billing-api",
      "api:ops/billing-api apiConsumedBy component:default/self",
      "component:default/self dependsOn resource:default/db",
      "resource:default/db dependencyOf component:default/self",
      "component:default/self dependencyOf component:default/frontend",
      "component:default/frontend dependsOn component:default/self",
      "component:default/self partOf system:default/shop",
      "system:default/shop hasPart component:default/self",
    ]);
  });

  it.each([
    [
      "API",
      { owner: "user:jane", system: "shop" },
      ["api:default/self ownedBy user:default/jane", "user:default/jane ownerOf api:default/self", "api:default/self partOf system:default/shop", "system:default/shop hasPart api:default/self"],
    ],
    [
      "Resource",
      { owner: "team-a", dependsOn: ["resource:disk"], dependencyOf: ["component:web"], system: "shop" },
      [
        "resource:default/self ownedBy group:default/team-a",
        "group:default/team-a ownerOf resource:default/self",
        "resource:default/self dependsOn resource:default/disk",
        "resource:default/disk dependencyOf resource:default/self",
        "resource:default/self dependencyOf component:default/web",
        "component:default/web dependsOn resource:default/self",
        "resource:default/self partOf system:default/shop",
        "system:default/shop hasPart resource:default/self",
      ],
    ],
    [
      "System",
      { owner: "team-a", domain: "commerce" },
      [
        "system:default/self ownedBy group:default/team-a",
        "group:default/team-a ownerOf system:default/self",
        "system:default/self partOf domain:default/commerce",
        "domain:default/commerce hasPart system:default/self",
      ],
    ],
    [
      "Domain",
      { owner: "team-a", subdomainOf: "business" },
      [
        "domain:default/self ownedBy group:default/team-a",
        "group:default/team-a ownerOf domain:default/self",
        "domain:default/self partOf domain:default/business",
        "domain:default/business hasPart domain:default/self",
      ],
    ],
    [
      "Group",
      { type: "team", parent: "org", children: ["squad"], members: ["jane", "group:not-a-user"] },
      [
        "group:default/self childOf group:default/org",
        "group:default/org parentOf group:default/self",
        "group:default/self parentOf group:default/squad",
        "group:default/squad childOf group:default/self",
        "group:default/self hasMember user:default/jane",
        "user:default/jane memberOf group:default/self",
        "group:default/self hasMember group:default/not-a-user",
        "group:default/not-a-user memberOf group:default/self",
      ],
    ],
    [
      "User",
      { memberOf: ["team-a", "other/team-b"] },
      [
        "user:default/self memberOf group:default/team-a",
        "group:default/team-a hasMember user:default/self",
        "user:default/self memberOf group:other/team-b",
        "group:other/team-b hasMember user:default/self",
      ],
    ],
    ["Location", { target: "https://example.com/a.yaml", owner: "team-a" }, []],
    ["Widget", { owner: "team-a" }, []],
  ])("derives the relations of a %s with spec %j", (kind, spec, expected) => {
    expect(lines(make(kind, spec))).toEqual(expected);
  });

  it("derives a Template's owner only for the scaffolder's apiVersion", () => {
    const spec = { type: "service", owner: "team-a", steps: [] };
    expect(lines(make("Template", spec, undefined, "scaffolder.backstage.io/v1beta3"))).toEqual([
      "template:default/self ownedBy group:default/team-a",
      "group:default/team-a ownerOf template:default/self",
    ]);
    expect(relationsOf(make("Template", spec, undefined, "backstage.io/v1alpha1"))).toEqual([]);
  });

  it("resolves refs in the entity's own namespace and keeps their spelling", () => {
    const relations = relationsOf(make("Component", { owner: "Team-A", system: "System:shared/Shop" }, "ops"));
    expect(relations.map((r) => r.target)).toEqual([
      { kind: "Group", namespace: "ops", name: "Team-A" },
      { kind: "Component", namespace: "ops", name: "self" },
      { kind: "System", namespace: "shared", name: "Shop" },
      { kind: "Component", namespace: "ops", name: "self" },
    ]);
  });

  it("pairs every edge with its inverse", () => {
    const relations = relationsOf(make("Group", { type: "team", parent: "org", children: ["a", "b"], members: ["jane"] }));
    for (let i = 0; i < relations.length; i += 2) {
      const [forward, reverse] = [relations[i], relations[i + 1]];
      expect(reverse).toEqual({ source: forward.target, type: RELATION_PAIRS[forward.type], target: forward.source });
    }
  });

  it("ignores absent and empty single values", () => {
    expect(relationsOf(make("Component", { type: "service", owner: "", system: undefined }))).toEqual([]);
    expect(relationsOf({ apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "x" } })).toEqual([]);
  });

  it.each([
    [{ dependsOn: ["db"] }, 'Invalid entity reference in spec.dependsOn: Entity reference "db" had missing or empty kind (e.g. did not start with "component:" or similar)'],
    [{ dependencyOf: ["ops/web"] }, 'Invalid entity reference in spec.dependencyOf: Entity reference "ops/web" had missing or empty kind (e.g. did not start with "component:" or similar)'],
    [{ owner: "group:" }, 'Invalid entity reference in spec.owner: Entity reference "group:" was not on the form [<kind>:][<namespace>/]<name>'],
    [{ providesApis: ["ok", ""] }, "Invalid entity reference in spec.providesApis: Entity reference must not be empty"],
  ])("names the field of a bad ref in %j", (spec, message) => {
    expect(() => relationsOf(make("Component", spec))).toThrow(new InputError(message));
    expect(() => relationsOf(make("Component", spec))).toThrow(InputError);
  });
});
