import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../app/routes";
import { isPublicApiPath, PUBLIC_API_ROUTES } from "../app/lib/http/public-routes";
import { component, eventually, startFakeScm, type FakeScm } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// The API's door, against the built server: every /api route of the route
// table that app/lib/http/public-routes.ts does not declare public answers
// 401 to a request without credentials, whatever its method, and the request
// changes nothing. A route added to app/routes.ts is walked here too.

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const DOOR_FILE = "acme/door/main/catalog-info.yaml";
const missingCredentials = (method: string, url: string) => ({
  error: { name: "AuthenticationError", message: "Missing credentials" },
  request: { method, url },
  response: { statusCode: 401 },
});

/** Every route of the table with its full path, nested routes included. */
function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.path !== undefined ? [{ path, file: entry.file }] : []), ...flatten(entry.children ?? [], path)];
  });
}
const apiRoutes = flatten(routes).filter((route) => route.path === "api" || route.path.startsWith("api/"));

const withToken = (init: RequestInit = {}) => ({ ...init, headers: { ...API_AUTHORIZATION, ...(init.headers as Record<string, string>) } });
const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the door of /api, on a portal without a sign-in page (where every visitor is the guest)", () => {
  let scm: FakeScm;
  let server: RunningServer;
  let uid: string;
  let locationId: string;
  const api = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });
  const locations = async () => (await (await api("/api/catalog/locations", withToken())).json()) as Array<{ data: { id: string; target: string } }>;
  const entity = async () => (await api("/api/catalog/entities/by-name/component/default/door-service", withToken())).json();

  beforeAll(async () => {
    scm = await startFakeScm({ [DOOR_FILE]: component("door-service", undefined, "  description: as registered\n") });
    // No periodic processing: only a refresh reads the file again.
    server = await startServer(`
integrations:
  github:
    - host: ${scm.host}
      rawBaseUrl: ${scm.url}
catalog:
  locations: []
  processingInterval: false
`);
    const added = await api("/api/catalog/locations", withToken({ method: "POST", ...json({ type: "url", target: scm.blobUrl(DOOR_FILE) }) }));
    expect(added.status).toBe(201);
    locationId = (await added.json()).location.id;
    uid = (await eventually(async () => (await api("/api/catalog/entities/by-name/component/default/door-service", withToken())).ok && (await entity()), "door-service")).metadata.uid;
  });
  afterAll(async () => {
    await server?.stop();
    await scm?.close();
  });

  it("declares public only the auth plugin's routes that hand out credentials", () => {
    expect(apiRoutes.filter((route) => isPublicApiPath(`/${route.path}`)).map((route) => route.path)).toEqual([
      "api/auth/.well-known/jwks.json",
      "api/auth/:provider/start",
      "api/auth/:provider/handler/frame",
      "api/auth/:provider/refresh",
      "api/auth/:provider/logout",
    ]);
    expect(PUBLIC_API_ROUTES.every((pattern) => pattern.startsWith("/api/auth/"))).toBe(true);
    expect(apiRoutes.length).toBeGreaterThan(15);
  });

  it("answers 401 to every method of every other /api route without credentials, and nothing changes", async () => {
    // The file changes before the walk: a refresh that got through would read it again.
    scm.setFile(DOOR_FILE, component("door-service", undefined, "  description: changed at the source\n"));
    const before = { locations: await locations(), scmRequests: scm.requests.length };
    const sample: Record<string, string> = {
      kind: "component",
      namespace: "default",
      name: "door-service",
      uid,
      id: locationId,
      bucket: "user-settings",
      key: "theme",
      provider: "oidc",
      pluginId: "catalog",
      resource: "groups",
      taskId: "00000000-0000-4000-8000-000000000000",
      entityName: "door-service",
      "*": "nothing/here",
    };
    // Bodies that would do something with credentials, so a refusal is what keeps them from it.
    const bodies: Record<string, unknown> = {
      "api/catalog/refresh": { entityRef: "component:default/door-service" },
      "api/catalog/locations": { type: "url", target: scm.blobUrl("acme/intruder/main/catalog-info.yaml") },
      "api/catalog/locations/:id": { type: "url", target: scm.blobUrl("acme/intruder/main/catalog-info.yaml") },
      "api/catalog/analyze-location": { location: { type: "url", target: scm.blobUrl("acme/intruder/main/catalog-info.yaml") } },
      "api/catalog/entities/by-refs": { entityRefs: ["component:default/door-service"] },
      "api/catalog/validate-entity": { entity: { apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata: { name: "x" } }, location: "url:https://example.com/x.yaml" },
      "api/permission/authorize": { items: [] },
      "api/user-settings/buckets/:bucket/keys/:key": { value: "dark" },
    };
    const walked: string[] = [];
    for (const route of apiRoutes.filter((route) => !isPublicApiPath(`/${route.path}`))) {
      const path = `/${route.path.replace(/:(\w+)|\*/g, (token, name: string | undefined) => sample[name ?? "*"] ?? expect.fail(`no sample for ${token} in ${route.path}`))}`;
      for (const method of METHODS) {
        const hasBody = method !== "GET" && method !== "HEAD";
        const response = await api(path, { method, ...(hasBody ? json(bodies[route.path] ?? {}) : {}) });
        walked.push(`${method} ${route.path}`);
        expect([method, path, response.status]).toEqual([method, path, 401]);
        if (method !== "HEAD") expect(await response.json()).toEqual(missingCredentials(method, path));
      }
    }
    expect(walked).toContain("DELETE api/catalog/entities/by-uid/:uid");
    expect(walked).toContain("POST api/catalog/refresh");
    // The router matches paths regardless of case, percent-encoding and repeated slashes; so does the door.
    for (const spelling of ["/API/Catalog", "/%61pi/catalog", "/api//catalog", "/api/%63atalog"]) {
      const refresh = await api(`${spelling}/refresh`, { method: "POST", ...json(bodies["api/catalog/refresh"]) });
      const removal = await api(`${spelling}/entities/by-uid/${uid}`, { method: "DELETE" });
      expect([spelling, refresh.status, removal.status]).toEqual([spelling, 401, 401]);
    }

    // Nothing was read, registered, moved, deleted or refreshed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(scm.requests.length).toBe(before.scmRequests);
    expect(await locations()).toEqual(before.locations);
    expect((await api(`/api/catalog/entities/by-uid/${uid}`, withToken())).status).toBe(200);
    expect((await entity()).metadata.description).toBe("as registered");
  });

  it("lets the same requests through with credentials, so the refusals above are the door's", async () => {
    expect((await api("/api/catalog/refresh", withToken({ method: "POST", ...json({ entityRef: "component:default/door-service" }) }))).status).toBe(200);
    await eventually(async () => (await entity()).metadata.description === "changed at the source", "the refreshed description");
    expect((await api(`/api/catalog/entities/by-uid/${uid}`, withToken({ method: "DELETE" }))).status).toBe(204);
    expect((await api(`/api/catalog/entities/by-uid/${uid}`, withToken())).status).toBe(404);
  });

  it("refuses credentials that are sent but not valid with 401 and the reason, on public routes too", async () => {
    const forged = await api("/api/catalog/entities", { headers: { authorization: "Bearer not-a-token" } });
    expect(forged.status).toBe(401);
    expect((await forged.json()).error.name).toBe("AuthenticationError");
    expect((await api("/api/auth/oidc/refresh?env=development", { headers: { authorization: "Bearer not-a-token", "x-requested-with": "XMLHttpRequest" } })).status).toBe(401);
  });

  it("keeps the public routes open, and health outside /api", async () => {
    expect((await api("/api/auth/.well-known/jwks.json")).status).toBe(200);
    // Open, so the route's own answer: this portal has no provider of that name.
    const start = await api("/api/auth/myspace/start?env=development");
    expect([start.status, (await start.json()).error.name]).toEqual([404, "NotFoundError"]);
    expect((await api("/.backstage/health/v1/readiness")).status).toBe(200);
  });
});

describe("the door on the repository's own configuration (app-config.yaml)", () => {
  let server: RunningServer;
  const api = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

  beforeAll(async () => {
    // The server tests' defaults turn the sign-in page off; this puts the repository's own back.
    server = await startServer("auth:\n  signInPage: [guest, custom, oidc]\n");
  });
  afterAll(() => server?.stop());

  it("answers 401 to DELETE by-uid and POST refresh without credentials, and the entity stays", async () => {
    const ref = "component:default/listing-search-service";
    const found = await eventually(
      async () => {
        const response = await api("/api/catalog/entities/by-name/component/default/listing-search-service", withToken());
        return response.ok && ((await response.json()) as { metadata: { uid: string } });
      },
      "the example catalog",
      30_000,
    );
    const removed = await api(`/api/catalog/entities/by-uid/${found.metadata.uid}`, { method: "DELETE" });
    expect([removed.status, await removed.json()]).toEqual([401, missingCredentials("DELETE", `/api/catalog/entities/by-uid/${found.metadata.uid}`)]);
    const refresh = await api("/api/catalog/refresh", { method: "POST", ...json({ entityRef: ref }) });
    expect([refresh.status, await refresh.json()]).toEqual([401, missingCredentials("POST", "/api/catalog/refresh")]);
    expect((await api("/api/catalog/entities", {})).status).toBe(401);
    expect((await api(`/api/catalog/entities/by-uid/${found.metadata.uid}`, withToken())).status).toBe(200);
  });
});

describe("backend.auth.dangerouslyDisableDefaultAuthPolicy", () => {
  let server: RunningServer;
  const api = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

  beforeAll(async () => {
    server = await startServer(`
backend:
  auth:
    dangerouslyDisableDefaultAuthPolicy: true
permission:
  enabled: true
  policy:
    roles:
      - name: readers
        members: ['*']
        permissions:
          - permission: catalog.entity.read
`);
  });
  afterAll(() => server?.stop());

  it("opens the API to callers without credentials, who act with no principal so the policy still decides, and says so at start", async () => {
    const found = await eventually(
      async () => {
        const response = await api("/api/catalog/entities/by-name/component/default/listing-search-service");
        return response.ok && ((await response.json()) as { metadata: { uid: string } });
      },
      "the example catalog",
      30_000,
    );
    const removed = await api(`/api/catalog/entities/by-uid/${found.metadata.uid}`, { method: "DELETE" });
    expect([removed.status, (await removed.json()).error]).toEqual([403, { name: "NotAllowedError", message: "You are not allowed to perform catalog.entity.delete" }]);
    expect((await api(`/api/catalog/entities/by-uid/${found.metadata.uid}`)).status).toBe(200);
    expect(server.output()).toMatch(/"level":"?(warn|40)"?.*dangerouslyDisableDefaultAuthPolicy/);
    // A key of the schema (app/lib/config/schema.ts), not one of the unknown keys kept for other plugins.
    expect(server.output()).not.toMatch(/"keys":\[[^\]]*dangerouslyDisableDefaultAuthPolicy/);
  });
});
