import { describe, expect, it } from "vitest";
import { layoutAncestry, NODE_HEIGHT } from "./ancestry-layout";

describe("the ancestry layout", () => {
  it("puts the entity at the bottom and each ancestor one layer above its child", () => {
    const layout = layoutAncestry("component:default/ledger", [
      { entityRef: "component:default/ledger", parentEntityRefs: ["location:default/inner"] },
      { entityRef: "location:default/inner", parentEntityRefs: ["location:default/root"] },
      { entityRef: "location:default/root", parentEntityRefs: [] },
    ]);
    const y = (ref: string) => layout.nodes.find((node) => node.entityRef === ref)!.y;
    expect(y("location:default/root")).toBeLessThan(y("location:default/inner"));
    expect(y("location:default/inner")).toBeLessThan(y("component:default/ledger"));
    expect(y("component:default/ledger") + NODE_HEIGHT).toBeLessThanOrEqual(layout.height);
    expect(layout.edges.map((edge) => [edge.from.entityRef, edge.to.entityRef])).toEqual([
      ["location:default/inner", "component:default/ledger"],
      ["location:default/root", "location:default/inner"],
    ]);
  });

  it("lays out an entity without ancestors as a single node", () => {
    const layout = layoutAncestry("location:default/root", [{ entityRef: "location:default/root", parentEntityRefs: [] }]);
    expect(layout.nodes).toHaveLength(1);
    expect(layout.edges).toEqual([]);
  });

  it("places two parents side by side on the same layer and ignores parents it was not given", () => {
    const layout = layoutAncestry("component:default/a", [
      { entityRef: "component:default/a", parentEntityRefs: ["location:default/p", "location:default/q", "location:default/unknown"] },
      { entityRef: "location:default/p", parentEntityRefs: [] },
      { entityRef: "location:default/q", parentEntityRefs: [] },
    ]);
    const [p, q] = ["location:default/p", "location:default/q"].map((ref) => layout.nodes.find((node) => node.entityRef === ref)!);
    expect(p.y).toBe(q.y);
    expect(p.x).not.toBe(q.x);
    expect(layout.nodes).toHaveLength(3);
  });
});
