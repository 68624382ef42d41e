import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { PolicyDecision } from "./criteria";
import { getPermission } from "./known-permissions";
import type { Permission } from "./permissions";
import { describeConditions, evaluate, membershipsOf } from "./policy";
import { parsePermissionConfig } from "./policy-config";
import type { PermissionConfig } from "./policy-config";
import { CALLERS, payments, paymentsApi } from "~/lib/catalog/permission/test-fixtures";

const BRIEF = parsePermissionConfig(
  parse(`
enabled: true
policy:
  roles:
    - name: everyone
      members: ['*']
      permissions:
        - permission: catalog.entity.read
        - permission: catalog.location.read
    - name: platform-admins
      members: [group:default/platform-team, user:default/ada]
      permissions:
        - permission: '*'
    - name: owners
      members: ['*']
      permissions:
        - permission: catalog.entity.delete
          conditions: { rule: IS_ENTITY_OWNER, params: { claims: ['$ownershipEntityRefs'] } }
        - permission: catalog.entity.refresh
          conditions: { anyOf: [ { rule: IS_ENTITY_OWNER, params: { claims: ['$ownershipEntityRefs'] } }, { rule: HAS_LABEL, params: { label: 'open-refresh' } } ] }
`),
);

const LAYERED = parsePermissionConfig({
  enabled: "true",
  policy: {
    roles: [
      { name: "readers", members: ["Group:Default/Team-A"], permissions: [{ permission: "kubernetes.*" }, { permission: "scaffolder.task.read" }] },
      {
        name: "own-apis",
        members: ["*"],
        permissions: [
          {
            permission: "catalog.entity.delete",
            conditions: {
              allOf: [
                { rule: "IS_ENTITY_KIND", params: { kinds: ["API"] } },
                { rule: "HAS_SPEC", params: { key: "owner", value: "$userEntityRef" } },
              ],
            },
          },
        ],
      },
      {
        name: "tidy-orphans",
        members: ["user:default/carol"],
        permissions: [
          { permission: "catalog.entity.delete", conditions: { rule: "HAS_ANNOTATION", params: { annotation: "backstage.io/orphan", value: "true" } } },
          // The same conditions twice say nothing new: they are sent once.
          { permission: "catalog.entity.delete", conditions: { rule: "HAS_ANNOTATION", params: { annotation: "backstage.io/orphan", value: "true" } } },
        ],
      },
    ],
  },
});

const DISABLED = parsePermissionConfig({ enabled: false, policy: { roles: [] } });
const NO_POLICY = parsePermissionConfig({ enabled: true });
const NO_ROLES = parsePermissionConfig({ enabled: true, policy: { roles: [] } });

const P = (name: string): Permission => getPermission(name) ?? { type: "basic", name, attributes: {} };
const ownerOf = (...claims: string[]) => ({ resourceType: "catalog-entity", rule: "IS_ENTITY_OWNER", params: { claims } });
const conditional = (conditions: unknown) => ({ result: "CONDITIONAL", pluginId: "catalog", resourceType: "catalog-entity", conditions });
const ALLOW = { result: "ALLOW" };
const DENY = { result: "DENY" };

type Row = [string, PermissionConfig, keyof typeof CALLERS, string, unknown];

const TABLE: Row[] = [
  ["everyone reads the catalog, guests too", BRIEF, "guest", "catalog.entity.read", ALLOW],
  ["everyone reads locations", BRIEF, "carol", "catalog.location.read", ALLOW],
  ["only admins create entities", BRIEF, "carol", "catalog.entity.create", DENY],
  ["a guest cannot register", BRIEF, "guest", "catalog.location.create", DENY],
  ["an admin by group membership", BRIEF, "bob", "catalog.entity.create", ALLOW],
  ["an admin named as a user", BRIEF, "ada", "kubernetes.proxy", ALLOW],
  ["'*' covers unknown permissions", BRIEF, "bob", "search.query.read", ALLOW],
  ["unknown permissions are denied otherwise", BRIEF, "carol", "search.query.read", DENY],
  ["an unconditional grant wins over a conditional one", BRIEF, "bob", "catalog.entity.delete", ALLOW],
  ["owners delete what they own", BRIEF, "carol", "catalog.entity.delete", conditional(ownerOf("user:default/carol"))],
  ["a guest owns nothing", BRIEF, "guest", "catalog.entity.delete", conditional(ownerOf())],
  [
    "refresh by owners or by label",
    BRIEF,
    "carol",
    "catalog.entity.refresh",
    conditional({ anyOf: [ownerOf("user:default/carol"), { resourceType: "catalog-entity", rule: "HAS_LABEL", params: { label: "open-refresh" } }] }),
  ],
  ["a prefix grants a family", LAYERED, "ada", "kubernetes.clusters.read", ALLOW],
  ["group members are matched whatever the case", LAYERED, "ada", "scaffolder.task.read", ALLOW],
  ["a prefix grants nothing else", LAYERED, "ada", "scaffolder.task.create", DENY],
  [
    "$userEntityRef resolves to the caller",
    LAYERED,
    "ada",
    "catalog.entity.delete",
    conditional({
      allOf: [
        { resourceType: "catalog-entity", rule: "IS_ENTITY_KIND", params: { kinds: ["API"] } },
        { resourceType: "catalog-entity", rule: "HAS_SPEC", params: { key: "owner", value: "user:default/ada" } },
      ],
    }),
  ],
  [
    "conditional grants of several roles are OR-ed, duplicates once",
    LAYERED,
    "carol",
    "catalog.entity.delete",
    conditional({
      anyOf: [
        {
          allOf: [
            { resourceType: "catalog-entity", rule: "IS_ENTITY_KIND", params: { kinds: ["API"] } },
            { resourceType: "catalog-entity", rule: "HAS_SPEC", params: { key: "owner", value: "user:default/carol" } },
          ],
        },
        { resourceType: "catalog-entity", rule: "HAS_ANNOTATION", params: { annotation: "backstage.io/orphan", value: "true" } },
      ],
    }),
  ],
  [
    "a guest has no ref for $userEntityRef to match",
    LAYERED,
    "guest",
    "catalog.entity.delete",
    conditional({ allOf: [{ resourceType: "catalog-entity", rule: "IS_ENTITY_KIND", params: { kinds: ["API"] } }, ownerOf()] }),
  ],
  ["permissions disabled allow everything", DISABLED, "guest", "catalog.entity.delete", ALLOW],
  ["no policy configured allows everything", NO_POLICY, "guest", "scaffolder.task.cancel", ALLOW],
  ["an empty policy denies everything", NO_ROLES, "bob", "catalog.entity.read", DENY],
];

describe("evaluate", () => {
  it.each(TABLE)("%s", (_, config, caller, permission, expected) => {
    expect(evaluate(config, CALLERS[caller], P(permission)).decision).toEqual(expected);
  });

  it("explains an allow by the role and the entry that grant it", () => {
    const { explanation } = evaluate(BRIEF, CALLERS.bob, P("catalog.entity.create"));
    expect(explanation.reason).toBe("Role 'platform-admins' grants '*', which covers catalog.entity.create");
    expect(explanation.memberships).toEqual([
      { role: "everyone", via: "*" },
      { role: "platform-admins", via: "group:default/platform-team" },
      { role: "owners", via: "*" },
    ]);
    expect(explanation.grants).toEqual([{ role: "platform-admins", entry: 0, permission: "*" }]);
    expect(evaluate(BRIEF, undefined, P("catalog.entity.read")).explanation.reason).toBe("Role 'everyone' grants catalog.entity.read");
  });

  it("explains a denial and a conditional grant", () => {
    expect(evaluate(BRIEF, CALLERS.carol, P("catalog.entity.create")).explanation.reason).toBe("No role grants catalog.entity.create");
    expect(evaluate(BRIEF, CALLERS.carol, P("catalog.entity.refresh")).explanation).toMatchObject({
      reason: "catalog.entity.refresh is granted only by role 'owners' when IS_ENTITY_OWNER(claims: [$ownershipEntityRefs]) or HAS_LABEL(label: open-refresh)",
      grants: [{ role: "owners", entry: 1, permission: "catalog.entity.refresh" }],
    });
    expect(evaluate(DISABLED, undefined, P("catalog.entity.delete")).explanation.reason).toMatch(/^Permissions are disabled/);
  });

  it("settles conditions against a given entity, saying which grant held", () => {
    const owned = evaluate(BRIEF, CALLERS.ada, P("catalog.entity.delete"), payments);
    expect(owned.decision).toEqual(ALLOW); // ada is an admin anyway
    const carolsApi = evaluate(LAYERED, CALLERS.carol, P("catalog.entity.delete"), paymentsApi);
    expect(carolsApi.decision).toEqual(ALLOW);
    expect(carolsApi.explanation.reason).toBe(
      "Role 'own-apis' grants catalog.entity.delete on api:default/payments-api, which meets its conditions: IS_ENTITY_KIND(kinds: [API]) and HAS_SPEC(key: owner, value: $userEntityRef)",
    );
    const notCarols = evaluate(LAYERED, CALLERS.carol, P("catalog.entity.delete"), payments);
    expect(notCarols.decision).toEqual(DENY);
    expect(notCarols.explanation.grants.map((grant) => grant.holds)).toEqual([false, false, false]);
    expect(notCarols.explanation.reason).toMatch(/^catalog\.entity\.delete is granted only by role 'own-apis' when .*; component:default\/payments meets none of these conditions$/);
    expect(evaluate(BRIEF, CALLERS.carol, P("catalog.entity.refresh"), payments).decision).toEqual(ALLOW); // labelled open-refresh
  });

  it("decides scaffolder permissions for the scaffolder's plugin and resource types, and settles them on a task, step or action", () => {
    const SCAFFOLDER = parsePermissionConfig({
      enabled: true,
      policy: {
        roles: [
          {
            name: "authors",
            members: ["*"],
            permissions: [
              { permission: "scaffolder.task.read", conditions: { rule: "IS_TASK_OWNER", params: { createdBy: ["$userEntityRef"] } } },
              { permission: "scaffolder.template.step.read", conditions: { not: { rule: "HAS_TAG", params: { tag: "admin" } } } },
              { permission: "scaffolder.action.execute", conditions: { rule: "HAS_STRING_PROPERTY", params: { key: "owner", value: "$userEntityRef" } } },
              { permission: "kubernetes.resources.read" },
            ],
          },
        ],
      },
    });
    const taskRead = evaluate(SCAFFOLDER, CALLERS.carol, P("scaffolder.task.read"));
    expect(taskRead.decision).toEqual({
      result: "CONDITIONAL",
      pluginId: "scaffolder",
      resourceType: "scaffolder-task",
      conditions: { resourceType: "scaffolder-task", rule: "IS_TASK_OWNER", params: { createdBy: ["user:default/carol"] } },
    });
    expect(taskRead.explanation.reason).toBe("scaffolder.task.read is granted only by role 'authors' when IS_TASK_OWNER(createdBy: [$userEntityRef])");
    const ownTask = evaluate(SCAFFOLDER, CALLERS.carol, P("scaffolder.task.read"), { id: "t1", createdBy: "user:default/carol" });
    expect(ownTask.decision).toEqual(ALLOW);
    expect(ownTask.explanation.reason).toBe("Role 'authors' grants scaffolder.task.read on task t1, which meets its conditions: IS_TASK_OWNER(createdBy: [$userEntityRef])");
    expect(evaluate(SCAFFOLDER, CALLERS.carol, P("scaffolder.task.read"), { id: "t2", createdBy: "user:default/ada" }).explanation.reason).toBe(
      "scaffolder.task.read is granted only by role 'authors' when IS_TASK_OWNER(createdBy: [$userEntityRef]); task t2 meets none of these conditions",
    );
    expect(evaluate(SCAFFOLDER, CALLERS.carol, P("scaffolder.template.step.read"), { id: "deploy", "backstage:permissions": { tags: ["admin"] } }).decision).toEqual(DENY);
    expect(evaluate(SCAFFOLDER, CALLERS.carol, P("scaffolder.template.step.read"), { id: "fetch" }).decision).toEqual(ALLOW);
    expect(evaluate(SCAFFOLDER, CALLERS.carol, P("kubernetes.resources.read")).decision).toEqual(ALLOW);
    expect(evaluate(SCAFFOLDER, CALLERS.carol, P("kubernetes.clusters.read")).decision).toEqual(DENY);
    // A whole-value $userEntityRef and no user: the scaffolder-action stand-in that holds for nothing.
    const guestAction = evaluate(SCAFFOLDER, CALLERS.guest, P("scaffolder.action.execute"));
    expect(guestAction.decision).toEqual({
      result: "CONDITIONAL",
      pluginId: "scaffolder",
      resourceType: "scaffolder-action",
      conditions: { resourceType: "scaffolder-action", rule: "HAS_ACTION_ID", params: { actionId: "" } },
    });
    expect(evaluate(SCAFFOLDER, CALLERS.guest, P("scaffolder.action.execute"), { action: "publish:github", input: { owner: "" } }).decision).toEqual(DENY);
  });

  it("never makes a basic permission conditional", () => {
    const asBasic: Permission = { type: "basic", name: "catalog.entity.delete", attributes: {} };
    const decision: PolicyDecision = evaluate(BRIEF, CALLERS.carol, asBasic).decision;
    expect(decision).toEqual(DENY);
  });

  it("lists memberships for the guest as '*' roles only", () => {
    expect(membershipsOf(BRIEF, undefined).map((membership) => membership.role)).toEqual(["everyone", "owners"]);
  });

  it("describes nested conditions with brackets where needed", () => {
    expect(
      describeConditions({
        allOf: [
          { not: { rule: "HAS_LABEL", params: { label: "x" } } },
          {
            anyOf: [
              { rule: "IS_ENTITY_KIND", params: { kinds: ["API", "Component"] } },
              { rule: "HAS_SPEC", params: { key: "type" } },
            ],
          },
        ],
      }),
    ).toBe("not HAS_LABEL(label: x) and (IS_ENTITY_KIND(kinds: [API, Component]) or HAS_SPEC(key: type))");
  });
});
