import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { publishActions } from "./index.server";

describe("publishActions", () => {
  const actions = publishActions({ integrations: {} });

  it("offers Backstage's publishers by their ids, none of them in a dry-run", () => {
    expect(actions.map((action) => action.id)).toEqual(["publish:github", "publish:github:pull-request", "publish:gitlab", "publish:azure", "publish:bitbucketCloud"]);
    expect(actions.every((action) => action.supportsDryRun === false)).toBe(true);
  });

  it("declares input and output schemas whose required inputs are among their properties", () => {
    for (const action of actions) {
      const input = action.schema?.input as { type: string; required: string[]; properties: Record<string, unknown> };
      expect(input.type, action.id).toBe("object");
      expect(input.required, action.id).toContain("repoUrl");
      for (const name of input.required) expect(input.properties, `${action.id} ${name}`).toHaveProperty(name);
      expect(input.properties.token, action.id).toMatchObject({ type: "string" });
      expect(Object.keys((action.schema?.output as { properties: object }).properties).length, action.id).toBeGreaterThan(0);
    }
  });

  it("gives examples that are template steps using the action", () => {
    for (const action of actions) {
      expect(action.examples?.length, action.id).toBeGreaterThan(0);
      for (const example of action.examples ?? []) {
        const { steps } = parse(example.example) as { steps: Array<{ action: string; input: { repoUrl: string } }> };
        expect(steps[0].action).toBe(action.id);
        expect(steps[0].input.repoUrl).toMatch(/^[\w.-]+\?/);
      }
    }
  });
});
