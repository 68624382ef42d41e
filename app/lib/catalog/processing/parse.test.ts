import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseCatalogYaml } from "./parse";

const where = "file:/catalog/catalog-info.yaml";

describe("parseCatalogYaml", () => {
  // The fast parser must give the values the YAML 1.2 core schema gives.
  const scalars = [
    "017",
    "08",
    "0b101",
    "1_000",
    "+.5",
    "-.5",
    "~",
    "",
    "Null",
    "NULL",
    "TRUE",
    "False",
    "yes",
    "on",
    "2020-01-01",
    "12:30",
    "0o17",
    "0o8",
    "+0o7",
    "0x1F",
    "-0x1F",
    "0x_1",
    "1e3",
    "1.2e+3",
    "1e",
    ".inf",
    "-.Inf",
    "+.INF",
    ".NaN",
    "+12",
    "-7",
    "1__0",
    "0.",
    "3.14",
    "'017'",
    '"yes"',
    "!!str 12",
    "!!int '12'",
  ];
  it.each(scalars)("reads the scalar %j as the YAML 1.2 core schema does", (scalar) => {
    const text = `kind: Component\nmetadata:\n  name: a\n  value: ${scalar}\n`;
    const [document] = parseCatalogYaml(text, where);
    expect(document).toEqual({ value: parse(text) });
  });

  it("reads every document of a clean multi-document file and skips empty ones", () => {
    const documents = parseCatalogYaml("kind: Group\nmetadata: {name: a}\n---\nkind: User\nmetadata: {name: b}\n---\n", where);
    expect(documents).toEqual([{ value: { kind: "Group", metadata: { name: "a" } } }, { value: { kind: "User", metadata: { name: "b" } } }]);
  });

  it("keeps the good documents of a file with a broken one, and names the file in the error", () => {
    const documents = parseCatalogYaml("kind: Group\nmetadata: {name: a}\n---\nkind: User\nkind: Group\n---\nkind: User\nmetadata: {name: b}\n", where);
    expect(documents).toHaveLength(3);
    expect(documents[0]).toEqual({ value: { kind: "Group", metadata: { name: "a" } } });
    expect(documents[1]).toEqual({ error: expect.stringMatching(/^YAML error at file:\/catalog\/catalog-info\.yaml, Map keys must be unique/) });
    expect(documents[2]).toEqual({ value: { kind: "User", metadata: { name: "b" } } });
  });

  it("resolves a few aliases to their anchored values", () => {
    const [document] = parseCatalogYaml("kind: Component\nmetadata:\n  labels: &l {team: a}\n  annotations: *l\n", where);
    expect(JSON.parse(JSON.stringify(document))).toEqual({ value: { kind: "Component", metadata: { labels: { team: "a" }, annotations: { team: "a" } } } });
  });

  it("refuses an alias bomb as an error instead of expanding it", () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 9; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(",")}]`);
    }
    const documents = parseCatalogYaml(`kind: Component\nmetadata:\n  name: bomb\nspec:\n${levels.map((line) => `  ${line}`).join("\n")}\n`, where);
    expect(documents).toEqual([{ error: expect.stringMatching(/alias/i) }]);
  });

  it("says what a document holds when it is not a mapping", () => {
    expect(parseCatalogYaml("- a\n- b\n", where)).toEqual([{ error: `Expected object at root of ${where}, got array` }]);
    expect(parseCatalogYaml("just text\n", where)).toEqual([{ error: `Expected object at root of ${where}, got string` }]);
  });

  it("refuses a document with a __proto__ key, YAML or JSON, and keeps the others of the file", () => {
    const good = "kind: Component\nmetadata:\n  name: good\n";
    const yamlProto = "kind: Component\nmetadata:\n  name: bad\n  __proto__:\n    annotations: { backstage.io/managed-by-location: 'url:https://elsewhere' }\n";
    const jsonProto = '{"kind": "Component", "metadata": {"name": "worse"}, "spec": {"items": [{"__proto__": {"owner": "x"}}]}}';
    const results = parseCatalogYaml([good, yamlProto, jsonProto].join("---\n"), where);
    expect(results).toEqual([
      { value: { kind: "Component", metadata: { name: "good" } } },
      { error: `Invalid key '__proto__' at 'metadata' in ${where}: '__proto__' is not allowed as a key` },
      { error: `Invalid key '__proto__' at 'spec.items[0]' in ${where}: '__proto__' is not allowed as a key` },
    ]);
  });
});
