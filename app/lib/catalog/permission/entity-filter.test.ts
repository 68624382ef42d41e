import { describe, expect, it } from "vitest";
import type { FilterPredicate } from "~/lib/catalog/query/predicate";
import { entityMatchesFilter } from "./entity-filter";
import { ada, payments } from "./test-fixtures";

// The catalog's filter meaning, in memory: see query/sql.server.ts.
describe("entityMatchesFilter", () => {
  it.each<[FilterPredicate, boolean]>([
    [{ kind: "COMPONENT" }, true],
    [{ kind: "component", "spec.type": "website" }, false],
    [{ "metadata.tags": { $in: ["go", "JAVA"] } }, true],
    [{ "metadata.tags.java": true }, true],
    [{ "Metadata.Annotations.Backstage.io/techdocs-ref": { $exists: true } }, true],
    [{ "metadata.description": { $exists: false } }, true],
    [{ "metadata.name": { $hasPrefix: "PAY" } }, true],
    [{ "metadata.name": { $hasPrefix: "api" } }, false],
    [{ "metadata.tags": { $contains: "payments" } }, true],
    [{ "relations.ownedby": "GROUP:default/team-a" }, true],
    [{ "relations.partOf": { $in: [] } }, false],
    [{ $all: [] }, true],
    [{ $any: [] }, false],
    [{ $not: { kind: "api" } }, true],
    [{ $any: [{ kind: "api" }, { $all: [{ "spec.lifecycle": "production" }, { "metadata.namespace": "default" }] }] }, true],
  ])("%j is %s for a component", (predicate, expected) => {
    expect(entityMatchesFilter(payments, predicate)).toBe(expected);
  });

  it("reads nested spec values and relations of other entities", () => {
    expect(entityMatchesFilter(ada, { "spec.profile.email": "ada@example.com", "relations.memberOf": "group:default/team-a" })).toBe(true);
    expect(entityMatchesFilter(ada, { "spec.profile": { $exists: true } })).toBe(false);
  });
});
