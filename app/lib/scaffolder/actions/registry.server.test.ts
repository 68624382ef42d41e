import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createLocationReader } from "../../catalog/processing/readers.server";
import { createBuiltinActions } from "./builtin/index.server";
import { templateRendererLoader } from "./renderer.server";
import { createActionRegistry } from "./registry.server";
import type { TemplateAction } from "./types";

const noop: TemplateAction = { id: "test:noop", handler: async () => undefined };
const builtins = () =>
  createBuiltinActions({
    reader: createLocationReader({}),
    catalog: {
      entities: { entityByRef: async () => undefined, entitiesByRefs: async () => ({ items: [] }) },
      locations: { add: async () => ({ entities: [] }) },
    },
    loadRenderer: templateRendererLoader(),
  });

describe("the action registry", () => {
  it("finds an action by id and fails an unknown one with Backstage's message", () => {
    const registry = createActionRegistry([noop]);
    expect(registry.get("test:noop")).toBe(noop);
    expect(registry.has("publish:nowhere")).toBe(false);
    expect(() => registry.get("publish:nowhere")).toThrow("Template action with ID 'publish:nowhere' is not registered.");
  });

  it("refuses a second action with the same id", () => {
    const registry = createActionRegistry([noop]);
    expect(() => registry.register({ ...noop })).toThrow("Template action with ID 'test:noop' has already been registered");
    expect(registry.list()).toHaveLength(1);
  });

  it("lists actions as GET /v2/actions answers: id, description, examples and schemas, nothing else", () => {
    const registry = createActionRegistry([noop, ...builtins()]);
    const listed = registry.describe();
    expect(listed[0]).toEqual({ id: "test:noop", schema: {} });
    expect(listed.map((action) => action.id)).toEqual([
      "test:noop",
      "fetch:plain",
      "fetch:plain:file",
      "fetch:template",
      "fetch:template:file",
      "debug:log",
      "debug:wait",
      "catalog:register",
      "catalog:fetch",
      "catalog:write",
      "fs:delete",
      "fs:rename",
    ]);
    for (const action of listed.slice(1)) {
      expect(Object.keys(action).sort()).toEqual(["description", "examples", "id", "schema"]);
      expect(action.schema.input).toBeTypeOf("object");
      expect(JSON.parse(JSON.stringify(action))).toEqual(action);
      // Every example is a template's steps, in YAML, using the action it illustrates.
      expect(action.examples?.length).toBeGreaterThan(0);
      for (const example of action.examples ?? []) {
        const steps = (parse(example.example) as { steps: Array<{ action: string; id: string; name: string }> }).steps;
        expect(steps.map((step) => step.action)).toContain(action.id);
      }
    }
    expect(listed.find((action) => action.id === "catalog:register")?.schema.output).toMatchObject({ properties: { entityRef: { type: "string" }, catalogInfoUrl: { type: "string" } } });
    expect(listed.find((action) => action.id === "fetch:template")?.schema.input).toMatchObject({
      required: ["url"],
      properties: { url: {}, targetPath: {}, values: {}, copyWithoutRender: {}, copyWithoutTemplating: {}, cookiecutterCompat: {}, templateFileExtension: {}, replace: {} },
    });
  });
});
