import { describe, expect, it } from "vitest";
import { useServer } from "../tests/support/server";

// /api/permission/authorize with a declarative policy: everyone reads, only
// owners may delete, platform members may do anything.
const app = useServer(`
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
`);

const authorize = async (items: unknown[]) => {
  const response = await app.get("/api/permission/authorize", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ items }) });
  return { status: response.status, body: await response.json() };
};
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

  it("refuses a malformed request with 400", async () => {
    const { status, body } = await authorize([{ id: 1, permission: "catalog.entity.read" }]);
    expect(status).toBe(400);
    expect(body.error.name).toBe("InputError");
  });
});
