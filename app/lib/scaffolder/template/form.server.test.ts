import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { JsonObject } from "../actions/types";
import { applyDefaults, orderProperties, resolveStep, validateStep } from "./form.server";
import type { VisibleField } from "./form.server";
import { parameterSteps } from "./template";

const fixture = (path: string) => parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), "utf8")) as Record<string, unknown>;
const stepsOf = (path: string) => {
  const document = fixture(path);
  return parameterSteps((document.spec ? document : { spec: document }) as never);
};
const names = (fields: VisibleField[]) => fields.map((field) => `${field.name}${field.required ? "*" : ""}`);

describe("visible fields", () => {
  it("shows the create-app template's fields with their uiSchema", () => {
    const [first, second] = stepsOf("create-app-example/template.yaml");
    const { fields } = resolveStep(first, {});
    expect(fields).toEqual([
      {
        name: "name",
        key: "name",
        schema: { title: "Name", type: "string", description: "Unique name of the component" },
        uiSchema: { "ui:autofocus": true, "ui:options": { rows: 5 } },
        required: true,
      },
    ]);
    expect(resolveStep(second, {}).fields[0].uiSchema).toEqual({ "ui:field": "RepoUrlPicker", "ui:options": { allowedHosts: ["github.com"] } });
  });

  it("follows a property's dependency and its if/then, as the input examples show", () => {
    const [step] = stepsOf("docs/conditional-fields.yaml");
    expect(names(resolveStep(step, { includeName: true }).fields)).toEqual(["includeName", "lastName*"]);
    expect(names(resolveStep(step, { includeName: false }).fields)).toEqual(["includeName"]);
    // No value yet: the dependency does not apply, until the default fills it in.
    expect(names(resolveStep(step, {}).fields)).toEqual(["includeName"]);
    expect(names(resolveStep(step, applyDefaults(step, {})).fields)).toEqual(["includeName", "lastName*"]);
  });

  it("orders conditional fields by ui:order", () => {
    const [step] = stepsOf("docs/conditional-fields-ordered.yaml");
    expect(names(resolveStep(step, { includeName: true, includeAddress: true }).fields)).toEqual(["includeName", "lastName*", "includeAddress", "address*"]);
    expect(names(resolveStep(step, { includeName: false, includeAddress: true }).fields)).toEqual(["includeName", "includeAddress", "address*"]);
    expect(resolveStep(step, { includeName: true, includeAddress: false }).fields.find((f) => f.name === "lastName")?.schema).toEqual({ title: "Name", type: "string" });
  });

  it("picks the oneOf branch of a schema dependency by the selected enum value", () => {
    const step: JsonObject = {
      title: "Where",
      properties: { provider: { type: "string", enum: ["github", "gitlab"], "ui:widget": "radio" } },
      dependencies: {
        provider: {
          oneOf: [
            { properties: { provider: { const: "github" }, organisation: { type: "string", title: "Organisation", "ui:help": "Your org" } }, required: ["organisation"] },
            { properties: { provider: { const: "gitlab" }, group: { type: "string" } } },
          ],
        },
      },
    };
    expect(names(resolveStep(step, {}).fields)).toEqual(["provider"]);
    const github = resolveStep(step, { provider: "github" });
    expect(names(github.fields)).toEqual(["provider", "organisation*"]);
    expect(github.fields[1].uiSchema).toEqual({ "ui:help": "Your org" });
    // The dependency's own property keeps its schema; the branch's const does not replace it.
    expect(github.fields[0].schema).toEqual({ type: "string", enum: ["github", "gitlab"] });
    expect(names(resolveStep(step, { provider: "gitlab" }).fields)).toEqual(["provider", "group"]);
  });

  it("makes a property dependency's list required", () => {
    const step: JsonObject = { properties: { card: { type: "string" }, address: { type: "string" } }, dependencies: { card: ["address"] } };
    expect(names(resolveStep(step, {}).fields)).toEqual(["card", "address"]);
    expect(names(resolveStep(step, { card: "4242" }).fields)).toEqual(["card", "address*"]);
  });

  it("settles if/then/else and allOf at the step and inside an object", () => {
    const step: JsonObject = {
      properties: {
        kind: { type: "string", enum: ["service", "library"] },
        deploy: {
          type: "object",
          title: "Deployment",
          properties: { target: { type: "string", enum: ["k8s", "vm"] } },
          if: { properties: { target: { const: "k8s" } } },
          then: { properties: { namespace: { type: "string" } }, required: ["namespace"] },
          else: { properties: { host: { type: "string" } } },
        },
      },
      allOf: [{ if: { properties: { kind: { const: "service" } }, required: ["kind"] }, then: { properties: { port: { type: "number", default: 8080 } } } }],
    };
    const k8s = resolveStep(step, { kind: "service", deploy: { target: "k8s" } });
    expect(names(k8s.fields)).toEqual(["kind", "deploy", "port"]);
    expect(names(k8s.fields[1].fields!)).toEqual(["deploy.target", "deploy.namespace*"]);
    expect(names(resolveStep(step, { kind: "library", deploy: { target: "vm" } }).fields[1].fields!)).toEqual(["deploy.target", "deploy.host"]);
    expect(names(resolveStep(step, { kind: "library" }).fields)).toEqual(["kind", "deploy"]);
  });

  it("orders by ui:order with a wildcard, and keeps unlisted fields", () => {
    expect(orderProperties(["a", "b", "c", "d"], ["c", "*", "a"])).toEqual(["c", "b", "d", "a"]);
    expect(orderProperties(["a", "b", "c"], ["b", "missing"])).toEqual(["b", "a", "c"]);
    expect(orderProperties(["a", "b"], undefined)).toEqual(["a", "b"]);
  });
});

describe("defaults", () => {
  it("fills in defaults, nested ones too, and keeps given values", () => {
    const [step] = stepsOf("docs/values-demo.yaml");
    expect(applyDefaults(step, { name: "svc" })).toEqual({ name: "svc", urlParameter: "https://www.example.com", enabledDB: false });
    expect(applyDefaults(step, { name: "svc", enabledDB: true })).toEqual({ name: "svc", urlParameter: "https://www.example.com", enabledDB: true });
    const [volume] = stepsOf("docs/volume-type.yaml");
    expect(applyDefaults(volume, {})).toEqual({ volume_type: "gp2" });
    const nested: JsonObject = { properties: { deploy: { type: "object", properties: { replicas: { type: "number", default: 2 } } } } };
    expect(applyDefaults(nested, {})).toEqual({ deploy: { replicas: 2 } });
  });

  it("fills in defaults of fields a default switches on", () => {
    const step: JsonObject = {
      properties: { ha: { type: "boolean", default: true } },
      dependencies: { ha: { allOf: [{ if: { properties: { ha: { const: true } } }, then: { properties: { replicas: { type: "number", default: 3 } } } }] } },
    };
    expect(applyDefaults(step, {})).toEqual({ ha: true, replicas: 3 });
    expect(applyDefaults(step, { ha: false })).toEqual({ ha: false });
  });
});

describe("validation", () => {
  it("reports a missing required field at the field, with its title, as RJSF does", () => {
    const [first] = stepsOf("create-app-example/template.yaml");
    expect(validateStep(first, {})).toEqual({ valid: false, errors: { name: ["must have required property 'Name'"] } });
    expect(validateStep(first, { name: "svc" })).toEqual({ valid: true, errors: {} });
  });

  it("gives ajv's messages for formats, patterns and lengths", () => {
    const [form] = stepsOf("docs/registration-form.yaml");
    expect(validateStep(form, { firstName: "Chuck", lastName: 3, telephone: "123" }).errors).toEqual({
      lastName: ["must be string"],
      telephone: ["must NOT have fewer than 10 characters"],
    });
    const step: JsonObject = {
      required: ["email"],
      properties: { email: { type: "string", format: "email", "ui:title": "E-mail" }, tags: { type: "array", items: { type: "string", pattern: "^[a-z]+$" } } },
    };
    expect(validateStep(step, {}).errors).toEqual({ email: ["must have required property 'E-mail'"] });
    expect(validateStep(step, { email: "nope", tags: ["ok", "Not-OK"] }).errors).toEqual({
      email: ['must match format "email"'],
      "tags[1]": ['must match pattern "^[a-z]+$"'],
    });
  });

  it("uses a template's own errorMessage", () => {
    const [step] = stepsOf("docs/custom-error-message.yaml");
    expect(validateStep(step, { name: "1-bad-name" }).errors).toEqual({ name: ["1-8 alphanumeric tokens (first starts with letter) delimited by -"] });
    expect(validateStep(step, { name: "good-one" }).valid).toBe(true);
  });

  it("checks only the fields the conditions show, named by their path", () => {
    const [step] = stepsOf("docs/conditional-fields-ordered.yaml");
    expect(validateStep(step, { includeName: true, includeAddress: false }).errors).toEqual({ lastName: ["must have required property 'Name'"] });
    expect(validateStep(step, { includeName: false, includeAddress: false }).valid).toBe(true);
    const nested: JsonObject = {
      properties: { address: { type: "object", title: "Address", required: ["street"], properties: { street: { type: "string", title: "Street" } } } },
      required: ["address"],
    };
    expect(validateStep(nested, { address: {} }).errors).toEqual({ "address.street": ["must have required property 'Street'"] });
  });

  it("refuses a schema ajv cannot compile as the template's fault", () => {
    expect(() => validateStep({ properties: { a: { $ref: "https://example.com/schema.json" } } }, { a: 1 })).toThrow(/^The template's parameter schema is invalid: /);
    expect(() => validateStep({ properties: { a: { type: "string", pattern: "([" } } }, { a: "x" })).toThrow(/parameter schema is invalid/);
  });

  it("keeps a property named __proto__ a property when filling defaults", () => {
    const filled = applyDefaults({ properties: { ["__proto__"]: { type: "object", properties: { polluted: { type: "boolean", default: true } } } } }, {});
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A posted value named __proto__ is one more wrong field, not a crash.
    const posted = JSON.parse('{"__proto__": {"isAdmin": true}, "name": 3}') as JsonObject;
    expect(validateStep({ type: "object", additionalProperties: false, properties: { name: { type: "string" } } }, posted).errors).toEqual({
      "": ["must NOT have additional properties"],
      name: ["must be string"],
    });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("reports the oneOf branch's own errors, not ajv's summary", () => {
    const step: JsonObject = {
      properties: { provider: { type: "string", enum: ["github", "gitlab"] } },
      dependencies: {
        provider: { oneOf: [{ properties: { provider: { const: "github" }, organisation: { type: "string" } }, required: ["organisation"] }, { properties: { provider: { const: "gitlab" } } }] },
      },
    };
    expect(validateStep(step, { provider: "github" }).errors).toEqual({ organisation: ["must have required property 'organisation'"] });
    expect(validateStep(step, { provider: "gitlab" }).valid).toBe(true);
    expect(validateStep(step, { provider: "bitbucket" }).errors).toEqual({ provider: ["must be equal to one of the allowed values"] });
  });
});
