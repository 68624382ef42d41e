import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import type { Entity } from "../entity";
import { entityAsJson, entityAsYaml, sortKeysDeep } from "./raw-entity.server";

const entity: Entity = {
  kind: "Component",
  apiVersion: "backstage.io/v1alpha1",
  metadata: { name: "ledger", annotations: { "z.io/b": "2", "a.io/a": "1" }, tags: ["zeta", "alpha"] },
  spec: { type: "service", owner: "team-a", lifecycle: "production" },
  relations: [{ type: "ownedBy", targetRef: "group:default/team-a" }],
};

describe("the inspector's raw entity", () => {
  it("sorts keys at every depth and keeps arrays in their order", () => {
    const sorted = sortKeysDeep(entity) as Record<string, Record<string, unknown>>;
    expect(Object.keys(sorted)).toEqual(["apiVersion", "kind", "metadata", "relations", "spec"]);
    expect(Object.keys(sorted.metadata)).toEqual(["annotations", "name", "tags"]);
    expect(Object.keys(sorted.metadata.annotations as object)).toEqual(["a.io/a", "z.io/b"]);
    expect(sorted.metadata.tags).toEqual(["zeta", "alpha"]);
    expect(Object.keys((sorted.relations as unknown as object[])[0])).toEqual(["targetRef", "type"]);
  });

  it("prints JSON with sorted keys that parses back to the same entity", () => {
    const text = entityAsJson(entity);
    expect(text.indexOf('"apiVersion"')).toBeLessThan(text.indexOf('"kind"'));
    expect(text.indexOf('"a.io/a"')).toBeLessThan(text.indexOf('"z.io/b"'));
    expect(JSON.parse(text)).toEqual(entity);
  });

  it("prints YAML with sorted keys that parses back to the same entity", () => {
    const text = entityAsYaml(entity);
    expect(text.split("\n")[0]).toBe("apiVersion: backstage.io/v1alpha1");
    expect(text.indexOf("owner:")).toBeLessThan(text.indexOf("type: service"));
    expect(parse(text)).toEqual(entity);
  });

  it("writes a value shared twice in full both times, never as an alias", () => {
    const shared = { url: "https://example.com" };
    const text = entityAsYaml({ ...entity, metadata: { ...entity.metadata, links: [shared, shared] } });
    expect(text).not.toMatch(/[&*]a\d/);
    expect(text.match(/url: https:\/\/example.com/g)).toHaveLength(2);
  });
});
