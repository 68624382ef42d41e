import { describe, expect, it } from "vitest";
import { lookupPresentation, presentEntity, presentRef } from "./presentation";

describe("entity presentation", () => {
  it("prefers the profile's display name, then the title, then the humanized ref", () => {
    const user = { apiVersion: "backstage.io/v1alpha1", kind: "User", metadata: { name: "ana" }, spec: { profile: { displayName: "Ana Silva" } } };
    expect(presentEntity(user).primaryTitle).toBe("Ana Silva");
    const titled = { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "listings", title: "Listings" }, spec: { type: "service" } };
    expect(presentEntity(titled)).toEqual({ entityRef: "component:default/listings", primaryTitle: "Listings", secondaryTitle: "component:listings | Component | service" });
    const bare = { apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "lettings", namespace: "ops" } };
    expect(presentEntity(bare).primaryTitle).toBe("group:ops/lettings");
  });

  it("falls back to the ref for what was not resolved, shortened by the spot's default kind", () => {
    expect(presentRef("group:default/lettings", { defaultKind: "group" }).primaryTitle).toBe("lettings");
    expect(lookupPresentation({}, "group:default/lettings", { defaultKind: "Group" }).primaryTitle).toBe("lettings");
    expect(lookupPresentation({}, "not a ref:").primaryTitle).toBe("not a ref:");
  });

  it("finds a resolved presentation whatever the ref's case", () => {
    const presentations = { "group:default/lettings": { entityRef: "Group:default/lettings", primaryTitle: "Lettings", secondaryTitle: "group:lettings | Group" } };
    expect(lookupPresentation(presentations, "Group:default/Lettings").primaryTitle).toBe("Lettings");
  });
});
