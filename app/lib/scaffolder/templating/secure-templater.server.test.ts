import { describe, expect, it } from "vitest";
import { createDefaultFilters, integrationLookupFromConfig } from "./filters";
import { createTemplater, TemplateLimitError, TemplateRenderError } from "./secure-templater.server";

const lookup = integrationLookupFromConfig({ gitlab: [{ host: "gitlab.example.com" }], azure: [{ host: "azure.example.com" }] });
const templater = createTemplater({ filters: createDefaultFilters(lookup) });

describe("renderString", () => {
  it("fills ${{ }} and leaves {{ }} and HTML as written", () => {
    expect(templater.renderString("Hello ${{ parameters.name }}, {{ not.a.variable }} <b>&</b>", { parameters: { name: "<Ada>" } })).toBe("Hello <Ada>, {{ not.a.variable }} <b>&</b>");
  });

  it("runs nunjucks's statements and built-in filters", () => {
    const template = "{% for item in parameters.items %}${{ item | upper }}{% if not loop.last %},{% endif %}{% endfor %} ${{ parameters.items | length }}";
    expect(templater.renderString(template, { parameters: { items: ["a", "b"] } })).toBe("A,B 2");
  });

  it("renders a missing value as nothing", () => {
    expect(templater.renderString("[${{ parameters.missing }}]", { parameters: {} })).toBe("[]");
  });

  it("reports a template that does not parse and an unknown filter", () => {
    expect(() => templater.renderString("${{ parameters.name ", {})).toThrow(TemplateRenderError);
    expect(() => templater.renderString("${{ 'x' | nope }}", {})).toThrow(/filter not found: nope/);
  });

  it("honours trimBlocks and lstripBlocks", () => {
    const trimmed = createTemplater({ nunjucksConfigs: { trimBlocks: true, lstripBlocks: true } });
    expect(trimmed.renderString("a\n  {% if true %}\nb\n  {% endif %}\nc", {})).toBe("a\nb\nc");
    expect(createTemplater().renderString("a\n  {% if true %}\nb\n  {% endif %}\nc", {})).toBe("a\n  \nb\n  \nc");
  });
});

describe("renderValue", () => {
  const context = { parameters: { count: 3, flag: false, owner: { kind: "Group", name: "team-a" }, tags: ["a", "b"], name: "svc", text: "hello" } };

  it("keeps the type of a single ${{ expression }}", () => {
    const input = {
      count: "${{ parameters.count }}",
      flag: "${{ parameters.flag }}",
      owner: "${{ parameters.owner }}",
      tags: "${{ parameters.tags }}",
      text: "${{ parameters.text }}",
      numberAsText: "${{ parameters.count }} items",
      nested: [{ deep: "${{ parameters.name }}-x" }, 7, null, true],
    };
    expect(templater.renderValue(input, context)).toEqual({
      count: 3,
      flag: false,
      owner: { kind: "Group", name: "team-a" },
      tags: ["a", "b"],
      text: "hello",
      numberAsText: "3 items",
      nested: [{ deep: "svc-x" }, 7, null, true],
    });
  });

  it("drops a key whose template renders empty", () => {
    expect(templater.renderValue({ a: "${{ parameters.missing }}", b: "x" }, context)).toEqual({ b: "x" });
  });

  it("keeps the raw string when a template fails, as Backstage's runner does", () => {
    const errors: string[] = [];
    expect(templater.renderValue({ a: "${{ parameters.name | nope }}" }, context, { onParseError: (m) => errors.push(m) })).toEqual({
      a: "${{ parameters.name | nope }}",
    });
    expect(errors[0]).toMatch(/^Failed to parse template string: \$\{\{ parameters.name \| nope \}\} with error/);
  });

  it("renders a JSON-looking string result as its value, like Backstage's dump and parse", () => {
    expect(templater.renderValue("${{ '42' }}", {})).toBe("42");
    expect(templater.renderValue("${{ parameters.count > 2 }}", context)).toBe(true);
  });

  it("tells a single expression from text around one", () => {
    expect(templater.isSingleTemplateString("${{ parameters.name }}")).toBe(true);
    expect(templater.isSingleTemplateString(" ${{ parameters.name }}")).toBe(false);
    expect(templater.isSingleTemplateString("plain")).toBe(false);
  });
});

describe("Backstage's filters", () => {
  it("parseRepoUrl gives the repository's parts for each integration", () => {
    const render = (url: string) => templater.renderValue("${{ parameters.repoUrl | parseRepoUrl }}", { parameters: { repoUrl: url } });
    expect(render("github.com?repo=backstage&owner=backstage")).toEqual({ host: "github.com", owner: "backstage", repo: "backstage" });
    expect(render("gitlab.example.com?owner=group/sub&repo=svc")).toEqual({ host: "gitlab.example.com", owner: "group/sub", repo: "svc" });
    expect(render("gitlab.com?project=1234")).toEqual({ host: "gitlab.com", project: "1234" });
    expect(render("dev.azure.com?organization=org&project=proj&repo=svc")).toEqual({ host: "dev.azure.com", organization: "org", project: "proj", repo: "svc" });
    expect(render("bitbucket.org?workspace=ws&project=PRJ&repo=svc")).toEqual({ host: "bitbucket.org", workspace: "ws", project: "PRJ", repo: "svc" });
  });

  it("parseRepoUrl refuses an unknown host and missing parts with Backstage's messages", () => {
    expect(() => templater.renderString("${{ 'unknown.example?owner=a&repo=b' | parseRepoUrl }}", {})).toThrow(
      "No matching integration configuration for host unknown.example, please check your integrations config",
    );
    expect(() => templater.renderString("${{ 'github.com?repo=b' | parseRepoUrl }}", {})).toThrow("Invalid repo URL passed to publisher: https://github.com/?repo=b, missing owner");
    expect(() => templater.renderString("${{ 'azure.example.com?repo=b' | parseRepoUrl }}", {})).toThrow("missing project");
  });

  it("projectSlug joins owner and repo", () => {
    expect(templater.renderString("${{ 'github.com?repo=backstage&owner=backstage' | projectSlug }}", {})).toBe("backstage/backstage");
  });

  it("parseEntityRef parses with and without a context", () => {
    expect(templater.renderValue("${{ parameters.owner | parseEntityRef }}", { parameters: { owner: "group:techdocs" } })).toEqual({
      kind: "group",
      namespace: "default",
      name: "techdocs",
    });
    expect(
      templater.renderValue('${{ parameters.owner | parseEntityRef({ defaultKind:"group", defaultNamespace:"another-namespace" }) }}', {
        parameters: { owner: "techdocs" },
      }),
    ).toEqual({ kind: "group", namespace: "another-namespace", name: "techdocs" });
    expect(() => templater.renderString("${{ 'techdocs' | parseEntityRef }}", {})).toThrow(/had missing or empty kind/);
  });

  it("pick selects a property, by path too, and never a prototype's", () => {
    expect(templater.renderString("${{ parameters.owner | parseEntityRef | pick('name') }}", { parameters: { owner: "group:techdocs" } })).toBe("techdocs");
    expect(templater.renderValue("${{ parameters.o | pick('a.b[1]') }}", { parameters: { o: { a: { b: [1, 2] } } } })).toBe(2);
    expect(templater.renderString("[${{ parameters.o | pick('constructor') }}]", { parameters: { o: {} } })).toBe("[]");
  });
});

describe("globals", () => {
  it("offers global functions and values through JSON", () => {
    const withGlobals = createTemplater({ globals: { greet: (name: unknown) => `hi ${String(name)}`, answer: 42, team: { name: "a" } } });
    expect(withGlobals.renderString("${{ greet('you') }} ${{ answer }} ${{ team.name }}", {})).toBe("hi you 42 a");
  });

  it("hands a filter JSON copies, never the caller's objects", () => {
    const seen: unknown[] = [];
    const spy = createTemplater({ filters: { keep: (value) => (seen.push(value), "ok") } });
    expect(spy.renderString("${{ parameters | keep }}", { parameters: { a: 1 } })).toBe("ok");
    expect(seen).toEqual([{ a: 1 }]);
  });
});

describe("cookiecutter compatibility", () => {
  it("uses {{ }}, the jsonify filter and Jinja's literals", () => {
    const compat = createTemplater({ cookiecutterCompat: true });
    expect(
      compat.renderString("{{ cookiecutter.name }} {{ cookiecutter.o | jsonify }} {{ True }} {{ cookiecutter.list[1:] | join(',') }}", {
        cookiecutter: { name: "svc", o: { a: 1 }, list: ["x", "y", "z"] },
      }),
    ).toBe('svc {"a":1} true y,z');
  });

  it("does not leak Jinja's syntax into other templaters", () => {
    createTemplater({ cookiecutterCompat: true });
    expect(templater.renderString("{{ cookiecutter.name }}", { cookiecutter: { name: "svc" } })).toBe("{{ cookiecutter.name }}");
    expect(() => templater.renderString("${{ parameters.items[1:] }}", { parameters: { items: [1] } })).toThrow(TemplateRenderError);
  });
});

describe("hostile templates", () => {
  it("refuses the way to Function through constructor, __proto__ and prototype", () => {
    for (const template of [
      '${{ "".constructor.constructor("return process")() }}',
      "${{ constructor }}",
      '${{ parameters["constructor"]["constructor"]("return process")() }}',
      "${{ parameters.__proto__ }}",
      "${{ range.prototype }}",
      "${{ parameters.__lookupGetter__('x') }}",
    ]) {
      expect(() => templater.renderString(template, { parameters: {} }), template).toThrow(TemplateLimitError);
    }
  });

  it("refuses a refusal even inside renderValue rather than keeping the raw string", () => {
    expect(() => templater.renderValue({ a: "${{ ''.constructor }}" }, {})).toThrow(/Access to "constructor" is not allowed in templates/);
  });

  it("has no Node globals to reach", () => {
    expect(templater.renderString("[${{ process }}${{ require }}${{ globalThis }}]", {})).toBe("[]");
  });

  it("stops a template that loops past the time limit, and keeps working afterwards", () => {
    const quick = createTemplater({ timeoutMs: 200 });
    const started = Date.now();
    expect(() => quick.renderString("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", {})).toThrow("Template rendering took longer than 200 ms and was stopped");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(quick.renderString("${{ 1 + 1 }}", {})).toBe("2");
  });

  it("stops endless recursion", () => {
    expect(() => templater.renderString("{% macro f() %}${{ f() }}{% endmacro %}${{ f() }}", {})).toThrow();
    expect(templater.renderString("ok", {})).toBe("ok");
  });

  it("refuses huge outputs, huge strings from methods and huge ranges", () => {
    const small = createTemplater({ maxOutputLength: 1000 });
    expect(() => small.renderString("{% for i in range(2000) %}x{% endfor %}", {})).toThrow("Template output is longer than 1000 characters");
    expect(() => templater.renderString("${{ 'a'.repeat(100000000) }}", {})).toThrow(TemplateLimitError);
    expect(() => templater.renderString("{% for i in range(1000000000) %}{% endfor %}", {})).toThrow("range() is limited to 100000 items");
  });

  it("keeps a filter's host error object out of the template", () => {
    const throwing = createTemplater({
      filters: {
        boom: () => {
          throw new Error("no luck");
        },
      },
    });
    expect(() => throwing.renderString("${{ 1 | boom }}", {})).toThrow(/no luck/);
  });
});
