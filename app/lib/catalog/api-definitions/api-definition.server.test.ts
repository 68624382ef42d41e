import { describe, expect, it } from "vitest";
import type { Entity } from "../entity";
import { loadApiDefinitionCard } from "./api-definition.server";
import { MAX_DEFINITION_CHARS } from "./limits";

const api = (spec: Record<string, unknown>): Entity => ({ apiVersion: "backstage.io/v1alpha1", kind: "API", metadata: { name: "a" }, spec });

describe("loadApiDefinitionCard", () => {
  it("parses by spec.type, case-insensitively, and highlights in that type's language", async () => {
    const card = await loadApiDefinitionCard(api({ type: "GraphQL", definition: "type Query { a: Int }" }));
    expect(card.model?.format).toBe("graphql");
    expect(card.source?.language).toBe("graphql");
    expect(card.parseError).toBeUndefined();
  });

  it("has no source when the entity has no definition", async () => {
    expect(await loadApiDefinitionCard(api({ type: "openapi" }))).toEqual({ card: "apiDefinition", apiType: "openapi" });
    expect(await loadApiDefinitionCard(api({ type: "openapi", definition: "   " }))).toEqual({ card: "apiDefinition", apiType: "openapi" });
  });

  it("shows an inline mapping as JSON and still parses it", async () => {
    const card = await loadApiDefinitionCard(api({ type: "openapi", definition: { openapi: "3.0.0", paths: { "/a": { get: { responses: {} } } } } }));
    expect(card.model?.format).toBe("openapi");
    expect(card.source?.html).toContain("openapi");
  });

  it("keeps the raw text and the parser's message when parsing fails", async () => {
    const card = await loadApiDefinitionCard(api({ type: "grpc", definition: "service S { rpc ( }" }));
    expect(card.model).toBeUndefined();
    expect(card.parseError).toBeTruthy();
    expect(card.source?.html).toContain("service");
  });

  it("shows an unknown type as text only, and a huge definition cut, unparsed", async () => {
    expect(await loadApiDefinitionCard(api({ type: "raml", definition: "#%RAML 1.0" }))).toMatchObject({ unsupported: true, source: { language: "yaml" } });
    const huge = await loadApiDefinitionCard(api({ type: "openapi", definition: `openapi: 3.0.0\n# ${"x".repeat(MAX_DEFINITION_CHARS)}` }));
    expect(huge).toMatchObject({ truncatedAt: MAX_DEFINITION_CHARS, source: { highlighted: false } });
    expect(huge.model).toBeUndefined();
  });
});
