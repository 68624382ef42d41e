import { describe, expect, it } from "vitest";
import type { Entity } from "../entity";
import { processingErrorsOf } from "./entity-page.server";
import { headerTitle, pageThemeOf, parentRef, sourceLinks, typeLine } from "./entity-view";

const entity = (overrides: Partial<Entity> & { annotations?: Record<string, string> } = {}): Entity => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: overrides.kind ?? "Component",
  metadata: { name: "rent-ledger", namespace: "default", ...overrides.metadata, annotations: overrides.annotations },
  spec: overrides.spec ?? { type: "Service" },
  relations: overrides.relations,
  status: overrides.status,
});

describe("entity view", () => {
  it("titles the header with the title or name, the namespace when not default", () => {
    expect(headerTitle(entity())).toEqual({ title: "rent-ledger" });
    expect(headerTitle(entity({ metadata: { name: "x", title: "Rent ledger", namespace: "ops" } }))).toEqual({ title: "Rent ledger", namespace: "ops" });
  });

  it("writes the type line as kind — lowercase type", () => {
    expect(typeLine(entity())).toBe("Component — service");
    expect(typeLine(entity({ kind: "Group", spec: {} }))).toBe("Group");
  });

  it("picks the page theme from the spec type", () => {
    expect(pageThemeOf(entity())).toBe("service");
    expect(pageThemeOf(entity({ spec: { type: "library" } }))).toBe("library");
    expect(pageThemeOf(entity({ kind: "API", spec: { type: "openapi" } }))).toBe("apis");
    expect(pageThemeOf(entity({ spec: { type: "database" } }))).toBe("other");
    expect(pageThemeOf(entity({ kind: "Group", spec: {} }))).toBe("app");
  });

  it("finds the breadcrumb parent through the relation types in their configured order", () => {
    const relations = [
      { type: "childOf", targetRef: "group:default/parent" },
      { type: "partOf", targetRef: "system:default/listings" },
    ];
    expect(parentRef({ relations }, ["partOf", "childOf"])).toBe("system:default/listings");
    expect(parentRef({ relations }, ["childOf"])).toBe("group:default/parent");
    expect(parentRef({ relations: [] }, ["partOf"])).toBeUndefined();
  });

  it("links View Source from view-url, source-location or the url: location; says when the location is missing", () => {
    expect(sourceLinks(entity({ annotations: { "backstage.io/source-location": "url:https://github.com/a/b/tree/main/" } }))).toEqual({ viewUrl: "https://github.com/a/b/tree/main/" });
    expect(sourceLinks(entity({ annotations: { "backstage.io/managed-by-location": "url:https://h/c.yaml", "backstage.io/view-url": "https://v", "backstage.io/edit-url": "https://e" } }))).toEqual({
      viewUrl: "https://v",
      editUrl: "https://e",
    });
    expect(sourceLinks(entity({ annotations: { "backstage.io/managed-by-location": "file:/x.yaml" } }))).toEqual({ viewUrl: undefined, editUrl: undefined });
    expect(sourceLinks(entity())).toEqual({ editUrl: undefined, missingLocation: "component:default/rent-ledger" });
  });

  it("keeps processing errors of level error, naming the ancestor they came from", () => {
    const own = entity({
      status: {
        items: [
          { type: "x", level: "error", message: "own", error: { name: "InputError", message: "own failure" } },
          { type: "y", level: "warning", message: "meh" },
        ],
      },
    });
    const location = entity({ kind: "Location", metadata: { name: "root" }, spec: {}, status: { items: [{ type: "x", level: "error", message: "broken file" }] } });
    expect(processingErrorsOf([{ entity: own }, { entity: location }], "component:default/rent-ledger")).toEqual([
      { message: "own failure" },
      { message: "broken file", ancestorRef: "location:default/root" },
    ]);
  });
});
