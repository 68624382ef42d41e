import { randomUUID } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { component, eventually, locationDoc, startFakeScm, useCatalogServer, yamlDocs, type FakeScm } from "../tests/support/fake-scm";
import { rawRequest } from "../tests/support/http";
import { API_AUTHORIZATION } from "../tests/support/server";

// Hostile and broken input to the catalog API, as raw HTTP: every refusal is
// Backstage's error body with the status Backstage gives, never a stack, and
// nothing a request names is fetched unless an integration allows its host.

const BOMB = `apiVersion: backstage.io/v1alpha1
kind: Component
metadata: { name: bomb }
spec:
  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
  i: [*h, *h, *h, *h, *h, *h, *h, *h, *h]
`;

const env = useCatalogServer({
  "acme/base/main/catalog-info.yaml": component("base-service"),
  "acme/bomb/main/catalog-info.yaml": BOMB,
  "acme/mixed/main/catalog-info.yaml": locationDoc("mixed-files", ["./good.yaml", "./malformed.yaml"]),
  "acme/mixed/main/good.yaml": component("mixed-good"),
  "acme/mixed/main/malformed.yaml": yamlDocs(component("mixed-broken"), "kind: Component\nmetadata:\n  name: [unclosed\n  annotations: {a: b\n"),
});
/** A host no integration names: Atrium must never send it a request. */
let outside: FakeScm;
let base: string;

const STACK_FRAME = /\bat (?:async )?[\w.<>]*\s*\(?(?:file:|node:|\/)[^\s)]*:\d+:\d+/;
const json = (body: unknown, headers: Record<string, string> = {}) => ({ method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** A request whose body is read whole and checked for stack frames, whatever its status. */
async function call(path: string, init?: RequestInit) {
  const response = await env.api(path, { signal: AbortSignal.timeout(5000), ...init });
  const text = await response.text();
  expect(text).not.toMatch(STACK_FRAME);
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
}

const errorBody = (statusCode: number, name: string, message: string | RegExp, method = "GET") => ({
  error: { name, message: typeof message === "string" ? message : expect.stringMatching(message) },
  request: { method, url: expect.stringMatching(/^\/api\/catalog\//) },
  response: { statusCode },
});
/**
 * POSTs a JSON `body` with node:http (its own keep-alive agent, so a broken
 * connection cannot leak into other tests), declared or chunked, and resolves
 * with the status as soon as one arrives, as curl does, or with why none came.
 */
function rawPost(agent: Agent, path: string, body: string, chunked: boolean) {
  return new Promise<number | string>((resolve) => {
    const headers = { "content-type": "application/json", ...API_AUTHORIZATION, ...(chunked ? {} : { "content-length": String(Buffer.byteLength(body)) }) };
    const request = httpRequest({ host: "127.0.0.1", port: env.server.port, path, method: "POST", headers, agent }, (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    request.on("error", (error) => resolve(`no response: ${error.message}`));
    request.setTimeout(3000, () => request.destroy(new Error("timed out after 3 s")));
    (async () => {
      for (let offset = 0; offset < body.length && !request.destroyed; offset += 64 * 1024) {
        if (!request.write(body.slice(offset, offset + 64 * 1024))) await new Promise((drained) => request.once("drain", drained));
      }
      request.end();
    })().catch(() => undefined);
  });
}
const base64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64");

beforeAll(async () => {
  outside = await startFakeScm({ "acme/repo/main/catalog-info.yaml": component("smuggled") });
  base = env.scm.blobUrl("acme/base/main/catalog-info.yaml");
  expect((await call("/locations", json({ type: "url", target: base }))).status).toBe(201);
  await eventually(async () => (await call("/entities/by-name/component/default/base-service")).status === 200, "base-service");
});
afterAll(() => outside?.close());

describe("bad query parameters", () => {
  it.each([
    ["/entities?filter==component", "Invalid filter, '=component' is not a valid statement (expected a string on the form a=b or a= or a)"],
    ["/entities?foo=1", "Unknown query parameter 'foo'"],
    ["/entities?limit=-1", "Invalid limit, must be greater than zero"],
    ["/entities?limit=0", "Invalid limit, must be greater than zero"],
    ["/entities?limit=ten", "Invalid limit, not an integer"],
    ["/entities?offset=-5", "Invalid offset, must be zero or greater"],
    ["/entities?order=sideways:metadata.name", 'Invalid order parameter "sideways:metadata.name", expected "<asc or desc>:<field name>"'],
    ["/entities?after=", "Invalid after, must not be empty"],
    ["/entities?after=%%%", "Malformed after cursor, could not be parsed"],
    ["/entities?fields=metadata.tags[0]", "invalid fields, array type fields are not supported"],
    ["/entities/by-query?orderField=metadata.name,sideways", "Invalid order field order, must be asc or desc"],
    ["/entities/by-query?totalItems=some", 'Invalid totalItems parameter "some", expected one of: include, exclude'],
    ["/entities/by-query?limit=-1", /limit/],
    ["/entities/by-query?filter=kind=component&bogus=1", /bogus/],
    ["/entity-facets", "Missing facet parameter"],
    ["/entity-facets?facet=kind&filter=,=x", /Invalid filter/],
  ])("GET %s answers 400 InputError", async (path, message) => {
    const { status, body } = await call(path);
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(400, "InputError", message));
  });

  const cursors: Array<[string, string]> = [
    ["percent signs", "%%%"],
    ["base64 of text that is not JSON", base64("definitely not json")],
    ["a cursor of the wrong shape", base64({ orderFields: "metadata.name", orderFieldValues: 1 })],
    ["a cursor with a bad sort order", base64({ orderFields: [{ field: "metadata.name", order: "up" }], orderFieldValues: [null, "x"], isPrevious: false, totalItems: 1 })],
    ["a cursor with a forged filter", base64({ filter: 5, orderFields: [], orderFieldValues: [""], isPrevious: false, totalItems: 1 })],
    ["a cursor with a forged $in", base64({ filter: { kind: { $in: "component" } }, orderFields: [], orderFieldValues: [""], isPrevious: false, totalItems: 1 })],
    ["a cursor with a forged full-text filter", base64({ fullTextFilter: { term: 5 }, orderFields: [], orderFieldValues: [""], isPrevious: false, totalItems: 1 })],
  ];

  it.each(cursors)("refuses %s as a cursor, by GET and by POST", async (_label, cursor) => {
    const viaGet = await call(`/entities/by-query?cursor=${cursor.replaceAll("+", "%2B").replaceAll("/", "%2F")}`);
    expect([viaGet.status, viaGet.body]).toEqual([400, errorBody(400, "InputError", /^Malformed cursor/)]);
    const viaPost = await call("/entities/by-query", json({ cursor }));
    expect([viaPost.status, viaPost.body]).toEqual([400, errorBody(400, "InputError", /^Malformed cursor/, "POST")]);
  });

  it.each([
    ["/entities/by-query", { query: "kind=component" }, /Query must be an object/],
    ["/entities/by-query", { query: { kind: { $regex: ".*" } } }, /^Invalid query/],
    ["/entities/by-query", { orderBy: [{ field: "metadata.name", order: "sideways" }] }, "Invalid order field order, must be asc or desc"],
    ["/entities/by-query", { cursor: "" }, "Cursor cannot be empty"],
    ["/entity-facets", { facets: [] }, "Missing or empty facets parameter"],
    ["/entities/by-refs", {}, /^Malformed request body \(did you remember to specify an application\/json content type\?\)/],
    ["/entities/by-refs", { entityRefs: "component:default/base-service" }, /entityRefs/],
    ["/locations", { target: base, extra: true }, /^Malformed request: /],
    ["/locations", { type: "url" }, /^Malformed request: /],
  ])("POST %s %j answers 400 InputError", async (path, body, message) => {
    const response = await call(path, json(body));
    expect([response.status, response.body]).toEqual([400, errorBody(400, "InputError", message, "POST")]);
  });
});

describe("missing things", () => {
  it("answers an unknown entity with 404 and Backstage's message", async () => {
    const { status, body } = await call("/entities/by-name/component/default/x");
    expect(status).toBe(404);
    expect(body).toEqual({
      error: { name: "NotFoundError", message: "No entity named 'x' found, with kind 'component' in namespace 'default'" },
      request: { method: "GET", url: "/api/catalog/entities/by-name/component/default/x" },
      response: { statusCode: 404 },
    });
  });

  it.each([
    ["GET", "/entities/by-name/component/default/x/ancestry", "No such entity component:default/x"],
    ["GET", "/entities/by-uid/00000000-0000-4000-8000-000000000000", "No entity with uid 00000000-0000-4000-8000-000000000000"],
    ["GET", "/locations/by-entity/component/default/x", "found no entity for ref component:default/x"],
  ])("%s %s answers 404 NotFoundError", async (method, path, message) => {
    const response = await call(path, { method });
    expect([response.status, response.body]).toEqual([404, errorBody(404, "NotFoundError", message, method)]);
  });

  it("answers an unknown location id with 404 to GET, PUT and DELETE", async () => {
    const id = randomUUID();
    for (const init of [{ method: "GET" }, { ...json({ type: "url", target: base }), method: "PUT" }, { method: "DELETE" }]) {
      const response = await call(`/locations/${id}`, init);
      expect([response.status, response.body]).toEqual([404, errorBody(404, "NotFoundError", `Found no location with ID ${id}`, init.method)]);
    }
  });

  it("answers a refresh of an unknown entity with 404, and deleting an unknown uid with 204", async () => {
    const refresh = await call("/refresh", json({ entityRef: "component:default/x" }));
    expect([refresh.status, refresh.body]).toEqual([404, errorBody(404, "NotFoundError", "Failed to schedule component:default/x for refresh", "POST")]);
    expect((await call(`/entities/by-uid/${randomUUID()}`, { method: "DELETE" })).status).toBe(204);
  });
});

describe("request bodies", () => {
  it("answers a duplicate location with 409 ConflictError", async () => {
    const { status, body } = await call("/locations", json({ type: "url", target: base }));
    expect(status).toBe(409);
    expect(body).toEqual({
      error: { name: "ConflictError", message: `Location url:${base} already exists` },
      request: { method: "POST", url: "/api/catalog/locations" },
      response: { statusCode: 409 },
    });
  });

  it.each(["/locations", "/entities/by-refs", "/entities/by-query", "/refresh"])("answers JSON bodies over 1 MiB to %s with 413, declared or streamed", async (path) => {
    const big = JSON.stringify({ target: "x".repeat(1024 * 1024 + 10) });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // Twice on one keep-alive connection, as clients send them, then chunked without a length.
      const statuses = [await rawPost(agent, `/api/catalog${path}`, big, false), await rawPost(agent, `/api/catalog${path}`, big, false), await rawPost(agent, `/api/catalog${path}`, big, true)];
      expect(statuses).toEqual([413, 413, 413]);
    } finally {
      agent.destroy();
    }
    const declared = await call(path, { method: "POST", headers: { "content-type": "application/json", connection: "close" }, body: big });
    expect(declared.body).toEqual(errorBody(413, "PayloadTooLargeError", "Request body is larger than 1048576 bytes", "POST"));
  });

  it("refuses a body that is not JSON, whatever it claims, with 400", async () => {
    const target = env.scm.blobUrl("acme/never/main/catalog-info.yaml");
    const plain = await call("/locations", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ target }) });
    expect([plain.status, plain.body]).toEqual([400, errorBody(400, "InputError", "Illegal Content-Type", "POST")]);
    const form = await call("/entities/by-refs", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "entityRefs=x" });
    expect([form.status, form.body?.error?.name]).toEqual([400, "InputError"]);
    const none = await rawRequest(env.server.port, "/api/catalog/locations", { method: "POST", headers: API_AUTHORIZATION, body: JSON.stringify({ target }) });
    expect([none.status, JSON.parse(none.body).error]).toEqual([400, { name: "InputError", message: "Content-Type missing" }]);
    const broken = await call("/locations", { method: "POST", headers: { "content-type": "application/json" }, body: '{"target": ' });
    expect([broken.status, broken.body?.error?.name]).toEqual([400, "InputError"]);
    expect((await call("/locations")).body.map((item: { data: { target: string } }) => item.data.target)).not.toContain(target);
  });
});

describe("locations that must not be read", () => {
  const refused = (): Array<[string, { type: string; target: string }]> => [
    ["a javascript: URL", { type: "url", target: "javascript:alert(1)" }],
    ["a local file", { type: "file", target: "file:///etc/passwd" }],
    ["the cloud metadata address", { type: "url", target: "https://169.254.169.254/latest/meta-data" }],
    ["a host no integration names", { type: "url", target: outside.blobUrl("acme/repo/main/catalog-info.yaml") }],
  ];

  it("refuses to register, or dry-run, targets outside the integrations, and fetches nothing", async () => {
    const before = env.scm.requests.length;
    for (const [label, location] of refused()) {
      for (const query of ["", "?dryRun=true"]) {
        const response = await call(`/locations${query}`, json(location));
        expect([label, response.status, response.body?.error?.name]).toEqual([label, 400, "InputError"]);
      }
    }
    const file = await call("/locations", json({ type: "file", target: "file:///etc/passwd" }));
    expect(file.body.error.message).toBe('Registered locations must be of an allowed type ["url"]');
    const targets = (await call("/locations")).body.map((item: { data: { target: string } }) => item.data.target);
    expect(targets).toEqual([base]);
    expect(outside.requests).toEqual([]);
    expect(env.scm.requests.slice(before).filter((path) => /passwd|meta-data|alert/.test(path))).toEqual([]);
  });

  it("does not follow a source host's redirect to a host no integration names", async () => {
    env.scm.redirect("acme/hop/main/catalog-info.yaml", outside.url + "/acme/repo/main/catalog-info.yaml");
    const { body } = await call("/locations", json({ type: "url", target: env.scm.blobUrl("acme/hop/main/catalog-info.yaml") }));
    const errors = await eventually(async () => (await call(`/entities/by-name/location/default/${body.location.entityRef.split("/")[1]}`)).body?.status?.items, "the redirect error");
    expect(errors).toEqual([expect.objectContaining({ level: "error", message: expect.stringContaining("redirect") })]);
    expect(outside.requests).toEqual([]);
    expect((await call("/entities/by-name/component/default/smuggled")).status).toBe(404);
  });
});

describe("hostile catalog files", () => {
  it("turns a YAML bomb into a processing error and keeps answering quickly", async () => {
    const { body } = await call("/locations", json({ type: "url", target: env.scm.blobUrl("acme/bomb/main/catalog-info.yaml") }));
    const ref = body.location.entityRef.split("/")[1];
    const errors = await eventually(async () => (await call(`/entities/by-name/location/default/${ref}`)).body?.status?.items, "the bomb's error");
    expect(errors).toEqual([expect.objectContaining({ level: "error", message: expect.stringMatching(/alias/i) })]);
    expect((await call("/entities/by-name/component/default/bomb")).status).toBe(404);
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await call("/entities?filter=kind=component&limit=10")).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it("reports a malformed file on its Location and still ingests the Location's other files", async () => {
    await call("/locations", json({ type: "url", target: env.scm.blobUrl("acme/mixed/main/catalog-info.yaml") }));
    await eventually(async () => (await call("/entities/by-name/component/default/mixed-good")).status === 200, "mixed-good");
    const errors = await eventually(async () => (await call("/entities/by-name/location/default/mixed-files")).body?.status?.items, "the YAML error");
    expect(errors).toEqual([expect.objectContaining({ level: "error", message: expect.stringContaining(env.scm.blobUrl("acme/mixed/main/malformed.yaml")) })]);
    // The document before the broken one in the same file is kept.
    expect((await call("/entities/by-name/component/default/mixed-broken")).status).toBe(200);
  });

  it("answers 1000 refs in one by-refs request in order", async () => {
    const refs = Array.from({ length: 1000 }, (_, i) => `component:default/nothing-${i}`);
    refs[999] = "component:default/base-service";
    const { status, body } = await call("/entities/by-refs", json({ entityRefs: refs, fields: ["metadata.name"] }));
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1000);
    expect(body.items.slice(998)).toEqual([null, { metadata: { name: "base-service" } }]);
  });
});
