import * as backstage from "@backstage/catalog-model";
import { describe, expect, it } from "vitest";
import { InputError } from "~/lib/errors";
import type { Entity } from "./entity";
import { entityRefKey, getCompoundEntityRef, humanizeEntityRef, parseEntityRef, stringifyEntityRef } from "./entity-ref";
import type { EntityRefContext } from "./entity-ref";

const entity = (kind: string, name: string, namespace?: string): Entity => ({
  apiVersion: "backstage.io/v1alpha1",
  kind,
  metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
});

describe("parseEntityRef", () => {
  it.each([
    ["component:default/web", undefined, { kind: "component", namespace: "default", name: "web" }],
    ["Component:Ops/Web", undefined, { kind: "Component", namespace: "Ops", name: "Web" }],
    ["component:web", undefined, { kind: "component", namespace: "default", name: "web" }],
    ["web", { defaultKind: "Group" }, { kind: "Group", namespace: "default", name: "web" }],
    ["ops/web", { defaultKind: "Group" }, { kind: "Group", namespace: "ops", name: "web" }],
    ["web", { defaultKind: "Group", defaultNamespace: "ops" }, { kind: "Group", namespace: "ops", name: "web" }],
    ["web", { defaultKind: "Group", defaultNamespace: "" }, { kind: "Group", namespace: "default", name: "web" }],
    ["user:ns/a:b", undefined, { kind: "user", namespace: "ns", name: "a:b" }],
    ["ns/a:b", { defaultKind: "User" }, { kind: "User", namespace: "ns", name: "a:b" }],
    ["a:b/c/d", undefined, { kind: "a", namespace: "b", name: "c/d" }],
    [{ kind: "API", name: "pets" }, undefined, { kind: "API", namespace: "default", name: "pets" }],
    [{ name: "pets" }, { defaultKind: "API", defaultNamespace: "x" }, { kind: "API", namespace: "x", name: "pets" }],
  ])("parses %j with %j", (ref, context, expected) => {
    expect(parseEntityRef(ref, context)).toEqual(expected);
  });

  it.each([
    ["", undefined, "Entity reference must not be empty"],
    ["web", undefined, 'Entity reference "web" had missing or empty kind (e.g. did not start with "component:" or similar)'],
    [":web", { defaultKind: "Group" }, 'Entity reference ":web" was not on the form [<kind>:][<namespace>/]<name>'],
    ["component:", undefined, 'Entity reference "component:" was not on the form [<kind>:][<namespace>/]<name>'],
    ["component:/web", undefined, 'Entity reference "component:/web" was not on the form [<kind>:][<namespace>/]<name>'],
    ["component:ns/", undefined, 'Entity reference "component:ns/" was not on the form [<kind>:][<namespace>/]<name>'],
    [{ kind: "", name: "web" }, { defaultKind: "Group" }, 'Entity reference {"kind":"","name":"web"} had missing or empty kind (e.g. did not start with "component:" or similar)'],
    [{ kind: "Group", namespace: "", name: "web" }, undefined, 'Entity reference {"kind":"Group","namespace":"","name":"web"} had missing or empty namespace'],
    [{ kind: "Group", name: "" }, undefined, 'Entity reference {"kind":"Group","name":""} had missing or empty name'],
  ])("rejects %j with %j", (ref, context, message) => {
    expect(() => parseEntityRef(ref, context)).toThrow(new InputError(message));
    expect(() => parseEntityRef(ref, context)).toThrow(InputError);
  });

  const inputs: Array<string | { kind?: string; namespace?: string; name: string }> = [
    "component:default/web",
    "web",
    "ops/web",
    "Group:Ops/Team-A",
    "a:b/c/d",
    "ns/a:b",
    ":x",
    "x:",
    "/x",
    "x/",
    "",
    "group:/x",
    "a::b",
    "a//b",
    { name: "x" },
    { kind: "", name: "x" },
    { namespace: "", name: "x" },
    { kind: "K", name: "" },
  ];
  const contexts: Array<EntityRefContext | undefined> = [undefined, { defaultKind: "Group" }, { defaultKind: "Group", defaultNamespace: "team" }, { defaultNamespace: "" }, { defaultKind: "" }];
  it.each(inputs.flatMap((ref) => contexts.map((context) => [ref, context] as const)))("agrees with @backstage/catalog-model for %j with %j", (ref, context) => {
    const outcome = (fn: () => unknown) => {
      try {
        return { value: fn() };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    expect(outcome(() => parseEntityRef(ref, context))).toEqual(outcome(() => backstage.parseEntityRef(ref, context)));
  });
});

describe("stringifyEntityRef", () => {
  it.each([
    [{ kind: "Component", namespace: "Default", name: "Web" }, "component:default/web"],
    [entity("Group", "Team-A"), "group:default/team-a"],
    [entity("Group", "Team-A", "Ops"), "group:ops/team-a"],
  ])("writes %j as %s, lower-cased like catalog-model 1.10", (ref, expected) => {
    expect(stringifyEntityRef(ref)).toBe(expected);
    expect(stringifyEntityRef(ref)).toBe(backstage.stringifyEntityRef(ref as backstage.Entity));
  });
});

describe("entityRefKey", () => {
  it.each([
    ["Component:Ops/Web", "component:ops/web"],
    ["Group:Team-A", "group:default/team-a"],
    [{ kind: "API", namespace: "X", name: "Pets" }, "api:x/pets"],
    [entity("User", "Jane.Doe"), "user:default/jane.doe"],
  ])("keys %j as %s", (ref, expected) => {
    expect(entityRefKey(ref)).toBe(expected);
  });

  it("makes refs that differ only in case equal", () => {
    expect(entityRefKey("component:default/Web")).toBe(entityRefKey({ kind: "COMPONENT", namespace: "DEFAULT", name: "web" }));
  });

  it("needs a kind in a string ref", () => {
    expect(() => entityRefKey("web")).toThrow(InputError);
  });
});

describe("humanizeEntityRef", () => {
  it.each([
    [{ kind: "Component", namespace: "default", name: "Web" }, undefined, "component:Web"],
    [{ kind: "Component", namespace: "ops", name: "web" }, undefined, "component:ops/web"],
    [{ kind: "Group", namespace: "default", name: "team" }, { defaultKind: "group" }, "team"],
    [{ kind: "Group", namespace: "ops", name: "team" }, { defaultKind: "Group" }, "ops/team"],
    [{ kind: "Group", namespace: "default", name: "team" }, { defaultNamespace: false as const }, "group:default/team"],
    [{ kind: "Group", namespace: "ops", name: "team" }, { defaultNamespace: "ops" }, "group:team"],
    [{ kind: "Group", namespace: "default", name: "team" }, { defaultNamespace: "ops" }, "group:default/team"],
    [{ kind: "Group", namespace: "", name: "team" }, undefined, "group:team"],
    [entity("User", "jane", "people"), { defaultKind: "User" }, "people/jane"],
  ])("shows %j with %j as %s", (ref, options, expected) => {
    expect(humanizeEntityRef(ref, options)).toBe(expected);
  });
});

describe("getCompoundEntityRef", () => {
  it.each([
    [entity("Component", "web"), { kind: "Component", namespace: "default", name: "web" }],
    [entity("Component", "web", "ops"), { kind: "Component", namespace: "ops", name: "web" }],
    [entity("Component", "web", ""), { kind: "Component", namespace: "default", name: "web" }],
  ])("reads %j", (value, expected) => {
    expect(getCompoundEntityRef(value)).toEqual(expected);
    expect(getCompoundEntityRef(value)).toEqual(backstage.getCompoundEntityRef(value as backstage.Entity));
  });
});
