import { describe, expect, it } from "vitest";
import { ANONYMOUS_CREDENTIALS, INTERNAL_CREDENTIALS, userCredentials, type Credentials } from "~/lib/auth/credentials";
import { GUEST_IDENTITY } from "~/lib/auth/identity";
import type { Entity } from "~/lib/catalog/entity";
import { decisionToFilter, MATCH_NOTHING } from "~/lib/catalog/permission/filters";
import { createPermissionService } from "./permission-service.server";
import { catalogEntityReadPermission } from "~/lib/catalog/permission/permissions";
import { getPermission } from "./known-permissions";
import { parsePermissionConfig } from "./policy-config";
import { CALLERS, orphan, payments, paymentsApi } from "~/lib/catalog/permission/test-fixtures";

// The decisions services act on, for every kind of caller: users and the
// guest under the policy, callers without a session under the roles open to
// '*', and service principals (static tokens) allowed everything within
// their access restrictions.

const service = createPermissionService(
  parsePermissionConfig({
    enabled: true,
    policy: {
      roles: [
        { name: "everyone", members: ["*"], permissions: [{ permission: "catalog.location.read" }] },
        {
          name: "users",
          members: ["user:default/ada", "user:default/bob", "user:default/carol", "user:default/guest"],
          permissions: [
            {
              permission: "catalog.entity.read",
              conditions: {
                anyOf: [
                  { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } },
                  { rule: "IS_ENTITY_KIND", params: { kinds: ["API"] } },
                ],
              },
            },
            { permission: "catalog.entity.delete", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } } },
          ],
        },
        { name: "admins", members: ["group:default/platform-team"], permissions: [{ permission: "*" }] },
      ],
    },
  }),
);

const ada = userCredentials({ ...CALLERS.ada, provider: "custom" });
const bob = userCredentials({ ...CALLERS.bob, provider: "custom" });
const guest = userCredentials(GUEST_IDENTITY);
const ci: Credentials = { principal: { type: "service", subject: "ci" } };
const readOnlyCi: Credentials = { principal: { type: "service", subject: "ci-read", accessRestrictions: { permissionAttributes: { action: ["read"] } } } };
const namedCi: Credentials = { principal: { type: "service", subject: "ci-named", accessRestrictions: { permissionNames: ["catalog.entity.refresh"] } } };

type Row = [string, Credentials, string, Entity | undefined, "ALLOW" | "DENY"];

const TABLE: Row[] = [
  ["a member reads what its group owns", ada, "catalog.entity.read", payments, "ALLOW"],
  ["a member reads any API", ada, "catalog.entity.read", paymentsApi, "ALLOW"],
  ["a member does not read another group's component", ada, "catalog.entity.read", orphan, "DENY"],
  ["an owner deletes its entity", ada, "catalog.entity.delete", payments, "ALLOW"],
  ["reading an API does not mean deleting it", ada, "catalog.entity.delete", paymentsApi, "DENY"],
  ["an admin reads everything", bob, "catalog.entity.read", orphan, "ALLOW"],
  ["the guest owns nothing of the catalog", guest, "catalog.entity.read", payments, "DENY"],
  ["the guest still reads APIs", guest, "catalog.entity.read", paymentsApi, "ALLOW"],
  ["nobody signed in gets the roles open to everyone", ANONYMOUS_CREDENTIALS, "catalog.location.read", undefined, "ALLOW"],
  ["nobody signed in gets nothing else", ANONYMOUS_CREDENTIALS, "catalog.entity.read", payments, "DENY"],
  ["a static token may do everything", ci, "catalog.entity.delete", orphan, "ALLOW"],
  ["a static token may register locations", ci, "catalog.location.create", undefined, "ALLOW"],
  ["Atrium itself may do everything", INTERNAL_CREDENTIALS, "catalog.entity.read", orphan, "ALLOW"],
  ["a read-only token reads", readOnlyCi, "catalog.entity.read", orphan, "ALLOW"],
  ["a read-only token does not delete", readOnlyCi, "catalog.entity.delete", payments, "DENY"],
  ["a read-only token does not validate (no action at all)", readOnlyCi, "catalog.entity.validate", undefined, "DENY"],
  ["a token restricted by name does what it names", namedCi, "catalog.entity.refresh", payments, "ALLOW"],
  ["a token restricted by name does nothing else", namedCi, "catalog.entity.read", payments, "DENY"],
];

describe("permission service", () => {
  it.each(TABLE)("%s", (_, credentials, name, entity, expected) => {
    const permission = getPermission(name)!;
    const allowed = entity && permission.type === "resource" ? service.allowedOn(credentials, permission, entity) : service.decide(credentials, permission).result === "ALLOW";
    expect(allowed ? "ALLOW" : "DENY").toBe(expected);
  });

  it("turns a conditional read into the user's own filter, a denial into one matching nothing, and nothing for full access", () => {
    expect(decisionToFilter(service.decide(ada, catalogEntityReadPermission))).toEqual({
      $any: [{ "relations.ownedBy": { $in: ["user:default/ada", "group:default/team-a"] } }, { kind: { $in: ["api"] } }],
    });
    expect(decisionToFilter(service.decide(ANONYMOUS_CREDENTIALS, catalogEntityReadPermission))).toEqual(MATCH_NOTHING);
    expect(decisionToFilter(service.decide(bob, catalogEntityReadPermission))).toBeUndefined();
    expect(decisionToFilter(service.decide(ci, catalogEntityReadPermission))).toBeUndefined();
  });

  it("refuses with Backstage's NotAllowedError naming the permission", () => {
    expect(() => service.assertAllowed(guest, getPermission("catalog.location.create")!)).toThrow(
      expect.objectContaining({ name: "NotAllowedError", message: "You are not allowed to perform catalog.location.create" }),
    );
    expect(() => service.assertAllowedOn(ada, getPermission("catalog.entity.delete") as never, payments)).not.toThrow();
  });

  it("explains a service principal's decision", () => {
    expect(service.explain(readOnlyCi, getPermission("catalog.entity.delete")!).explanation.reason).toBe("Service 'ci-read' is restricted to the actions read");
    expect(service.explain(ci, catalogEntityReadPermission).explanation.reason).toBe("Service 'ci' is a service principal, allowed catalog.entity.read on every catalog-entity");
  });
});
