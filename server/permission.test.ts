import { describe, expect, it } from "vitest";
import { configArgs, runServer, useServer } from "../tests/support/server";

// /api/permission/authorize with a declarative policy: everyone reads, only
// owners may delete, platform members may do anything; tasks are read by
// whoever created them, and Kubernetes clusters by everyone.
const app = useServer(`
auth:
  signInPage: [guest]
permission:
  enabled: true
  policy:
    roles:
      - name: readers
        members: ['*']
        permissions:
          - permission: catalog.entity.read
      - name: owners
        members: ['*']
        permissions:
          - permission: catalog.entity.delete
            conditions: { rule: IS_ENTITY_OWNER, params: { claims: ['$ownershipEntityRefs'] } }
      - name: task-authors
        members: ['*']
        permissions:
          - permission: scaffolder.task.read
            conditions: { rule: IS_TASK_OWNER, params: { createdBy: ['$userEntityRef'] } }
          - permission: scaffolder.action.execute
            conditions: { not: { rule: HAS_ACTION_ID, params: { actionId: 'catalog:register' } } }
          - permission: kubernetes.clusters.read
`);

const authorize = async (items: unknown[], headers: Record<string, string> = {}) => {
  // The API needs credentials: a guest's session unless the test sends its own.
  const cookie = headers.cookie ?? (await guestSession());
  const response = await app.get("/api/permission/authorize", { method: "POST", headers: { "content-type": "application/json", ...headers, cookie }, body: JSON.stringify({ items }) });
  return { status: response.status, body: await response.json() };
};

/** A guest session's cookie, as the sign-in page gives it. */
async function guestSession(): Promise<string> {
  const response = await app.get("/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url },
    body: new URLSearchParams({ intent: "guest" }).toString(),
  });
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("atrium-session="))!
    .split(";")[0];
}
const entityDelete = { type: "resource", name: "catalog.entity.delete", attributes: { action: "delete" }, resourceType: "catalog-entity" };
const entityRead = { type: "resource", name: "catalog.entity.read", attributes: { action: "read" }, resourceType: "catalog-entity" };

describe("POST /api/permission/authorize", () => {
  it("answers every item, in order, with the policy's decision for the caller", async () => {
    const { status, body } = await authorize([
      { id: "a", permission: entityRead },
      { id: "b", permission: entityDelete },
      { id: "c", permission: entityDelete, resourceRef: "component:default/rent-ledger-service" },
      { id: "d", permission: { type: "basic", name: "catalog.location.create", attributes: { action: "create" } } },
    ]);
    expect(status).toBe(200);
    expect(body.items.map((item: { id: string }) => item.id)).toEqual(["a", "b", "c", "d"]);
    expect(body.items[0]).toEqual({ id: "a", result: "ALLOW" });
    expect(body.items[1]).toMatchObject({ id: "b", result: "CONDITIONAL", pluginId: "catalog", resourceType: "catalog-entity" });
    // The guest owns no entity of the example catalog.
    expect(body.items[2]).toEqual({ id: "c", result: "DENY" });
    expect(body.items[3]).toEqual({ id: "d", result: "DENY" });
  });

  it("answers scaffolder and Kubernetes permissions with Backstage's shapes, a conditional one with the scaffolder's conditions", async () => {
    const taskRead = { type: "resource", name: "scaffolder.task.read", attributes: { action: "read" }, resourceType: "scaffolder-task" };
    const actionExecute = { type: "resource", name: "scaffolder.action.execute", attributes: {}, resourceType: "scaffolder-action" };
    const { status, body } = await authorize(
      [
        { id: "tasks", permission: taskRead },
        { id: "actions", permission: actionExecute },
        { id: "create", permission: { type: "basic", name: "scaffolder.task.create", attributes: { action: "create" } } },
        { id: "clusters", permission: { type: "basic", name: "kubernetes.clusters.read", attributes: { action: "read" } } },
        { id: "proxy", permission: { type: "basic", name: "kubernetes.proxy", attributes: {} } },
        // Atrium keeps no tasks yet: a task that cannot be found is denied, as Backstage does.
        { id: "one-task", permission: taskRead, resourceRef: "0b7c5c36-6d7e-4a43-9d0c-3a1f0e0f2a11" },
      ],
      { cookie: await guestSession() },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        {
          id: "tasks",
          result: "CONDITIONAL",
          pluginId: "scaffolder",
          resourceType: "scaffolder-task",
          conditions: { resourceType: "scaffolder-task", rule: "IS_TASK_OWNER", params: { createdBy: ["user:default/guest"] } },
        },
        {
          id: "actions",
          result: "CONDITIONAL",
          pluginId: "scaffolder",
          resourceType: "scaffolder-action",
          conditions: { not: { resourceType: "scaffolder-action", rule: "HAS_ACTION_ID", params: { actionId: "catalog:register" } } },
        },
        { id: "create", result: "DENY" },
        { id: "clusters", result: "ALLOW" },
        { id: "proxy", result: "DENY" },
        { id: "one-task", result: "DENY" },
      ],
    });
  });

  it("refuses a scaffolder permission asked for with another shape than Backstage gives it", async () => {
    const { status, body } = await authorize([{ id: "t", permission: { type: "basic", name: "scaffolder.task.read", attributes: { action: "read" } } }], { cookie: await guestSession() });
    expect(status).toBe(400);
    expect(body.error).toEqual({ name: "InputError", message: "Invalid permission request: items[0].permission scaffolder.task.read is a resource permission of type scaffolder-task" });
  });

  it("refuses a malformed request with 400", async () => {
    const { status, body } = await authorize([{ id: 1, permission: "catalog.entity.read" }]);
    expect(status).toBe(400);
    expect(body.error.name).toBe("InputError");
  });
});

describe("a policy whose conditions do not fit the permission", () => {
  it("stops the server at start, naming the key and the rules the permission's resource type has", async () => {
    const { exited, output } = runServer(
      configArgs(`
permission:
  enabled: true
  policy:
    roles:
      - name: authors
        members: ['*']
        permissions:
          - permission: scaffolder.task.read
            conditions: { rule: IS_ENTITY_OWNER, params: { claims: ['$ownershipEntityRefs'] } }
`),
    );
    expect(await exited).toBe(1);
    expect(output()).toContain(
      "Invalid config value at 'permission.policy.roles[0].permissions[0].conditions.rule': rule 'IS_ENTITY_OWNER' is a rule of catalog-entity, but scaffolder.task.read is checked against scaffolder-task; known rules for scaffolder-task: IS_TASK_OWNER",
    );
  });
});
