import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogConfig, component, eventually, locationDoc, startFakeScm, yamlDocs, type FakeScm } from "../tests/support/fake-scm";
import { guestSessionCookie, startServer, type RunningServer } from "../tests/support/server";

// The About card's "Schedule entity refresh" through HTTP, JavaScript off: a
// form post to the entity page, offered for entities read from a url
// location only, checked against catalog.entity.refresh in the service.
// Here a guest may refresh Components but not APIs; processing never runs
// on its own, so only a refresh reads the file again.

const FILES = {
  "acme/repo/main/catalog-info.yaml": locationDoc("acme", ["./things.yaml", "./apis.yaml"]),
  "acme/repo/main/things.yaml": yamlDocs(component("fresh-service", "type: service\n  lifecycle: production\n  owner: nobody", "  description: First version\n")),
  "acme/repo/main/apis.yaml": "apiVersion: backstage.io/v1alpha1\nkind: API\nmetadata:\n  name: fresh-api\nspec: { type: openapi, lifecycle: production, owner: nobody, definition: 'openapi: 3.0.0' }",
};
const localDir = mkdtempSync(path.join(tmpdir(), "atrium-refresh-"));
writeFileSync(path.join(localDir, "local.yaml"), component("local-service"));

let scm: FakeScm;
let server: RunningServer;
let guest: string;
const page = async (url: string) => {
  const response = await fetch(`${server.url}${url}`, { headers: { cookie: guest }, redirect: "manual" });
  return { status: response.status, html: (await response.text()).replaceAll("&#x27;", "'") };
};
const post = (url: string, intent: string) =>
  fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie: guest },
    body: new URLSearchParams({ intent }).toString(),
  });
const refreshForm = (html: string) => html.match(/<form [^>]*id="entity-refresh"[^>]*>.*?<\/form>/s)?.[0];

beforeAll(async () => {
  scm = await startFakeScm(FILES);
  server = await startServer(
    `${catalogConfig(scm).replace("processingInterval: { seconds: 1 }", "processingInterval: false")}
auth:
  signInPage: [guest]
permission:
  enabled: true
  policy:
    roles:
      - name: everyone
        members: ['*']
        permissions:
          - permission: catalog.entity.read
          - permission: catalog.location.create
          - permission: catalog.entity.refresh
            conditions: { rule: IS_ENTITY_KIND, params: { kinds: [Component] } }
`.replace("  locations: []", `  locations:\n    - type: url\n      target: ${scm.blobUrl("acme/repo/main/catalog-info.yaml")}\n    - type: file\n      target: ${path.join(localDir, "local.yaml")}`),
  );
  guest = await guestSessionCookie(server);
  await eventually(
    async () => (await page("/catalog/default/api/fresh-api")).status === 200 && (await page("/catalog/default/component/local-service")).status === 200,
    "the catalog to be ingested",
    90_000,
  );
}, 150_000);

afterAll(async () => {
  await server?.stop();
  await scm?.close();
});

describe("Schedule entity refresh", () => {
  it("is offered on the About card of an entity from a url location that the visitor may refresh", async () => {
    const { html } = await page("/catalog/default/component/fresh-service");
    const form = refreshForm(html);
    expect(form).toMatch(/method="post"/);
    expect(form).toContain('<input type="hidden" name="intent" value="refresh-entity"/>');
    expect(form).toMatch(/<button type="submit"[^>]*title="Schedule entity refresh"[^>]*>.*Schedule entity refresh<\/button>/s);
    // Not for an entity from a file location, nor for one the visitor may not refresh.
    expect(refreshForm((await page("/catalog/default/component/local-service")).html)).toBeUndefined();
    expect(refreshForm((await page("/catalog/default/api/fresh-api")).html)).toBeUndefined();
  });

  it("reads the entity's location again and says so", async () => {
    scm.setFile("acme/repo/main/things.yaml", FILES["acme/repo/main/things.yaml"].replaceAll("First version", "Second version"));
    expect((await page("/catalog/default/component/fresh-service")).html).toContain("First version");
    const response = await post("/catalog/default/component/fresh-service", "refresh-entity");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/catalog/default/component/fresh-service");
    const flash = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const after = await fetch(`${server.url}/catalog/default/component/fresh-service`, { headers: { cookie: `${guest}; ${flash}` } });
    expect(await after.text()).toContain("Refresh scheduled");
    await eventually(async () => (await page("/catalog/default/component/fresh-service")).html.includes("Second version"), "the refreshed entity", 30_000);
  });

  it("refuses a visitor without catalog.entity.refresh with 403 and says why, beside the card", async () => {
    const response = await post("/catalog/default/api/fresh-api", "refresh-entity");
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('<p role="alert" data-testid="refresh-error"');
    expect(html).toContain("You are not allowed to perform catalog.entity.refresh");
  });
});
