import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { useServer } from "../tests/support/server";

// The Definition tab of API entity pages through HTTP, JavaScript off: one
// example API of each kind renders its viewer and its highlighted raw text
// on the server, and hostile definitions (made here) render safely.

const extraDir = mkdtempSync(path.join(tmpdir(), "atrium-api-definitions-"));
const hostileDescription = "Hello <script>alert('pwned')</script> [click](javascript:alert(1)) <img src=x onerror=alert(2)>";
const loop =
  "openapi: 3.0.0\ninfo: { title: Loop, version: '1', description: " +
  JSON.stringify(hostileDescription) +
  " }\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content: { application/json: { schema: { $ref: '#/components/schemas/A' } } }\ncomponents:\n  schemas:\n    A: { type: object, properties: { b: { $ref: '#/components/schemas/B' } } }\n    B: { type: object, properties: { a: { $ref: '#/components/schemas/A' } } }\n";
const api = (name: string, type: string, definition: string) => `---
apiVersion: backstage.io/v1alpha1
kind: API
metadata: { name: ${name} }
spec:
  type: ${type}
  lifecycle: experimental
  owner: group:default/platform-team
  definition: ${JSON.stringify(definition)}
`;
const extraFile = path.join(extraDir, "apis.yaml");
writeFileSync(
  extraFile,
  [
    api("loop-api", "openapi", loop),
    api("broken-graphql", "graphql", "type Query {\n  a: \n}"),
    api("plain-api", "raml", "#%RAML 1.0\ntitle: <b>Old</b>"),
    api("huge-api", "openapi", `openapi: 3.0.0\ninfo: { title: Huge, version: '1' }\npaths: {}\nx-padding: "${"x".repeat(2.2 * 1024 * 1024)}"\n`),
  ].join(""),
);

const app = useServer(`
catalog:
  locations:
    - type: file
      target: ./examples/catalog-info.yaml
    - type: file
      target: ${extraFile}
`);

const page = async (path: string) => {
  const response = await app.get(path);
  return { status: response.status, html: await response.text() };
};
const text = (html: string) =>
  html
    .replace(/<script.*?<\/script>/gs, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;|&#34;/g, '"')
    .replace(/\s+/g, " ");
/** The page's markup without React Router's hydration data (which carries the loader data as a string). */
const markup = (html: string) => html.replace(/<script.*?<\/script>/gs, "");

beforeAll(async () => {
  await eventually(async () => (await page("/catalog/default/api/owner-portal-trpc/definition")).status === 200, "the example catalog to be ingested", 30_000);
  await eventually(async () => (await page("/catalog/default/api/huge-api/definition")).status === 200, "the extra APIs to be ingested", 30_000);
}, 60_000);

describe("API definition viewers", () => {
  it.each([
    ["listing-search-api", "openapi", ["OpenAPI 3.1.0", "Listing Search API", "GET"], "yaml"],
    ["screening-decisions-api", "openapi", ["Swagger 2.0", "screenings", "Order a screening for an application", "multipart/form-data"], "yaml"],
    ["rent-payment-events", "asyncapi", ["AsyncAPI 3.0.0", "payments.payment.v1", "PaymentSucceeded", "Payload"], "yaml"],
    ["tenant-portal-graphql", "graphql", ["Queries", "Mutations", "Subscriptions", "Types"], "graphql"],
    ["sensor-ingestion-api", "grpc", ["package keystone.smartbuilding.ingest.v1", "rpc StreamReadings", "stream", "ReadingBatch"], "proto"],
    ["owner-portal-trpc", "trpc", ["Procedures", "statements.requestReissue", "mutation", "occupancy", "subscription", "distributions.upcoming"], "typescript"],
  ])("%s (%s): the viewer and the raw definition, highlighted on the server", async (name, format, texts, language) => {
    const { status, html } = await page(`/catalog/default/api/${name}/definition`);
    expect(status).toBe(200);
    expect(html).toMatch(/aria-current="page"[^>]*>Definition</);
    expect(markup(html)).toContain(`data-format="${format}"`);
    for (const expected of texts) expect(text(html)).toContain(expected);
    expect(markup(html)).toMatch(new RegExp(`data-language="${language}"[^>]*>.*<pre class="shiki shiki-themes github-light-default github-dark-default"`, "s"));
    expect(markup(html)).toContain("--shiki-dark:");
  });

  it("computes the viewer only on the Definition tab: the overview has no definition card", async () => {
    const { html } = await page("/catalog/default/api/listing-search-api");
    expect(html).not.toContain('data-card="apiDefinition"');
    expect(html).not.toContain("shiki");
  });

  it("renders a hostile definition safely: no script or javascript: link from its description, and $ref loops shown as circular", async () => {
    const { status, html } = await page("/catalog/default/api/loop-api/definition");
    expect(status).toBe(200);
    const body = markup(html);
    expect(body).not.toContain("alert('pwned')</script>");
    expect(body).not.toMatch(/<script>alert|href="javascript:|<img[^>]*onerror/);
    // In the first HTML, not streamed behind a script (the page works without JavaScript).
    expect(body).not.toMatch(/<div hidden id="S:/);
    expect(text(html)).toContain("Hello");
    expect(text(html)).toContain("circular");
  });

  it("shows a definition that fails to parse as text with the parser's error, never a blank card", async () => {
    const { status, html } = await page("/catalog/default/api/broken-graphql/definition");
    expect(status).toBe(200);
    expect(text(html)).toContain("The definition could not be read as GraphQL");
    expect(text(html)).toMatch(/Syntax Error.*line 3, column 1/);
    expect(markup(html)).toContain('data-language="graphql"');
  });

  it("shows an API type without a viewer as text, escaped", async () => {
    const { html } = await page("/catalog/default/api/plain-api/definition");
    expect(text(html)).toContain("There is no viewer for API type 'raml'");
    expect(markup(html)).not.toContain("<b>Old</b>");
  });

  it("cuts a huge definition at the size bound, with a visible note", async () => {
    const { status, html } = await page("/catalog/default/api/huge-api/definition");
    expect(status).toBe(200);
    expect(text(html)).toContain("The definition is larger than 2,097,152 characters");
    expect(text(html)).toContain("too large to highlight");
  });

  it("answers 404 for the Definition tab of an entity that is not an API", async () => {
    expect((await page("/catalog/default/component/listing-search-service/definition")).status).toBe(404);
  });
});
