import { describe, expect, it } from "vitest";
import { evaluateCriteria, mapCriteria } from "./criteria";
import type { PermissionCriteria } from "./criteria";

const tree: PermissionCriteria<string> = { anyOf: ["a", { allOf: ["b", { not: "c" }] }] };

describe("criteria", () => {
  it("maps leaves and keeps the shape", () => {
    expect(mapCriteria(tree, (leaf) => leaf.toUpperCase())).toEqual({ anyOf: ["A", { allOf: ["B", { not: "C" }] }] });
  });

  it.each([
    [[], false],
    [["a"], true],
    [["b"], true],
    [["b", "c"], false],
  ])("holds when %j are true: %s", (trueLeaves, expected) => {
    expect(evaluateCriteria(tree, (leaf) => trueLeaves.includes(leaf))).toBe(expected);
  });

  it("treats an empty anyOf as false and an empty allOf as true", () => {
    expect(evaluateCriteria<string>({ anyOf: [] }, () => true)).toBe(false);
    expect(evaluateCriteria<string>({ allOf: [] }, () => false)).toBe(true);
  });
});
