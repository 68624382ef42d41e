import { describe, expect, it } from "vitest";
import { indexFilter, indexHref, indexRequest, kindPlural, parseIndexQuery } from "./index-query";

const parse = (search: string) => parseIndexQuery(new URLSearchParams(search));
const visitor = { ownershipEntityRefs: ["user:default/ada", "group:default/Team-A"], starredEntityRefs: ["component:default/billing", "api:ops/payments"] };

describe("the catalog index's URL", () => {
  it("defaults to all components in name order, twenty a page", () => {
    const { query, problems } = parse("");
    expect(problems).toEqual([]);
    expect(query).toMatchObject({ kind: "component", user: "all", text: "", limit: 20, order: undefined });
    expect(indexRequest(query, visitor, ["kind"])).toEqual({
      filter: { $all: [{ kind: "component" }] },
      orderFields: [{ field: "metadata.name", order: "asc" }],
      fullTextFilter: undefined,
      limit: 20,
      fields: ["kind"],
    });
  });

  it("reads Backstage's filters[...] parameters, repeated and indexed alike", () => {
    const { query, problems } = parse(
      "filters[kind]=API&filters[type]=openapi&filters[type]=grpc&filters[owners][0]=team-a&filters[owners][1]=user:default/ada&filters[lifecycles]=production&filters[tags]=java&filters[namespace]=ops&filters[user]=owned&filters[text]=pay",
    );
    expect(problems).toEqual([]);
    expect(query.kind).toBe("api");
    expect(query.lists).toEqual({ type: ["openapi", "grpc"], owners: ["group:default/team-a", "user:default/ada"], lifecycles: ["production"], tags: ["java"], namespace: ["ops"] });
    expect(indexFilter(query, visitor)).toEqual({
      $all: [
        { kind: "api" },
        { "spec.type": { $in: ["openapi", "grpc"] } },
        { "relations.ownedBy": { $in: ["group:default/team-a", "user:default/ada"] } },
        { "spec.lifecycle": "production" },
        { "metadata.tags": "java" },
        { "metadata.namespace": "ops" },
        { "relations.ownedBy": { $in: ["user:default/ada", "group:default/team-a"] } },
      ],
    });
    expect(indexRequest(query, visitor, [])).toMatchObject({ fullTextFilter: { term: "pay", fields: ["metadata.name", "metadata.title", "spec.profile.displayName"] } });
  });

  it("turns Starred into the starred refs, and nothing starred into no match", () => {
    const starred = parse("filters[user]=starred").query;
    expect(indexFilter(starred, visitor).$all).toContainEqual({
      $any: [
        { kind: "component", "metadata.namespace": "default", "metadata.name": "billing" },
        { kind: "api", "metadata.namespace": "ops", "metadata.name": "payments" },
      ],
    });
    expect(indexFilter(starred, { ...visitor, starredEntityRefs: [] }).$all).toContainEqual({ $any: [] });
  });

  it("filters processing status on orphans or errors, either one", () => {
    expect(indexFilter(parse("filters[orphan]=true").query, visitor).$all).toContainEqual({ "metadata.annotations.backstage.io/orphan": "true" });
    expect(indexFilter(parse("filters[orphan]=true&filters[error]=true").query, visitor).$all).toContainEqual({
      $any: [{ "metadata.annotations.backstage.io/orphan": "true" }, { "status.items.level": "error" }],
    });
  });

  it("orders by a table column and pages by cursor, which carries the rest of the query", () => {
    const { query } = parse("orderField=spec.owner,desc&cursor=abc&limit=50");
    expect(query.order).toEqual({ field: "spec.owner", order: "desc" });
    expect(indexRequest(query, visitor, ["kind"])).toEqual({ cursor: "abc", limit: 50, fields: ["kind"] });
  });

  it("keeps the position a paging link carries, only beside a cursor and only when it is a position", () => {
    expect(parse("cursor=abc&start=21").query.start).toBe(21);
    expect(parse("start=21").query.start).toBeUndefined();
    for (const start of ["0", "-3", "2.5", "x", "1e400"]) expect(parse(`cursor=abc&start=${start}`).query.start).toBeUndefined();
    const { query } = parse("cursor=abc&start=21");
    expect(indexHref(query, { cursor: "def", start: 41 })).toContain("cursor=def&start=41");
    // A new order or filter starts again from the first page, without a position.
    expect(indexHref(query, { limit: 50 })).not.toContain("start=");
  });

  it("names what does not parse and falls back to the defaults", () => {
    const { query, problems } = parse("filters[user]=everyone&orderField=metadata.uid,asc&limit=7&filters[owners]=a b&orderField=x");
    expect(problems).toEqual([
      { code: "owner", value: "a b" },
      { code: "user", value: "everyone" },
      { code: "orderField", value: "metadata.uid,asc" },
      { code: "limit", value: "7" },
    ]);
    expect(query).toMatchObject({ user: "all", limit: 20, order: undefined });
    expect(parse("orderField=metadata.name,sideways").problems).toEqual([{ code: "orderField", value: "metadata.name,sideways" }]);
    expect(parse(`filters[text]=${"x".repeat(400)}`).problems).toEqual([{ code: "tooLong", value: `${"x".repeat(40)}…` }]);
  });

  it("writes links that keep the filters, drop the cursor unless given, and leave defaults out", () => {
    const { query } = parse("filters[kind]=component&filters[type]=service&filters[user]=owned&cursor=abc");
    expect(indexHref(query)).toBe("/catalog?filters%5Bkind%5D=component&filters%5Btype%5D=service&filters%5Buser%5D=owned");
    expect(indexHref(query, { cursor: "next" })).toBe("/catalog?filters%5Bkind%5D=component&filters%5Btype%5D=service&filters%5Buser%5D=owned&cursor=next");
    expect(indexHref(query, { order: { field: "spec.type", order: "desc" }, limit: 50 })).toContain("orderField=spec.type%2Cdesc&limit=50");
    // A link written by indexHref reads back as the same query.
    expect(parse(new URL(indexHref(query, { cursor: "next" }), "http://x").search).query).toEqual({ ...query, cursor: "next" });
  });

  it("names kinds in the plural for the table's title", () => {
    expect(["Component", "API", "Policy", "Process", "Day"].map(kindPlural)).toEqual(["components", "apis", "policies", "processes", "days"]);
  });
});
