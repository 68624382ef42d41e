import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../markdown/render-markdown.server";
import type { SchemaNode } from "./model";
import { openApiView } from "./openapi";
import { DefinitionParseError, parseYamlDocument } from "./parse-document";

const view = (yaml: string) => openApiView(parseYamlDocument(yaml), renderMarkdown);

const PETSTORE_3 = `
openapi: 3.0.3
info: { title: Pets, version: "1.0", description: "Pets **here** <script>alert(1)</script> [x](javascript:alert(1))" }
servers: [{ url: https://pets.example/v1 }]
tags: [{ name: pets, description: Everything about pets }, { name: unused }]
paths:
  /pets/{petId}:
    parameters:
      - { name: petId, in: path, schema: { type: string } }
      - { name: trace, in: header, schema: { type: string } }
    get:
      tags: [pets]
      summary: One pet
      parameters:
        - { $ref: '#/components/parameters/Trace' }
      responses:
        '200':
          description: The pet
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
        '404': { $ref: '#/components/responses/NotFound' }
  /health:
    get:
      summary: Health
      responses: { '204': { description: Fine } }
    post:
      tags: [pets]
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
      responses: { '201': { description: Created } }
components:
  parameters:
    Trace: { name: trace, in: header, required: true, description: Overrides the path item's, schema: { type: string } }
  responses:
    NotFound: { description: No such pet }
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name: { type: string }
        parent: { $ref: '#/components/schemas/Pet' }
        tags: { type: array, items: { type: string, enum: [a, b] } }
        owner: { $ref: '#/components/schemas/Missing' }
`;

describe("openApiView (OpenAPI 3)", () => {
  it("groups operations by their first tag, in the document's tag order, untagged ones last as 'default'", () => {
    const result = view(PETSTORE_3);
    expect(result.groups.map((group) => [group.tag, group.operations.map((operation) => `${operation.method} ${operation.path}`)])).toEqual([
      ["pets", ["GET /pets/{petId}", "POST /health"]],
      ["default", ["GET /health"]],
    ]);
    expect(result.groups[0].description).toBe("Everything about pets");
    expect(result.servers).toEqual(["https://pets.example/v1"]);
  });

  it("merges path-level parameters, the operation's own (through $ref) winning", () => {
    const operation = view(PETSTORE_3).groups[0].operations[0];
    expect(operation.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required, parameter.description])).toEqual([
      ["petId", "path", true, undefined],
      ["trace", "header", true, "Overrides the path item's"],
    ]);
  });

  it("resolves response and request schemas, marking a self-reference circular and a missing one unresolved", () => {
    const [get, post] = view(PETSTORE_3).groups[0].operations;
    const pet = get.responses[0].contents[0].schema!;
    expect(pet.refName).toBe("Pet");
    const property = (name: string) => pet.properties!.find((item) => item.name === name)!;
    expect(property("name").required).toBe(true);
    expect(property("parent").schema).toEqual({ refName: "Pet", circular: true });
    expect(property("tags").schema.items?.enum).toEqual(["a", "b"]);
    expect(property("owner").schema.unresolved).toBe("#/components/schemas/Missing");
    expect(get.responses[1]).toEqual({ status: "404", description: "No such pet", contents: [] });
    expect(post.requestBody?.required).toBe(true);
    expect(post.requestBody?.contents[0].schema?.refName).toBe("Pet");
  });

  it("renders the description as sanitised markdown", () => {
    const html = view(PETSTORE_3).descriptionHtml!;
    expect(html).toContain("<strong>here</strong>");
    expect(html).not.toMatch(/<script|javascript:/);
  });

  it("bounds deep nesting and exponential reference fan-out", () => {
    const deep = {
      openapi: "3.0.0",
      paths: { "/a": { get: { responses: { "200": { description: "x", content: { "application/json": { schema: { $ref: "#/components/schemas/L0" } } } } } } } },
      components: { schemas: {} as Record<string, unknown> },
    };
    // Each level refers to the next twice: 2^40 nodes if expanded naively.
    for (let level = 0; level < 40; level += 1)
      deep.components.schemas[`L${level}`] = { type: "object", properties: { a: { $ref: `#/components/schemas/L${level + 1}` }, b: { $ref: `#/components/schemas/L${level + 1}` } } };
    const started = Date.now();
    const schema = openApiView(deep, renderMarkdown).groups[0].operations[0].responses[0].contents[0].schema!;
    expect(Date.now() - started).toBeLessThan(2000);
    let node: SchemaNode | undefined = schema;
    let depth = 0;
    while (node?.properties) {
      node = node.properties[0].schema;
      depth += 1;
    }
    expect(depth).toBeLessThan(20);
    expect(node?.truncated).toBe(true);
  });

  it("refuses a document that is not OpenAPI, with a message", () => {
    expect(() => view("hello: world")).toThrow(DefinitionParseError);
    expect(() => view("swagger: '1.2'")).toThrow(/Unsupported Swagger version/);
  });
});

describe("openApiView (Swagger 2)", () => {
  const SWAGGER = `
swagger: "2.0"
info: { title: Old, version: "1" }
host: old.example
basePath: /api
schemes: [https]
paths:
  /things:
    post:
      tags: [things]
      consumes: [application/json]
      parameters:
        - { name: body, in: body, required: true, schema: { $ref: '#/definitions/Thing' } }
        - { name: limit, in: query, type: integer, format: int32 }
      responses:
        '200': { description: Ok, schema: { type: array, items: { $ref: '#/definitions/Thing' } } }
  /upload:
    post:
      consumes: [multipart/form-data]
      parameters:
        - { name: file, in: formData, type: file, required: true }
      responses: { '204': { description: Done } }
definitions:
  Thing: { type: object, properties: { id: { type: string } } }
`;

  it("reads host, body and formData parameters, and response schemas", () => {
    const result = view(SWAGGER);
    expect(result.specVersion).toBe("2.0");
    expect(result.servers).toEqual(["https://old.example/api"]);
    const [post] = result.groups[0].operations;
    expect(post.parameters).toEqual([{ name: "limit", in: "query", required: false, description: undefined, schema: { type: "integer", format: "int32" } }]);
    expect(post.requestBody?.contents[0]).toMatchObject({ mediaType: "application/json", schema: { refName: "Thing", type: "object" } });
    expect(post.responses[0].contents[0].schema?.items?.refName).toBe("Thing");
    const upload = result.groups[1].operations[0];
    expect(upload.requestBody?.contents[0].mediaType).toBe("multipart/form-data");
    expect(upload.requestBody?.contents[0].schema?.properties?.[0]).toMatchObject({ name: "file", required: true, schema: { type: "file" } });
  });
});

describe("parseYamlDocument", () => {
  it("refuses a billion-laughs document instead of expanding it", () => {
    const laughs = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level < 9; level += 1)
      laughs.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(", ")}]`,
      );
    expect(() => parseYamlDocument(laughs.join("\n"))).toThrow(DefinitionParseError);
  });

  it("reports a syntax error with its position", () => {
    expect(() => parseYamlDocument("openapi: 3.0.0\npaths: [unclosed")).toThrow(/line/i);
  });
});
