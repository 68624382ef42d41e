import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BrowserSession } from "../tests/support/browser-session";
import { catalogConfig, eventually, startFakeScm, type FakeScm } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// The scaffolder's template routes over a catalog read from a fake GitHub:
// the parameter schema of @backstage/create-app's example template as
// Backstage's router answers it, the templating extensions, and a guest whose
// policy hides a tagged parameter step.

const CREATE_APP = readFileSync(new URL("../app/lib/scaffolder/template/fixtures/create-app-example/template.yaml", import.meta.url), "utf8");
const TAGGED = `apiVersion: scaffolder.backstage.io/v1beta3
kind: Template
metadata: { name: tagged, title: Tagged }
spec:
  type: service
  parameters:
    - title: Everyone
      properties: { name: { type: string } }
    - title: Admins only
      backstage:permissions: { tags: [secret] }
      properties: { budget: { type: number } }
  steps:
    - { id: log, action: debug:log }
    - { id: hidden, action: debug:log, backstage:permissions: { tags: [secret] } }
`;
const PERMISSIONS = `
permission:
  enabled: true
  policy:
    roles:
      - name: everyone
        members: ['*']
        permissions:
          - permission: catalog.entity.read
          - permission: scaffolder.template.parameter.read
            conditions: ${JSON.stringify({ not: { rule: "HAS_TAG", params: { tag: "secret" } } })}
          - permission: scaffolder.template.step.read
`;

let scm: FakeScm;
let server: RunningServer;
const api = (path: string, headers: Record<string, string> = API_AUTHORIZATION) => fetch(`${server.url}/api/scaffolder/v2${path}`, { headers });

beforeAll(async () => {
  scm = await startFakeScm({ "acme/templates/main/create-app.yaml": CREATE_APP, "acme/templates/main/tagged.yaml": TAGGED });
  server = await startServer(catalogConfig(scm) + PERMISSIONS);
  for (const file of ["create-app.yaml", "tagged.yaml"]) {
    const response = await fetch(`${server.url}/api/catalog/locations`, {
      method: "POST",
      headers: { ...API_AUTHORIZATION, "content-type": "application/json" },
      body: JSON.stringify({ type: "url", target: scm.blobUrl(`acme/templates/main/${file}`) }),
    });
    expect(response.status).toBe(201);
  }
  for (const name of ["example-nodejs-template", "tagged"]) {
    await eventually(async () => (await fetch(`${server.url}/api/catalog/entities/by-name/template/default/${name}`, { headers: API_AUTHORIZATION })).ok, name);
  }
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await scm?.close();
});

describe("GET /api/scaffolder/v2/templates/:namespace/:kind/:name/parameter-schema", () => {
  it("answers the create-app template's steps as Backstage's router does", async () => {
    const response = await api("/templates/default/template/example-nodejs-template/parameter-schema");
    expect(response.status).toBe(200);
    const parameters = (parse(CREATE_APP) as { spec: { parameters: unknown[] } }).spec.parameters;
    expect(await response.json()).toEqual({
      title: "Example Node.js Template",
      description: "An example template for the scaffolder that creates a simple Node.js service",
      steps: [
        { title: "Fill in some steps", schema: parameters[0] },
        { title: "Choose a location", schema: parameters[1] },
      ],
    });
  });

  it("answers 404 for a template that does not exist and 400 for another kind", async () => {
    const missing = await api("/templates/default/template/nope/parameter-schema");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toEqual({ name: "NotFoundError", message: "Template template:default/nope not found" });
    const component = await api("/templates/default/component/example-nodejs-template/parameter-schema");
    expect(component.status).toBe(400);
    expect((await component.json()).error.message).toBe("Invalid kind, only 'Template' kind is supported");
  });

  it("needs credentials", async () => {
    expect((await api("/templates/default/template/example-nodejs-template/parameter-schema", {})).status).toBe(401);
  });

  it("leaves out the parameter steps the caller may not read", async () => {
    const asService = await (await api("/templates/default/template/tagged/parameter-schema")).json();
    expect(asService.steps.map((step: { title: string }) => step.title)).toEqual(["Everyone", "Admins only"]);
    const guest = new BrowserSession();
    await guest.request(`${server.url}/`);
    const asGuest = await guest.request(`${server.url}/api/scaffolder/v2/templates/default/template/tagged/parameter-schema`);
    expect(asGuest.status).toBe(200);
    expect((await asGuest.json()).steps.map((step: { title: string }) => step.title)).toEqual(["Everyone"]);
  });
});

describe("GET /api/scaffolder/v2/templating-extensions", () => {
  it("lists Backstage's filters with their schemas and examples, and no globals", async () => {
    const response = await api("/templating-extensions");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body.filters)).toEqual(["parseRepoUrl", "parseEntityRef", "pick", "projectSlug"]);
    expect(body.filters.projectSlug.schema).toEqual({
      input: { type: "string", description: "repo URL as collected from repository picker", $schema: "http://json-schema.org/draft-07/schema#" },
      output: { type: "string", $schema: "http://json-schema.org/draft-07/schema#" },
    });
    expect(body.filters.parseEntityRef.examples).toHaveLength(2);
    expect(body.globals).toEqual({ functions: {}, values: {} });
  });
});
