import { describe, expect, it } from "vitest";
import type { Entity } from "~/lib/catalog/entity";
import { parseEntityRef, stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { InputError } from "~/lib/errors";
import { authorize, MAX_AUTHORIZE_ITEMS, parseAuthorizeRequest } from "./authorize";
import type { AuthorizeRequest } from "./authorize";
import {
  catalogEntityCreatePermission,
  catalogEntityDeletePermission,
  catalogEntityReadPermission,
  catalogEntityRefreshPermission,
  catalogLocationReadPermission,
} from "~/lib/catalog/permission/permissions";
import { kubernetesClustersReadPermission, kubernetesProxyPermission } from "~/lib/kubernetes/permission/permissions";
import { actionExecutePermission, taskCancelPermission, taskCreatePermission, taskReadPermission } from "~/lib/scaffolder/permission/permissions";
import { parsePermissionConfig } from "./policy-config";
import type { PermissionIdentity } from "./policy-config";
import { CALLERS, ENTITIES } from "~/lib/catalog/permission/test-fixtures";

const config = parsePermissionConfig({
  enabled: true,
  policy: {
    roles: [
      { name: "everyone", members: ["*"], permissions: [{ permission: "catalog.entity.read" }] },
      {
        name: "owners",
        members: ["*"],
        permissions: [
          { permission: "catalog.entity.delete", conditions: { rule: "IS_ENTITY_OWNER", params: { claims: ["$ownershipEntityRefs"] } } },
          { permission: "catalog.entity.refresh", conditions: { rule: "HAS_LABEL", params: { label: "open-refresh" } } },
          { permission: "scaffolder.task.read", conditions: { rule: "IS_TASK_OWNER", params: { createdBy: ["$userEntityRef"] } } },
          { permission: "scaffolder.action.execute", conditions: { not: { rule: "HAS_ACTION_ID", params: { actionId: "catalog:register" } } } },
          { permission: "kubernetes.clusters.read" },
        ],
      },
    ],
  },
});

const TASKS = [
  { id: "task-carol", createdBy: "user:default/carol", status: "completed" },
  { id: "task-ada", createdBy: "user:default/ada", status: "open" },
];

/** Resources as the route loads them: catalog entities by canonical ref, and (here) scaffolder tasks by id. */
function resources() {
  const loaded: string[] = [];
  const byRef = new Map(ENTITIES.map((entity) => [stringifyEntityRef(entity), entity]));
  const loadResource = async (resourceType: string, ref: string): Promise<unknown> => {
    loaded.push(`${resourceType} ${ref}`);
    if (resourceType === "scaffolder-task") return TASKS.find((task) => task.id === ref);
    if (resourceType !== "catalog-entity") return undefined;
    try {
      return byRef.get(stringifyEntityRef(parseEntityRef(ref))) satisfies Entity | undefined;
    } catch {
      return undefined;
    }
  };
  return { loaded, loadResource };
}

async function answer(request: AuthorizeRequest, identity: PermissionIdentity | undefined = CALLERS.carol, options = { config }) {
  const { loaded, loadResource } = resources();
  const response = await authorize(request, { ...options, identity, loadResource });
  return { response, loaded };
}

describe("authorize", () => {
  it("answers every id in the order asked", async () => {
    const { response } = await answer({
      items: [
        { id: "c", permission: catalogEntityCreatePermission },
        { id: "a", permission: catalogEntityReadPermission },
        { id: "b", permission: catalogEntityDeletePermission },
      ],
    });
    expect(response.items).toEqual([
      { id: "c", result: "DENY" },
      { id: "a", result: "ALLOW" },
      {
        id: "b",
        result: "CONDITIONAL",
        pluginId: "catalog",
        resourceType: "catalog-entity",
        conditions: { resourceType: "catalog-entity", rule: "IS_ENTITY_OWNER", params: { claims: ["user:default/carol"] } },
      },
    ]);
  });

  it("applies conditions to the resource itself when given a ref", async () => {
    const { response, loaded } = await answer({
      items: [
        { id: "1", permission: catalogEntityDeletePermission, resourceRef: "api:default/payments-api" },
        { id: "2", permission: catalogEntityDeletePermission, resourceRef: "component:default/payments" },
        { id: "3", permission: catalogEntityRefreshPermission, resourceRef: "Component:payments" },
        { id: "4", permission: catalogEntityDeletePermission, resourceRef: "component:default/missing" },
        { id: "5", permission: catalogEntityDeletePermission, resourceRef: "not a ref:" },
        { id: "6", permission: catalogEntityReadPermission, resourceRef: "component:default/payments" },
        { id: "7", permission: catalogEntityDeletePermission, resourceRef: "API:default/Payments-API" },
      ],
    });
    expect(response.items).toEqual([
      { id: "1", result: "ALLOW" },
      { id: "2", result: "DENY" },
      { id: "3", result: "ALLOW" },
      { id: "4", result: "DENY" },
      { id: "5", result: "DENY" },
      { id: "6", result: "ALLOW" },
      { id: "7", result: "ALLOW" },
    ]);
    // Resources are loaded once per ref, with the decision's resource type, and only for conditional decisions.
    expect(loaded.sort()).toEqual([
      "catalog-entity API:default/Payments-API",
      "catalog-entity Component:payments",
      "catalog-entity api:default/payments-api",
      "catalog-entity component:default/missing",
      "catalog-entity component:default/payments",
      "catalog-entity not a ref:",
    ]);
  });

  it("answers Backstage's batched form with one result per ref", async () => {
    const { response } = await answer({
      items: [
        { id: "batch", permission: catalogEntityDeletePermission, resourceRef: ["api:default/payments-api", "component:default/payments"] },
        { id: "plain", permission: catalogEntityReadPermission, resourceRef: ["component:default/payments"] },
      ],
    });
    expect(response.items).toEqual([
      { id: "batch", result: ["ALLOW", "DENY"] },
      { id: "plain", result: ["ALLOW"] },
    ]);
  });

  it("answers scaffolder and Kubernetes permissions with the scaffolder's plugin, resource types and rules", async () => {
    const { response, loaded } = await answer({
      items: [
        { id: "read", permission: taskReadPermission },
        { id: "own", permission: taskReadPermission, resourceRef: "task-carol" },
        { id: "other", permission: taskReadPermission, resourceRef: "task-ada" },
        { id: "unknown", permission: taskReadPermission, resourceRef: "task-none" },
        { id: "cancel", permission: taskCancelPermission, resourceRef: "task-carol" },
        { id: "execute", permission: actionExecutePermission },
        { id: "create", permission: taskCreatePermission },
        { id: "clusters", permission: kubernetesClustersReadPermission },
        { id: "proxy", permission: kubernetesProxyPermission },
      ],
    });
    expect(response.items).toEqual([
      {
        id: "read",
        result: "CONDITIONAL",
        pluginId: "scaffolder",
        resourceType: "scaffolder-task",
        conditions: { resourceType: "scaffolder-task", rule: "IS_TASK_OWNER", params: { createdBy: ["user:default/carol"] } },
      },
      { id: "own", result: "ALLOW" },
      { id: "other", result: "DENY" },
      // A resource that cannot be found is denied, as Backstage does.
      { id: "unknown", result: "DENY" },
      // No role grants cancelling: nothing to load.
      { id: "cancel", result: "DENY" },
      {
        id: "execute",
        result: "CONDITIONAL",
        pluginId: "scaffolder",
        resourceType: "scaffolder-action",
        conditions: { not: { resourceType: "scaffolder-action", rule: "HAS_ACTION_ID", params: { actionId: "catalog:register" } } },
      },
      { id: "create", result: "DENY" },
      { id: "clusters", result: "ALLOW" },
      { id: "proxy", result: "DENY" },
    ]);
    expect(loaded.sort()).toEqual(["scaffolder-task task-ada", "scaffolder-task task-carol", "scaffolder-task task-none"]);
  });

  it("gives a guest's task conditions no creator, so they hold for no task", async () => {
    const request = {
      items: [
        { id: "read", permission: taskReadPermission },
        { id: "own", permission: taskReadPermission, resourceRef: "task-carol" },
      ],
    };
    const response = await authorize(request, { config, identity: CALLERS.guest, loadResource: resources().loadResource });
    expect(response.items).toEqual([
      { id: "read", result: "CONDITIONAL", pluginId: "scaffolder", resourceType: "scaffolder-task", conditions: { resourceType: "scaffolder-task", rule: "IS_TASK_OWNER", params: { createdBy: [] } } },
      { id: "own", result: "DENY" },
    ]);
  });

  it("ignores a resource ref on a basic permission", async () => {
    const { response, loaded } = await answer({ items: [{ id: "k", permission: kubernetesProxyPermission, resourceRef: "component:default/payments" }] });
    expect(response.items).toEqual([{ id: "k", result: "DENY" }]);
    expect(loaded).toEqual([]);
  });

  it("allows everything when permissions are disabled", async () => {
    const disabled = parsePermissionConfig({ enabled: false });
    const { response } = await answer(
      {
        items: [
          { id: "x", permission: catalogEntityDeletePermission, resourceRef: ["component:default/payments"] },
          { id: "y", permission: catalogLocationReadPermission },
        ],
      },
      undefined,
      { config: disabled },
    );
    expect(response.items).toEqual([
      { id: "x", result: ["ALLOW"] },
      { id: "y", result: "ALLOW" },
    ]);
  });
});

describe("parseAuthorizeRequest", () => {
  const item = { id: "1", permission: catalogEntityReadPermission };

  it("accepts Backstage's request shape, dropping unknown keys", () => {
    const body = {
      items: [
        { ...item, resourceRef: "component:default/x", extra: true },
        { id: "2", permission: { ...kubernetesProxyPermission } },
      ],
    };
    expect(parseAuthorizeRequest(body)).toEqual({
      items: [
        { ...item, resourceRef: "component:default/x" },
        { id: "2", permission: kubernetesProxyPermission },
      ],
    });
    expect(parseAuthorizeRequest({ items: [] })).toEqual({ items: [] });
    const unknown = { id: "u", permission: { type: "basic", name: "search.query.read", attributes: { action: "read" } } };
    expect(parseAuthorizeRequest({ items: [unknown] }).items[0]).toEqual(unknown);
  });

  it.each([
    [null, "Invalid permission request: Request body must be an object with items"],
    [[], "Invalid permission request: Request body must be an object with items"],
    [{}, "Invalid permission request: items must be a list"],
    [{ items: [{ permission: catalogEntityReadPermission }] }, "Invalid permission request: items[0].id must be a string"],
    [{ items: [{ ...item, id: "" }] }, "items[0].id must not be empty"],
    [{ items: [{ id: "1" }] }, "items[0].permission must be a permission object"],
    [{ items: [{ id: "1", permission: { ...catalogEntityReadPermission, type: "special" } }] }, "items[0].permission.type must be 'basic' or 'resource'"],
    [{ items: [{ id: "1", permission: { type: "resource", name: "x.y", attributes: {} } }] }, "items[0].permission.resourceType must be a string"],
    [{ items: [{ id: "1", permission: { type: "basic", name: "x.y", attributes: { action: "write" } } }] }, "items[0].permission.attributes.action must be one of create, read, update, delete"],
    [{ items: [{ ...item, resourceRef: 7 }] }, "items[0].resourceRef must be a string or a list of strings"],
    [{ items: [item, { ...item }] }, "Invalid permission request: items[1].id '1' is used twice; ids must be unique"],
    [
      { items: [{ id: "1", permission: { type: "basic", name: "catalog.entity.delete", attributes: {} } }] },
      "Invalid permission request: items[0].permission catalog.entity.delete is a resource permission of type catalog-entity",
    ],
    [
      { items: [{ id: "1", permission: { ...catalogEntityDeletePermission, resourceType: "scaffolder-template" } }] },
      "items[0].permission catalog.entity.delete is a resource permission of type catalog-entity",
    ],
    [{ items: [{ id: "1", permission: { ...kubernetesProxyPermission, type: "resource", resourceType: "x" } }] }, "items[0].permission kubernetes.proxy is a basic permission"],
    [
      { items: [{ id: "1", permission: { type: "basic", name: "scaffolder.task.read", attributes: { action: "read" } } }] },
      "items[0].permission scaffolder.task.read is a resource permission of type scaffolder-task",
    ],
    [{ items: Array.from({ length: MAX_AUTHORIZE_ITEMS + 1 }, (_, i) => ({ ...item, id: String(i) })) }, "Invalid permission request: items must have at most 100 items"],
  ])("rejects %j", (body, message) => {
    expect(() => parseAuthorizeRequest(body)).toThrow(InputError);
    expect(() => parseAuthorizeRequest(body)).toThrow(message);
  });

  it("accepts exactly the maximum batch", () => {
    const items = Array.from({ length: MAX_AUTHORIZE_ITEMS }, (_, i) => ({ ...item, id: String(i) }));
    expect(parseAuthorizeRequest({ items }).items).toHaveLength(100);
  });
});
