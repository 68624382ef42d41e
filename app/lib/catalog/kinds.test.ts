import * as backstage from "@backstage/catalog-model";
import { describe, expect, it } from "vitest";
import { InputError } from "~/lib/errors";
import type { Entity } from "./entity";
import { apiVersionsOf, KNOWN_KINDS, validateKind } from "./kinds";

const make = (kind: string, spec: unknown, apiVersion = "backstage.io/v1alpha1"): Entity => ({ apiVersion, kind, metadata: { name: "x", namespace: "default" }, spec }) as Entity;

const validSpecs: Record<string, Record<string, unknown>> = {
  Component: { type: "service", lifecycle: "production", owner: "team-a", system: "s", subcomponentOf: "c", providesApis: ["a"], consumesApis: [], dependsOn: ["resource:db"] },
  API: { type: "openapi", lifecycle: "production", owner: "team-a", definition: "openapi: 3.0.0" },
  System: { owner: "team-a", domain: "d" },
  Domain: { owner: "team-a", subdomainOf: "parent" },
  Resource: { type: "database", owner: "team-a", dependsOn: ["component:x"], dependencyOf: ["component:y"] },
  Group: { type: "team", children: [], members: ["jane"], parent: "org", profile: { displayName: "Team A" } },
  User: { memberOf: ["team-a"], profile: { email: "jane@example.com" } },
  Location: { type: "url", targets: ["https://example.com/a.yaml"], presence: "optional" },
};

const BACKSTAGE_VALIDATORS: Record<string, { check(data: Entity): Promise<boolean> }> = {
  Component: backstage.componentEntityV1alpha1Validator,
  API: backstage.apiEntityV1alpha1Validator,
  System: backstage.systemEntityV1alpha1Validator,
  Domain: backstage.domainEntityV1alpha1Validator,
  Resource: backstage.resourceEntityV1alpha1Validator,
  Group: backstage.groupEntityV1alpha1Validator,
  User: backstage.userEntityV1alpha1Validator,
  Location: backstage.locationEntityV1alpha1Validator,
};

/** What Backstage's kind validator says about an entity: "ok", "not mine", or its error. */
async function backstageVerdict(entity: Entity): Promise<string> {
  try {
    return (await BACKSTAGE_VALIDATORS[entity.kind].check(entity)) ? "ok" : "not mine";
  } catch (error) {
    return String(error);
  }
}

function ourVerdict(entity: Entity): string {
  try {
    validateKind(entity);
    return "ok";
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith("No processor recognized")) return "not mine";
    return message.slice(message.indexOf("; caused by ") + "; caused by ".length);
  }
}

describe("validateKind", () => {
  it("knows Backstage's kinds", () => {
    expect(KNOWN_KINDS).toEqual(["Component", "API", "System", "Domain", "Resource", "Group", "User", "Location", "Template"]);
    expect(apiVersionsOf("Component")).toEqual(["backstage.io/v1alpha1", "backstage.io/v1beta1"]);
    expect(apiVersionsOf("Template")).toEqual(["scaffolder.backstage.io/v1beta3"]);
    expect(apiVersionsOf("Widget")).toEqual([]);
  });

  it.each(
    Object.entries(validSpecs).flatMap(([kind, spec]) => [
      [kind, spec, "backstage.io/v1alpha1"],
      [kind, spec, "backstage.io/v1beta1"],
    ]),
  )("accepts a valid %s (%j) under %s, as Backstage does", async (kind, spec, apiVersion) => {
    const entity = make(kind, spec, apiVersion);
    expect(() => validateKind(entity)).not.toThrow();
    expect(await backstageVerdict(entity)).toBe("ok");
  });

  it.each([
    ["Component", { lifecycle: "production", owner: "a" }, "/spec must have required property 'type' - missingProperty: type"],
    ["Component", { type: "service", lifecycle: "production" }, "/spec must have required property 'owner' - missingProperty: owner"],
    ["Component", { type: 1, owner: "a" }, "/spec must have required property 'lifecycle' - missingProperty: lifecycle"],
    ["Component", { type: "service", lifecycle: "production", owner: 3 }, "/spec/owner must be string - type: string"],
    ["Component", { type: "service", lifecycle: "production", owner: "" }, "/spec/owner must NOT have fewer than 1 characters - limit: 1"],
    ["Component", { type: "service", lifecycle: "production", owner: "a", providesApis: "pets" }, "/spec/providesApis must be array - type: array"],
    ["Component", { type: "service", lifecycle: "production", owner: "a", dependsOn: ["x", ""] }, "/spec/dependsOn/1 must NOT have fewer than 1 characters - limit: 1"],
    ["Component", undefined, "<root> must have required property 'spec' - missingProperty: spec"],
    ["Component", "service", "/spec must be object - type: object"],
    ["API", { type: "openapi", lifecycle: "production", owner: "a" }, "/spec must have required property 'definition' - missingProperty: definition"],
    ["API", { type: "openapi", lifecycle: "production", owner: "a", definition: { openapi: "3" } }, "/spec/definition must be string - type: string"],
    ["System", {}, "/spec must have required property 'owner' - missingProperty: owner"],
    ["System", { owner: "a", domain: 5 }, "/spec/domain must be string - type: string"],
    ["Domain", { owner: "a", subdomainOf: "" }, "/spec/subdomainOf must NOT have fewer than 1 characters - limit: 1"],
    ["Resource", { owner: "a" }, "/spec must have required property 'type' - missingProperty: type"],
    ["Group", { type: "team" }, "/spec must have required property 'children' - missingProperty: children"],
    ["Group", { type: "team", children: [], profile: { displayName: "" } }, "/spec/profile/displayName must NOT have fewer than 1 characters - limit: 1"],
    ["Group", { type: "team", children: [], members: "jane" }, "/spec/members must be array - type: array"],
    ["User", {}, "/spec must have required property 'memberOf' - missingProperty: memberOf"],
    ["User", { memberOf: [1] }, "/spec/memberOf/0 must be string - type: string"],
    ["Location", { target: "" }, "/spec/target must NOT have fewer than 1 characters - limit: 1"],
    ["Location", { presence: "maybe" }, "/spec/presence must be equal to one of the allowed values - allowedValues: required,optional"],
  ])("rejects a %s with spec %j, in Backstage's words", async (kind, spec, message) => {
    const entity = make(kind, spec);
    expect(() => validateKind(entity)).toThrow(
      new InputError(`Processor BuiltinKindsEntityProcessor threw an error while validating the entity ${kind.toLowerCase()}:default/x; caused by TypeError: ${message}`),
    );
    expect(await backstageVerdict(entity)).toBe(`TypeError: ${message}`);
  });

  it("accepts a Location without target or targets, as Backstage does", async () => {
    expect(() => validateKind(make("Location", {}))).not.toThrow();
    expect(await backstageVerdict(make("Location", {}))).toBe("ok");
  });

  it.each([
    ["Component", "backstage.io/v2"],
    ["component", "backstage.io/v1alpha1"],
    ["Widget", "backstage.io/v1alpha1"],
    ["Template", "backstage.io/v1alpha1"],
    ["Template", "scaffolder.backstage.io/v1beta2"],
  ])("does not recognise kind %s with apiVersion %s", (kind, apiVersion) => {
    const entity = make(kind, validSpecs.Component, apiVersion);
    expect(() => validateKind(entity)).toThrow(new InputError(`No processor recognized the entity ${kind.toLowerCase()}:default/x as valid, possibly caused by a foreign kind or apiVersion`));
  });

  // Specs with several defects at once: the first one reported must be Backstage's.
  const messy: Array<[string, unknown]> = [
    ["Component", { owner: 1, lifecycle: "", providesApis: [1, ""], type: [] }],
    ["Component", { system: 1, type: "t", owner: "", consumesApis: {} }],
    ["API", { definition: 1, type: "t" }],
    ["API", { system: "", definition: "", lifecycle: 1, owner: "o", type: "t" }],
    ["Group", { children: [""], members: [null], type: 2, profile: [] }],
    ["Group", { profile: { email: 1, picture: "" }, children: "x" }],
    ["User", { profile: "me", memberOf: {} }],
    ["Resource", { dependsOn: [1], system: 1, owner: 2 }],
    ["Location", { type: 1, target: 2, targets: [3], presence: 4 }],
    ["Domain", { type: "", subdomainOf: 1 }],
  ];
  it.each(messy)("reports the same first problem as Backstage for a %s with spec %j", async (kind, spec) => {
    const entity = make(kind, spec);
    expect(ourVerdict(entity)).toBe(await backstageVerdict(entity));
  });
});

describe("validateKind for Template", () => {
  const template = (spec: unknown) => make("Template", spec, "scaffolder.backstage.io/v1beta3");
  const steps = [{ id: "fetch", name: "Fetch", action: "fetch:plain", input: { url: "./skeleton" }, if: "${{ parameters.x }}" }];

  it.each([
    [{ type: "service", steps: [] }],
    [{ type: "service", owner: "team-a", parameters: { properties: {} }, steps }],
    [
      {
        type: "service",
        parameters: [{ title: "One" }, { title: "Two" }],
        steps,
        output: { links: [{ url: "https://x", title: "Repo", if: true }], text: [{ title: "Next", content: "**done**" }], repo: "x" },
      },
    ],
    [{ type: "service", steps: [{ action: "debug:log", if: false }] }],
  ])("accepts %j", (spec) => {
    expect(() => validateKind(template(spec))).not.toThrow();
  });

  it.each([
    [{ steps: [] }, "/spec must have required property 'type' - missingProperty: type"],
    [{ type: "service" }, "/spec must have required property 'steps' - missingProperty: steps"],
    [{ type: "service", steps: [{ id: "a" }] }, "/spec/steps/0 must have required property 'action' - missingProperty: action"],
    [{ type: "service", steps: [{ action: "a", if: 1 }] }, "/spec/steps/0/if must be string,boolean - type: string,boolean"],
    [{ type: "service", steps: [], parameters: "x" }, "/spec/parameters must be object - type: object"],
    [{ type: "service", steps: [], parameters: [1] }, "/spec/parameters must be object - type: object"],
    [{ type: "service", steps: [], owner: "" }, "/spec/owner must NOT have fewer than 1 characters - limit: 1"],
    [{ type: "service", steps: [], output: { n: 1 } }, "/spec/output/n must be string - type: string"],
    [{ type: "service", steps: [], output: { links: [{ url: "" }] } }, "/spec/output/links/0/url must NOT have fewer than 1 characters - limit: 1"],
    [{ type: "service", steps: [], output: { text: "done" } }, "/spec/output/text must be array - type: array"],
  ])("rejects %j", (spec, message) => {
    expect(() => validateKind(template(spec))).toThrow(
      new InputError(`Processor ScaffolderEntitiesProcessor threw an error while validating the entity template:default/x; caused by TypeError: ${message}`),
    );
  });
});
