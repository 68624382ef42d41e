import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../markdown/render-markdown.server";
import { graphQlView } from "./graphql";
import { DefinitionParseError } from "./parse-document";

const view = (sdl: string) => graphQlView(sdl, renderMarkdown);

describe("graphQlView", () => {
  it("lists queries, mutations and subscriptions with their arguments, and the other types (the example catalog's schema)", () => {
    const result = view(readFileSync(new URL("../../../../examples/catalog/apis/definitions/tenant-portal.graphql", import.meta.url), "utf8"));
    expect(result.roots.query.length).toBeGreaterThan(0);
    expect(result.roots.mutation.length).toBeGreaterThan(0);
    expect(result.roots.subscription.length).toBeGreaterThan(0);
    expect(result.types.some((type) => type.name === "Node" && type.kind === "interface")).toBe(true);
    expect(result.types.some((type) => type.name === "DateTime" && type.kind === "scalar")).toBe(true);
    expect(result.descriptionHtml).toContain("Tenant portal gateway");
  });

  it("follows the schema's own root names, type extensions, deprecations and wrapped types", () => {
    const result = view(`
schema { query: Root }
type Root { "The user" user(id: ID!, first: Int = 10): User @deprecated(reason: "Use node") }
extend type Root { users: [User!]! }
"A person <script>x</script>" type User implements Node { id: ID! }
enum Role { ADMIN, GUEST @deprecated }
union Anything = User | Role
input Filter { role: Role }
`);
    expect(result.roots.query.map((field) => [field.name, field.type])).toEqual([
      ["user", "User"],
      ["users", "[User!]!"],
    ]);
    expect(result.roots.query[0]).toMatchObject({
      description: "The user",
      deprecated: "Use node",
      args: [
        { name: "id", type: "ID!" },
        { name: "first", type: "Int", defaultValue: "10" },
      ],
    });
    expect(result.types.find((type) => type.name === "User")).toMatchObject({ kind: "object", interfaces: ["Node"], description: "A person <script>x</script>" });
    expect(result.types.find((type) => type.name === "Role")?.values).toEqual(
      [{ name: "ADMIN" }, { name: "GUEST", deprecated: "No longer supported" }].map((value) => ({ description: undefined, deprecated: undefined, ...value })),
    );
    expect(result.types.find((type) => type.name === "Anything")?.members).toEqual(["User", "Role"]);
    expect(result.types.find((type) => type.name === "Filter")?.kind).toBe("input");
  });

  it("reports a syntax error with its line and column", () => {
    expect(() => view("type Query {\n  a: \n}")).toThrow(/Syntax Error.*line 3, column 1/);
  });

  it("refuses hostile inputs quickly: deeply nested lists, too many tokens", () => {
    expect(() => view(`type Q { a: ${"[".repeat(100_000)}Int${"]".repeat(100_000)} }`)).toThrow(DefinitionParseError);
    const started = Date.now();
    expect(() => view(`type Q { ${"a: Int ".repeat(300_000)} }`)).toThrow(DefinitionParseError);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
