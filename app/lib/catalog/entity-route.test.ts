import { describe, expect, it } from "vitest";
import { entityRoute } from "./entity-route";

describe("entityRoute", () => {
  it("lower-cases the kind, keeps the name's case and defaults the namespace", () => {
    expect(entityRoute("Component:Listing-API")).toBe("/catalog/default/component/Listing-API");
    expect(entityRoute({ kind: "Group", namespace: "", name: "lettings" })).toBe("/catalog/default/group/lettings");
  });

  it("escapes what would change the path", () => {
    expect(entityRoute({ kind: "API", namespace: "a/b", name: "x?y" })).toBe("/catalog/a%2Fb/api/x%3Fy");
  });

  it("takes an entity", () => {
    expect(entityRoute({ apiVersion: "backstage.io/v1alpha1", kind: "User", metadata: { name: "jo", namespace: "people" } })).toBe("/catalog/people/user/jo");
  });
});
