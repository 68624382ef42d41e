import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { component, eventually } from "../tests/support/fake-scm";
import { startRecordingHost, type RecordingHost } from "../tests/support/fake-recording-host";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// A GitLab integration's token goes to its own host only. Its host, on one
// port of 127.0.0.1, redirects the catalog's read to a host on another port
// that backend.reading.allow lets the catalog read: the file is read there
// without the token. A redirect to a host nobody allowed is not followed at
// all. (app/lib/integrations/credentialed-fetch.server.ts)

const TOKEN = "glpat-integration-secret-0123456789";
let gitlab: RecordingHost;
let allowed: RecordingHost;
let unlisted: RecordingHost;
let server: RunningServer;

beforeAll(async () => {
  [gitlab, allowed, unlisted] = await Promise.all([startRecordingHost(), startRecordingHost(), startRecordingHost()]);
  gitlab.redirect("/acme/moved/-/raw/main/catalog-info.yaml", `${allowed.url}/mirror/catalog-info.yaml`);
  allowed.serve("/mirror/catalog-info.yaml", component("moved-service"));
  gitlab.redirect("/acme/lured/-/raw/main/catalog-info.yaml", `${unlisted.url}/collect`);
  server = await startServer(`
integrations:
  gitlab:
    - host: ${gitlab.host}
      apiBaseUrl: ${gitlab.url}/api/v4
      token: ${TOKEN}
backend:
  reading:
    allow:
      - host: ${allowed.host}
catalog:
  rules:
    - allow: [Component, Location]
  locations: []
  processingInterval: { seconds: 1 }
`);
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([gitlab, allowed, unlisted].map((host) => host?.close()));
});

const register = (target: string, query = "") =>
  fetch(`${server.url}/api/catalog/locations${query}`, {
    method: "POST",
    headers: { ...API_AUTHORIZATION, "content-type": "application/json" },
    body: JSON.stringify({ type: "url", target }),
  });

describe("an integration's credentials and redirects", () => {
  it("reads a file its host redirects to another allowed host, which never sees the token", async () => {
    expect((await register(`${gitlab.url}/acme/moved/-/blob/main/catalog-info.yaml`)).status).toBe(201);
    await eventually(async () => (await fetch(`${server.url}/api/catalog/entities/by-name/component/default/moved-service`, { headers: API_AUTHORIZATION })).ok, "moved-service");
    expect(gitlab.received.find((request) => request.path === "/acme/moved/-/raw/main/catalog-info.yaml")?.headers["private-token"]).toBe(TOKEN);
    expect(allowed.received.map((request) => request.path)).toContain("/mirror/catalog-info.yaml");
    expect(allowed.headerValues().filter((value) => value.includes(TOKEN))).toEqual([]);
  });

  it("refuses a redirect to a host that is neither an integration nor allowed, without contacting it", async () => {
    const response = await register(`${gitlab.url}/acme/lured/-/blob/main/catalog-info.yaml`, "?dryRun=true");
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(`Refusing to follow a redirect from '${gitlab.host}' to '${unlisted.host}'`);
    expect(unlisted.received).toEqual([]);
  });
});
