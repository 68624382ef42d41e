import { describe, expect, it } from "vitest";
import { ConfigError } from "~/lib/config/errors";
import { DEFAULT_ROLES, NEEDS_USER, parsePermissionConfig, patternMatches, resolvePlaceholders } from "./policy-config";

function problemsOf(value: unknown): string[] {
  try {
    parsePermissionConfig(value);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

const withRole = (role: Record<string, unknown>) => ({ enabled: true, policy: { roles: [{ name: "r", members: ["*"], permissions: [], ...role }] } });
const withGrant = (grant: Record<string, unknown>) => withRole({ permissions: [grant] });
const AT = "permission.policy.roles[0].permissions[0]";

describe("parsePermissionConfig", () => {
  it("defaults to disabled, with the allow-all policy Backstage's app template installs", () => {
    expect(parsePermissionConfig(undefined)).toEqual({
      enabled: false,
      EXPERIMENTAL_enableBatchedRequests: false,
      policy: { roles: DEFAULT_ROLES, configured: false },
    });
    expect(parsePermissionConfig({ enabled: "true" }).enabled).toBe(true);
  });

  it("normalises members to full lower-case refs", () => {
    const config = parsePermissionConfig(withRole({ members: ["*", "Group:Default/Platform-Team", "user:ada"] }));
    expect(config.policy.roles[0].members).toEqual(["*", "group:default/platform-team", "user:default/ada"]);
    expect(config.policy.configured).toBe(true);
  });

  it("accepts grants of scaffolder and Kubernetes permissions, with the rules of each permission's resource type", () => {
    const permissions = [
      { permission: "kubernetes.*" },
      { permission: "scaffolder.task.create" },
      { permission: "scaffolder.task.read", conditions: { rule: "IS_TASK_OWNER", params: { createdBy: ["$userEntityRef"] } } },
      { permission: "scaffolder.task.cancel", conditions: { rule: "IS_TASK_OWNER", params: { createdBy: ["$ownershipEntityRefs"] } } },
      { permission: "scaffolder.template.parameter.read", conditions: { not: { rule: "HAS_TAG", params: { tag: "secret" } } } },
      {
        permission: "scaffolder.action.execute",
        conditions: {
          anyOf: [
            { rule: "HAS_ACTION_ID", resourceType: "scaffolder-action", params: { actionId: "fetch:template" } },
            {
              allOf: [
                { rule: "HAS_BOOLEAN_PROPERTY", params: { key: "dryRun", value: true } },
                { rule: "HAS_NUMBER_PROPERTY", params: { key: "replicas" } },
              ],
            },
            { rule: "HAS_STRING_PROPERTY", params: { key: "repoUrl", value: "github.com?owner=acme" } },
          ],
        },
      },
    ];
    expect(parsePermissionConfig(withRole({ permissions })).policy.roles[0].permissions).toEqual(permissions);
  });

  it.each([
    [{ enabled: "yes" }, "Unable to convert config value for key 'permission.enabled' to a boolean, got 'yes'"],
    [{ enabled: true, policy: {} }, "Missing required config value at 'permission.policy.roles'"],
    [{ enabled: true, policy: { roles: [{ name: "r", members: ["*"], permissions: [], extra: 1 }] } }, `Invalid config value at 'permission.policy.roles[0]': Unrecognized key: "extra"`],
    [withRole({ name: "" }), "Invalid config value at 'permission.policy.roles[0].name': must not be empty"],
    [withRole({ members: "*" }), "Invalid type in config for key 'permission.policy.roles[0].members', got string, wanted array"],
    [withRole({ members: ["ada"] }), "Invalid config value at 'permission.policy.roles[0].members[0]': 'ada' must be '*' or an entity ref with a kind, such as user:default/ada or group:default/team"],
    [withGrant({ permission: "catalog.entity.raed" }), `Invalid config value at '${AT}.permission': 'catalog.entity.raed' matches no known permission; known permissions: catalog.entity.read,`],
    [withGrant({ permission: "catalog.*.read" }), `Invalid config value at '${AT}.permission': 'catalog.*.read' may only use '*' alone or as a trailing '.*'`],
    [withGrant({ permission: "catalog.entity.read", condition: {} }), `Invalid config value at '${AT}': Unrecognized key: "condition"`],
    [
      withGrant({ permission: "catalog.entity.create", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: [] } } }),
      `Invalid config value at '${AT}.permission': catalog.entity.create is a basic permission, so it cannot have conditions; conditions apply to catalog.entity.read, catalog.entity.delete, catalog.entity.refresh`,
    ],
    [
      withGrant({ permission: "kubernetes.proxy", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: [] } } }),
      `Invalid config value at '${AT}.permission': kubernetes.proxy is a basic permission, so it cannot have conditions; conditions apply to catalog.entity.read, catalog.entity.delete, catalog.entity.refresh, scaffolder.template.parameter.read, scaffolder.template.step.read, scaffolder.action.execute, scaffolder.task.read, scaffolder.task.cancel`,
    ],
    [
      withGrant({ permission: "scaffolder.action.execute", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: [] } } }),
      `Invalid config value at '${AT}.conditions.rule': rule 'IS_ENTITY_OWNER' is a rule of catalog-entity, but scaffolder.action.execute is checked against scaffolder-action; known rules for scaffolder-action: HAS_ACTION_ID, HAS_BOOLEAN_PROPERTY, HAS_NUMBER_PROPERTY, HAS_STRING_PROPERTY`,
    ],
    [
      withGrant({
        permission: "scaffolder.task.read",
        conditions: {
          anyOf: [
            { rule: "IS_TASK_OWNER", params: { createdBy: ["$userEntityRef"] } },
            { rule: "HAS_LABEL", params: { label: "x" } },
          ],
        },
      }),
      `Invalid config value at '${AT}.conditions.anyOf[1].rule': rule 'HAS_LABEL' is a rule of catalog-entity, but scaffolder.task.read is checked against scaffolder-task; known rules for scaffolder-task: IS_TASK_OWNER`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { rule: "IS_TASK_OWNER", params: { createdBy: [] } } }),
      `Invalid config value at '${AT}.conditions.rule': rule 'IS_TASK_OWNER' is a rule of scaffolder-task, but catalog.entity.read is checked against catalog-entity`,
    ],
    [
      withGrant({ permission: "scaffolder.task.read", conditions: { rule: "IS_TASK_OWNER", params: { createdBy: "$userEntityRef" } } }),
      `Invalid config value at '${AT}.conditions.params': Invalid params for rule IS_TASK_OWNER: createdBy: createdBy must be a list of entity refs`,
    ],
    [
      withGrant({ permission: "scaffolder.action.execute", conditions: { rule: "HAS_NUMBER_PROPERTY", params: { key: "replicas", value: "3" } } }),
      `Invalid config value at '${AT}.conditions.params': Invalid params for rule HAS_NUMBER_PROPERTY: value: value must be a number`,
    ],
    [
      withGrant({ permission: "scaffolder.template.step.read", conditions: { rule: "HAS_TAG", resourceType: "scaffolder-task", params: { tag: "x" } } }),
      `Invalid config value at '${AT}.conditions.resourceType': must be scaffolder-template, the resource type of scaffolder.template.step.read`,
    ],
    [
      withGrant({ permission: "*", conditions: { rule: "HAS_LABEL", params: { label: "x" } } }),
      `Invalid config value at '${AT}.permission': '*' is not a single known permission, so it cannot have conditions`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { rule: "IS_OWNER", params: {} } }),
      `Invalid config value at '${AT}.conditions.rule': unknown rule 'IS_OWNER'; known rules for catalog-entity: IS_ENTITY_OWNER, IS_ENTITY_KIND, HAS_ANNOTATION, HAS_LABEL, HAS_METADATA, HAS_SPEC`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { rule: "IS_ENTITY_OWNER", params: { claim: ["$ownershipEntityRefs"] } } }),
      `Invalid config value at '${AT}.conditions.params': Invalid params for rule IS_ENTITY_OWNER: claims: claims must be a list of entity refs; Unrecognized key: "claim"`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { anyOf: [{ rule: "HAS_LABEL", params: { label: "x" } }, { rule: "HAS_LABLE" }] } }),
      `Invalid config value at '${AT}.conditions.anyOf[1].rule': unknown rule 'HAS_LABLE'`,
    ],
    [withGrant({ permission: "catalog.entity.read", conditions: { anyOf: [] } }), `Invalid config value at '${AT}.conditions.anyOf': must be a non-empty list of conditions`],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { not: { rule: "HAS_LABEL", params: { label: "x" } }, anyOf: [] } }),
      `Invalid config value at '${AT}.conditions': anyOf must be the only key`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: ["IS_ENTITY_OWNER"] }),
      `Invalid config value at '${AT}.conditions': must be a condition {rule, params} or {anyOf: [...]}, {allOf: [...]} or {not: ...}`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: ["$me"] } } }),
      `Invalid config value at '${AT}.conditions.params.claims': unknown placeholder '$me'; use $ownershipEntityRefs or $userEntityRef`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: "$ownershipEntityRefs" } } }),
      `Invalid config value at '${AT}.conditions.params.claims': $ownershipEntityRefs is a list of refs; use it inside a list, as [$ownershipEntityRefs]`,
    ],
    [
      withGrant({ permission: "catalog.entity.read", conditions: { rule: "HAS_LABEL", resourceType: "scaffolder-template", params: { label: "x" } } }),
      `Invalid config value at '${AT}.conditions.resourceType': must be catalog-entity, the resource type of catalog.entity.read`,
    ],
    [
      {
        enabled: true,
        policy: {
          roles: [
            { name: "a", members: [], permissions: [] },
            { name: "a", members: [], permissions: [] },
          ],
        },
      },
      "Invalid config value at 'permission.policy.roles[1].name': role 'a' is defined twice",
    ],
  ])("reports a bad policy by key path (%#)", (value, message) => {
    expect(problemsOf(value)).toEqual([expect.stringContaining(message)]);
  });

  it("reports every problem at once", () => {
    const problems = problemsOf(withRole({ members: ["nobody"], permissions: [{ permission: "nope" }, { permission: "catalog.entity.read", conditions: { rule: "X" } }] }));
    expect(problems.map((problem) => problem.split("'")[1])).toEqual([
      "permission.policy.roles[0].members[0]",
      "permission.policy.roles[0].permissions[0].permission",
      "permission.policy.roles[0].permissions[1].conditions.rule",
    ]);
  });

  it("nests conditions at most ten levels deep", () => {
    let conditions: unknown = { rule: "HAS_LABEL", params: { label: "x" } };
    for (let i = 0; i < 11; i++) conditions = { not: conditions };
    expect(problemsOf(withGrant({ permission: "catalog.entity.read", conditions }))).toEqual([expect.stringContaining("nested too deeply, at most 10 levels")]);
  });
});

describe("patternMatches", () => {
  it.each([
    ["*", "anything.at.all", true],
    ["catalog.*", "catalog.entity.read", true],
    ["catalog.entity.*", "catalog.location.read", false],
    ["catalog.*", "catalogue.read", false],
    ["catalog.entity.read", "catalog.entity.read", true],
    ["catalog.entity.read", "catalog.entity.readx", false],
  ])("%s covers %s: %s", (pattern, name, expected) => {
    expect(patternMatches(pattern, name)).toBe(expected);
  });
});

describe("resolvePlaceholders", () => {
  const ada = { userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada", "group:default/team-a"] };

  it("expands refs inside lists and the user's ref as a whole value", () => {
    expect(resolvePlaceholders({ claims: ["$ownershipEntityRefs", "group:default/extra", "$userEntityRef"], value: "$userEntityRef", key: "owner" }, ada)).toEqual({
      claims: ["user:default/ada", "group:default/team-a", "group:default/extra", "user:default/ada"],
      value: "user:default/ada",
      key: "owner",
    });
  });

  it("gives a guest no refs, and no value where a ref is the whole value", () => {
    expect(resolvePlaceholders({ claims: ["$ownershipEntityRefs", "$userEntityRef"] }, undefined)).toEqual({ claims: [] });
    expect(resolvePlaceholders({ key: "owner", value: "$userEntityRef" }, undefined)).toBe(NEEDS_USER);
  });
});
