import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InputError } from "~/lib/errors";
import { createPermission } from "./permissions";
import { createPermissionRegistry, type PermissionResourceType } from "./registry";
import { createCondition, createPermissionRule, describeRules } from "./rules";

// The core knows resource types only through what is registered: a made-up
// area with one rule is decided, described and refused like the catalog.

type Widget = { colour: string };
const hasColour = createPermissionRule({
  name: "HAS_COLOUR",
  description: "Widgets of a colour",
  resourceType: "widget",
  paramsSchema: z.strictObject({ colour: z.string() }),
  apply: (widget: Widget, { colour }) => widget.colour === colour,
  toQuery: ({ colour }) => ({ column: "colour", equals: colour }),
});
const widgets: PermissionResourceType<Widget> = {
  resourceType: "widget",
  pluginId: "workshop",
  rules: [hasColour],
  matchNothing: createCondition(hasColour, { colour: "" }),
  describe: (widget) => `the ${widget.colour} widget`,
};
const paint = createPermission({ name: "workshop.widget.paint", attributes: { action: "update" }, resourceType: "widget" });
const registry = createPermissionRegistry({ permissions: [paint], resourceTypes: [widgets] });

describe("permission registry", () => {
  it("applies conditions with the rules of their resource type", () => {
    const red = { colour: "red" };
    expect(registry.applyConditions("widget", { anyOf: [createCondition(hasColour, { colour: "blue" }), createCondition(hasColour, { colour: "red" })] }, red)).toBe(true);
    expect(registry.applyConditions("widget", { not: { resourceType: "widget", rule: "HAS_COLOUR", params: { colour: "red" } } }, red)).toBe(false);
    expect(registry.describeResource("widget", red)).toBe("the red widget");
    expect(hasColour.toQuery({ colour: "red" })).toEqual({ column: "colour", equals: "red" });
  });

  it("refuses conditions it cannot read", () => {
    expect(() => registry.applyConditions("widget", { resourceType: "widget", rule: "HAS_SIZE", params: {} }, { colour: "red" })).toThrow(
      new InputError("Unknown permission rule 'HAS_SIZE' for resource type widget; known rules: HAS_COLOUR"),
    );
    expect(() => registry.applyConditions("widget", { resourceType: "gadget", rule: "HAS_COLOUR", params: { colour: "red" } }, { colour: "red" })).toThrow(
      "Condition HAS_COLOUR is for resource type gadget, not widget",
    );
    expect(() => registry.applyConditions("widget", { resourceType: "widget", rule: "HAS_COLOUR", params: { colour: 3 } }, { colour: "red" })).toThrow("Invalid params for rule HAS_COLOUR");
    expect(() => registry.applyConditions("gadget", { resourceType: "gadget", rule: "HAS_COLOUR", params: {} }, {})).toThrow("known rules: none");
  });

  it("refuses to register a name twice or a rule under another resource type", () => {
    expect(() => createPermissionRegistry({ permissions: [paint, paint], resourceTypes: [] })).toThrow("Permission workshop.widget.paint is registered twice");
    expect(() => createPermissionRegistry({ permissions: [], resourceTypes: [widgets, widgets] })).toThrow("Resource type widget is registered twice");
    expect(() => createPermissionRegistry({ permissions: [], resourceTypes: [{ ...widgets, resourceType: "gadget" }] })).toThrow("Rule HAS_COLOUR of widget is registered for gadget");
  });

  it("describes rules as Backstage's metadata endpoint does", () => {
    expect(describeRules([hasColour])).toEqual([
      {
        name: "HAS_COLOUR",
        description: "Widgets of a colour",
        resourceType: "widget",
        paramsSchema: expect.objectContaining({ type: "object", properties: { colour: { type: "string" } }, required: ["colour"] }),
      },
    ]);
  });
});
