import { describe, expect, it } from "vitest";
import { layoutGraph } from "./graph-layout";

const size = { width: 100, height: 40 };
const nodes = ["a", "b", "c"].map((id) => ({ id, size }));
const edges = [
  { from: "a", to: "b" },
  { from: "b", to: "c" },
  { from: "c", to: "c" },
];

describe("laying out the graph", () => {
  it("ranks along the direction with the rank margin between ranks", () => {
    const lr = layoutGraph(nodes, edges, "LR");
    expect(lr.get("b")!.x - lr.get("a")!.x).toBe(150);
    expect(lr.get("a")!.y).toBe(lr.get("b")!.y);
    const bt = layoutGraph(nodes, edges, "BT");
    expect(bt.get("a")!.y).toBeGreaterThan(bt.get("b")!.y);
    const rl = layoutGraph(nodes, edges, "RL");
    expect(rl.get("a")!.x).toBeGreaterThan(rl.get("c")!.x);
  });

  it("survives cycles and edges to nodes it does not know", () => {
    const placed = layoutGraph(nodes, [...edges, { from: "c", to: "a" }, { from: "a", to: "gone" }], "TB");
    expect(placed.size).toBe(3);
  });
});
