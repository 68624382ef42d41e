import { describe, expect, it, afterAll, beforeAll } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { useServer } from "../tests/support/server";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";

// Users of the catalog sign in as Custom Users with ID tokens a trusted issuer signed (docs/decisions/019).
const users = await startCatalogUserIssuer(["dana.whitfield", "tomas.novak"]);
afterAll(() => users.close());

// /settings/access rendered by the server, as a browser without JavaScript
// gets it: the policy's answer and its reasons, and who may ask about whom.
const app = useServer(
  `
auth:
  signInPage: [guest, custom]
permission:
  enabled: true
  policy:
    roles:
      - name: owners
        members: ['*']
        permissions:
          - permission: catalog.entity.read
            conditions: { rule: IS_ENTITY_OWNER, params: { claims: ['$ownershipEntityRefs'] } }
          - permission: catalog.entity.delete
            conditions: { rule: IS_ENTITY_OWNER, params: { claims: ['$ownershipEntityRefs'] } }
          - permission: scaffolder.task.read
            conditions: { rule: IS_TASK_OWNER, params: { createdBy: ['$userEntityRef'] } }
          - permission: kubernetes.clusters.read
      - name: administrators
        members: [user:default/dana.whitfield]
        permissions:
          - permission: '*'
`,
  [users.config],
);

beforeAll(() => users.ingestedBy(app.server.url), 120_000);

async function session(userId: string): Promise<string> {
  const response = await app.get("/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url },
    body: new URLSearchParams({ intent: "custom", userId, idToken: await users.idTokenFor(userId) }).toString(),
  });
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("atrium-session="))!
    .split(";")[0];
}

const ask = async (cookie: string, question: Record<string, string>) => {
  const response = await app.get(`/settings/access?${new URLSearchParams(question)}`, { headers: { cookie } });
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "") };
};

describe("/settings/access", () => {
  it("shows a signed-in user the form filled in with their own ref", async () => {
    const { status, html } = await ask(await session("tomas.novak"), {});
    expect(status).toBe(200);
    expect(html).toContain("<title>Access |");
    // Read-only: without permission.policy.read there is nobody else to ask about.
    const userField = /<input [^>]*id="access-user"[^>]*>/.exec(html)?.[0];
    expect(userField).toContain('readOnly=""');
    expect(userField).toContain('name="user"');
    expect(userField).toContain('value="user:default/tomas.novak"');
    expect(html).toContain('<option value="catalog.entity.delete">catalog.entity.delete</option>');
  });

  it("offers the scaffolder's and Kubernetes' permissions beside the catalog's", async () => {
    const { html } = await ask(await session("tomas.novak"), {});
    for (const name of [
      "scaffolder.task.read",
      "scaffolder.task.create",
      "scaffolder.task.cancel",
      "scaffolder.action.execute",
      "scaffolder.template.parameter.read",
      "scaffolder.template.step.read",
      "kubernetes.proxy",
      "kubernetes.clusters.read",
      "kubernetes.resources.read",
    ]) {
      expect(html).toContain(`<option value="${name}">${name}</option>`);
    }
  });

  it("explains a conditional scaffolder permission: its resource type, conditions and the plugin that evaluates them", async () => {
    const { status, html } = await ask(await session("tomas.novak"), { user: "user:default/tomas.novak", permission: "scaffolder.task.read" });
    expect(status).toBe(200);
    expect(html).toMatch(/data-testid="access-decision"[^>]*>CONDITIONAL</);
    expect(html).toMatch(/data-testid="access-resource-type"[^>]*>scaffolder-task</);
    expect(html).toMatch(/data-testid="access-conditions"[^>]*>IS_TASK_OWNER\(createdBy: \[user:default\/tomas.novak\]\)</);
    expect(html).toContain("the scaffolder plugin");
    expect(html).toContain("scaffolder.task.read is granted only by role &#x27;owners&#x27; when IS_TASK_OWNER(createdBy: [$userEntityRef])");
  });

  it("explains Kubernetes permissions, granted and not, and evaluates no entity for them", async () => {
    const tomas = await session("tomas.novak");
    const granted = await ask(tomas, { user: "user:default/tomas.novak", permission: "kubernetes.clusters.read", entity: "component:default/tenant-portal-web" });
    expect(granted.status).toBe(200);
    expect(granted.html).toMatch(/data-testid="access-decision"[^>]*>ALLOW</);
    expect(granted.html).toContain("Role &#x27;owners&#x27; grants kubernetes.clusters.read");
    expect(granted.html).toContain("kubernetes.clusters.read is not a permission on catalog entities, so the entity is not evaluated.");
    expect(granted.html).not.toContain("access-resource-type");
    const denied = await ask(tomas, { user: "user:default/tomas.novak", permission: "kubernetes.proxy" });
    expect(denied.html).toMatch(/data-testid="access-decision"[^>]*>DENY</);
    expect(denied.html).toContain("No role grants kubernetes.proxy");
  });

  it("explains a conditional grant and settles it against an entity the user owns", async () => {
    const tomas = await session("tomas.novak");
    const entity = "component:default/tenant-portal-web";
    await eventually(async () => (await ask(tomas, { user: "user:default/tomas.novak", permission: "catalog.entity.delete", entity })).html.includes("access-entity-result"), "the example catalog");
    const { status, html } = await ask(tomas, { user: "tomas.novak", permission: "catalog.entity.delete", entity });
    expect(status).toBe(200);
    expect(html).toMatch(/data-testid="access-decision"[^>]*>CONDITIONAL</);
    expect(html).toMatch(/data-testid="access-entity-result"[^>]*>ALLOW</);
    expect(html).toContain("Role &#x27;owners&#x27; grants catalog.entity.delete on component:default/tenant-portal-web, which meets its conditions: IS_ENTITY_OWNER(claims: [$ownershipEntityRefs])");
    expect(html).toContain("IS_ENTITY_OWNER(claims: [user:default/tomas.novak, group:default/product-design, group:default/renter-experience-team])");
  });

  it("does not evaluate an entity the asker cannot read, nor reveal it", async () => {
    const { status, html } = await ask(await session("tomas.novak"), { user: "user:default/tomas.novak", permission: "catalog.entity.delete", entity: "component:default/rent-ledger-service" });
    expect(status).toBe(200);
    expect(html).toContain("No entity component:default/rent-ledger-service that you may read, so it is not evaluated.");
    expect(html).not.toContain("access-entity-result");
  });

  it("refuses with 403 to explain another user's access to someone without permission.policy.read", async () => {
    const { status, html } = await ask(await session("tomas.novak"), { user: "user:default/dana.whitfield", permission: "catalog.entity.read" });
    expect(status).toBe(403);
    expect(html).toContain("You may ask about yourself only: asking about other users needs the permission &#x27;permission.policy.read&#x27;.");
    expect(html).not.toContain("access-decision");
  });

  it("lets an administrator ask why another user is denied", async () => {
    const { status, html } = await ask(await session("dana.whitfield"), { user: "user:default/tomas.novak", permission: "catalog.location.create" });
    expect(status).toBe(200);
    expect(html).toMatch(/data-testid="access-decision"[^>]*>DENY</);
    expect(html).toContain("No role grants catalog.location.create");
    expect(html).toContain("No role of this user grants this permission.");
  });

  it("answers bad input with 400 and the form's own messages", async () => {
    const { status, html } = await ask(await session("tomas.novak"), { user: "group:default/x", permission: "catalog.entity.write", entity: "component:" });
    expect(status).toBe(400);
    expect(html).toContain("Enter a user as an entity ref, such as user:default/ada or ada");
    expect(html).toContain("Choose one of the listed permissions");
    expect(html).toContain("Enter an entity ref, such as component:default/payments");
  });

  it("sends a visitor without a session to the sign-in page", async () => {
    const response = await app.get("/settings/access?permission=catalog.entity.read");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/sign-in?redirectTo=%2Fsettings%2Faccess%3Fpermission%3Dcatalog.entity.read");
  });
});
