import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEFAULT_STEP_TITLE, extractSchemaFromStep, parameterSchemaOf, parameterSteps, parseTemplateEntity, stepsForFeatureFlags, templateProblems } from "./template";

const fixture = (path: string) => parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), "utf8")) as Record<string, unknown>;

/** A documentation example that is a bare `parameters:` block, as a template's spec. */
const bare = (path: string) => ({ spec: { parameters: fixture(path).parameters } });

const minimal = () => ({
  apiVersion: "scaffolder.backstage.io/v1beta3",
  kind: "Template",
  metadata: { name: "t" },
  spec: { type: "service", steps: [{ id: "log", action: "debug:log" }] },
});

describe("the Template entity", () => {
  it("accepts Backstage's example templates", () => {
    expect(templateProblems(fixture("create-app-example/template.yaml"))).toEqual([]);
    expect(templateProblems(fixture("docs/writing-templates-demo.yaml"))).toEqual([]);
    // The documentation shows this one without steps, which the schema requires.
    expect(templateProblems(fixture("docs/registration-form.yaml"))).toEqual(["/spec must have required property 'steps' - missingProperty: steps"]);
    expect(parseTemplateEntity(fixture("docs/values-demo.yaml")).metadata.name).toBe("v1beta3-demo");
  });

  it("lists every schema problem in the catalog's words", () => {
    const broken = { ...minimal(), spec: { parameters: "name", steps: [{ id: "x" }, { action: 3 }], output: { links: [{ url: "" }] } } };
    expect(templateProblems(broken)).toEqual([
      "/spec must have required property 'type' - missingProperty: type",
      "/spec/parameters must be object - type: object",
      "/spec/steps/0 must have required property 'action' - missingProperty: action",
      "/spec/steps/1/action must be string - type: string",
      "/spec/output/links/0/url must NOT have fewer than 1 characters - limit: 1",
    ]);
    expect(() => parseTemplateEntity(broken)).toThrow(/^Invalid template: \/spec must have required property 'type'/);
  });

  it("refuses another apiVersion and a broken envelope", () => {
    expect(templateProblems({ ...minimal(), apiVersion: "backstage.io/v1beta2" })).toEqual(["Unsupported apiVersion field in schema entity, backstage.io/v1beta2"]);
    expect(templateProblems({ ...minimal(), metadata: {} })).toEqual(["/metadata must have required property 'name' - missingProperty: name"]);
    expect(templateProblems("apiVersion: x")[0]).toMatch(/must be object/);
  });
});

describe("parameters", () => {
  it("become a list of steps, one schema being one step", () => {
    expect(parameterSteps(fixture("create-app-example/template.yaml") as never)).toHaveLength(2);
    expect(parameterSteps({ spec: { parameters: { properties: { a: { type: "string" } } } } })).toEqual([{ properties: { a: { type: "string" } } }]);
    expect(parameterSteps({ spec: {} })).toEqual([]);
  });

  it("split each step's ui keys into RJSF's uiSchema, as extractSchemaFromStep does", () => {
    const [first] = parameterSteps(fixture("docs/registration-form.yaml") as never);
    const { schema, uiSchema } = extractSchemaFromStep(first);
    expect(uiSchema).toEqual({
      firstName: { "ui:autofocus": true, "ui:emptyValue": "", "ui:autocomplete": "given-name" },
      lastName: { "ui:emptyValue": "", "ui:autocomplete": "family-name" },
      nicknames: { "ui:options": { orderable: false }, items: {} },
      telephone: { "ui:options": { inputType: "tel" } },
    });
    // The JSON Schema of Backstage's documentation, which the template merged the uiSchema into.
    expect(schema).toEqual({
      title: "A registration form",
      description: "A simple form example.",
      type: "object",
      required: ["firstName", "lastName"],
      properties: {
        firstName: { type: "string", title: "First name", default: "Chuck" },
        lastName: { type: "string", title: "Last name" },
        nicknames: { type: "array", items: { type: "string" } },
        telephone: { type: "string", title: "Telephone", minLength: 10 },
      },
    });
    expect(JSON.stringify(first)).toContain("ui:autofocus");
  });

  it("gather ui keys of conditional branches at their level", () => {
    const [step] = parameterSteps(bare("docs/conditional-fields-ordered.yaml"));
    const { schema, uiSchema } = extractSchemaFromStep(step);
    expect(uiSchema["ui:order"]).toEqual(["includeName", "lastName", "includeAddress", "address"]);
    expect(JSON.stringify(schema)).not.toContain("ui:");
  });
});

describe("feature flags", () => {
  it("hide a step whose flag is off, as the documentation's example shows", () => {
    const steps = parameterSteps(fixture("docs/feature-flags.yaml") as never);
    expect(stepsForFeatureFlags(steps, () => false)).toEqual([]);
    expect(stepsForFeatureFlags(steps, (flag) => flag === "experimental-feature")).toEqual(steps);
  });

  it("hide a top-level field whose flag is off, and its required entry", () => {
    const step = { required: ["a", "b"], properties: { a: { type: "string", "backstage:featureFlag": "beta" }, b: { type: "string" } } };
    expect(stepsForFeatureFlags([step], () => false)).toEqual([{ required: ["b"], properties: { b: { type: "string" } } }]);
    expect(stepsForFeatureFlags([step], () => true)).toEqual([step]);
  });
});

describe("the parameter schema", () => {
  it("has Backstage's shape: title, description, one entry per step with its schema as written", () => {
    const template = parseTemplateEntity(fixture("create-app-example/template.yaml"));
    const answer = parameterSchemaOf(template);
    expect(answer.title).toBe("Example Node.js Template");
    expect(answer.description).toBe("An example template for the scaffolder that creates a simple Node.js service");
    expect(answer.steps.map((step) => step.title)).toEqual(["Fill in some steps", "Choose a location"]);
    expect(answer.steps[1].schema).toEqual((template.spec.parameters as unknown[])[1]);
    expect("presentation" in answer).toBe(false);
  });

  it("names an untitled step and keeps the presentation", () => {
    const template = parseTemplateEntity({ ...minimal(), spec: { ...minimal().spec, parameters: { properties: {} }, presentation: { buttonLabels: { createButtonText: "Go" } } } });
    const answer = parameterSchemaOf(template);
    expect(answer.title).toBe("t");
    expect(answer.steps).toEqual([{ title: DEFAULT_STEP_TITLE, description: undefined, schema: { properties: {} } }]);
    expect(answer.presentation).toEqual({ buttonLabels: { createButtonText: "Go" } });
  });
});
