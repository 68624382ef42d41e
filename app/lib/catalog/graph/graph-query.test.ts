import { describe, expect, it } from "vitest";
import { CARD_DEFAULTS, graphSearch, MAX_ROOTS, parseGraphQuery } from "./graph-query";

const parse = (search: string) => parseGraphQuery(new URLSearchParams(search));

describe("the catalog graph's URL", () => {
  it("reads a Backstage deep link with bracketed arrays and its own parameter names", () => {
    const { query, problems } = parse(
      "rootEntityRefs%5B%5D=component%3Adefault%2Fpayments&rootEntityRefs%5B%5D=Group:Team-A&maxDepth=2&selectedKinds%5B%5D=Component&selectedKinds%5B%5D=API&selectedRelations%5B%5D=ownedBy&unidirectional=false&mergeRelations=false&direction=TB&showFilters=true&curve=curveMonotoneX",
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({
      rootEntityRefs: ["component:default/payments", "group:default/team-a"],
      kinds: ["component", "api"],
      relations: ["ownedBy"],
      maxDepth: 2,
      direction: "TB",
      mergeRelations: false,
      unidirectional: false,
    });
  });

  it("accepts qs's other array forms and the short names relations[] and kinds[]", () => {
    expect(parse("rootEntityRefs[0]=component:a&rootEntityRefs[1]=component:b").query.rootEntityRefs).toEqual(["component:default/a", "component:default/b"]);
    expect(parse("rootEntityRefs=component:a&rootEntityRefs=component:a").query.rootEntityRefs).toEqual(["component:default/a"]);
    expect(parse("relations[]=hasPart&kinds[]=System").query).toMatchObject({ relations: ["hasPart"], kinds: ["system"] });
  });

  it("defaults as Backstage's page does: every depth, left to right, merged, one direction", () => {
    const { query } = parse("rootEntityRefs[]=component:a");
    expect(query).toEqual({ rootEntityRefs: ["component:default/a"], maxDepth: Infinity, direction: "LR", mergeRelations: true, unidirectional: true, relations: undefined, kinds: undefined });
    expect(parse("maxDepth=%E2%88%9E").query.maxDepth).toBe(Infinity);
    expect(parseGraphQuery(new URLSearchParams(""), CARD_DEFAULTS).query.maxDepth).toBe(1);
  });

  it("names each parameter that does not parse and keeps the defaults for it", () => {
    const { query, problems } = parse("rootEntityRefs[]=nokind&maxDepth=deep&direction=up&mergeRelations=yes");
    expect(problems.map((problem) => problem.key)).toEqual(["catalogGraph.errors.rootEntityRef", "catalogGraph.errors.maxDepth", "catalogGraph.errors.direction", "catalogGraph.errors.boolean"]);
    expect(query).toMatchObject({ rootEntityRefs: [], maxDepth: Infinity, direction: "LR", mergeRelations: true });
    expect(parse("maxDepth=-1").problems).toHaveLength(1);
  });

  it("bounds the number of roots", () => {
    const many = Array.from({ length: MAX_ROOTS + 5 }, (_, index) => `rootEntityRefs[]=component:c${index}`).join("&");
    const { query, problems } = parse(many);
    expect(query.rootEntityRefs).toHaveLength(MAX_ROOTS);
    expect(problems).toEqual([{ key: "catalogGraph.errors.tooManyRoots", values: { max: MAX_ROOTS } }]);
  });

  it("writes links Backstage reads back the same", () => {
    const search = graphSearch({ rootEntityRefs: ["component:default/a"], maxDepth: Infinity, kinds: ["api"], relations: ["ownedBy"], direction: "RL", unidirectional: false, mergeRelations: true });
    expect(search).toBe(
      "?rootEntityRefs%5B%5D=component%3Adefault%2Fa&maxDepth=%E2%88%9E&selectedKinds%5B%5D=api&selectedRelations%5B%5D=ownedBy&unidirectional=false&mergeRelations=true&direction=RL",
    );
    expect(parse(search.slice(1)).query).toMatchObject({ rootEntityRefs: ["component:default/a"], maxDepth: Infinity, kinds: ["api"], relations: ["ownedBy"], direction: "RL", unidirectional: false });
  });
});
