import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// The entity page's dialogs through HTTP, as a browser without JavaScript
// uses them: a pasted ?inspect link renders the inspector, and hand-made
// posts to unregister or delete without the permission get 403 and change
// nothing. The policy lets everyone read and register, never delete.

const LOCATION_TARGET = "http://127.0.0.1:9/catalog-info.yaml";
const config = `
auth:
  signInPage: [guest]
backend:
  reading:
    allow:
      - host: 127.0.0.1:9
permission:
  enabled: true
  policy:
    roles:
      - name: readers
        members: ['*']
        permissions:
          - permission: catalog.entity.read
          - permission: catalog.location.read
          - permission: catalog.location.create
`;

describe("the entity page's dialogs over HTTP", () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer(config);
    await eventually(
      async () => (await fetch(`${server.url}/api/catalog/entities/by-name/component/default/listing-search-service`, { headers: API_AUTHORIZATION })).ok,
      "the example catalog",
      30_000,
    );
    const response = await fetch(`${server.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "intent=guest",
    });
    cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("atrium-session="))!
      .split(";")[0];
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  const page = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  const postForm = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("renders the inspector's tab named in the link, and the first tab for a value it does not know", async () => {
    const yaml = await page("/catalog/default/component/listing-search-service?inspect=yaml");
    expect(yaml.status).toBe(200);
    const html = await yaml.text();
    expect(html).toContain("Entity Inspector");
    expect(html).toContain("apiVersion: backstage.io/v1alpha1");
    const unknown = await page("/catalog/default/component/listing-search-service?inspect=%3Cnope%3E");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toMatch(/aria-current="page"[^>]*>Overview</);
  });

  it("refuses a hand-made delete without catalog.entity.delete with 403, and the entity stays", async () => {
    const response = await postForm("/catalog/default/component/listing-search-service?unregister", { intent: "delete-entity" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("catalog.entity.delete");
    expect((await fetch(`${server.url}/api/catalog/entities/by-name/component/default/listing-search-service`, { headers: API_AUTHORIZATION })).status).toBe(200);
  });

  it("refuses a hand-made unregister without catalog.location.delete with 403, and the location stays", async () => {
    const created = await fetch(`${server.url}/api/catalog/locations`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ type: "url", target: LOCATION_TARGET }),
    });
    expect(created.status).toBe(201);
    const { location } = (await created.json()) as { location: { id: string; entityRef: string } };
    const name = location.entityRef.split("/")[1];
    const dialog = await page(`/catalog/default/location/${name}?unregister`);
    expect(await dialog.text()).toContain("Unregister Location");

    const response = await postForm(`/catalog/default/location/${name}?unregister`, { intent: "unregister-location" });
    expect(response.status).toBe(403);
    expect((await fetch(`${server.url}/api/catalog/locations/${location.id}`, { headers: API_AUTHORIZATION })).status).toBe(200);
    expect((await fetch(`${server.url}/api/catalog/entities/by-name/location/default/${name}`, { headers: API_AUTHORIZATION })).status).toBe(200);
  });

  it("answers a post for an entity that does not exist with 404", async () => {
    const response = await postForm("/catalog/default/component/no-such-component?unregister", { intent: "delete-entity" });
    expect(response.status).toBe(404);
  });
});
