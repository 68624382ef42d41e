import { type CodeLanguage, highlightCode } from "../../highlight/highlight-code.server";
import { renderMarkdown } from "../../markdown/render-markdown.server";
import type { Entity } from "../entity";
import { asyncApiView } from "./asyncapi";
import { graphQlView } from "./graphql";
import { grpcView } from "./grpc";
import { MAX_DEFINITION_CHARS } from "./limits";
import type { ApiDefinitionCardView, ApiDefinitionModel, ApiDefinitionType } from "./model";
import { openApiView } from "./openapi";
import { DefinitionParseError, parseYamlDocument } from "./parse-document";
import { trpcView } from "./trpc";

// The Definition card of an API entity: spec.definition (a string once
// ingestion has resolved $text) cut to the size bound, parsed by the viewer
// of spec.type, and highlighted as its raw text. A definition that fails to
// parse still shows its text, with the parser's message; an unknown type
// shows the text only, as Backstage's plain widget does.

const LANGUAGE: Record<ApiDefinitionType, CodeLanguage> = { openapi: "yaml", asyncapi: "yaml", graphql: "graphql", grpc: "proto", trpc: "typescript" };

export function definitionTypeOf(apiType: string): ApiDefinitionType | undefined {
  const type = apiType.toLocaleLowerCase("en-US");
  return (Object.keys(LANGUAGE) as ApiDefinitionType[]).find((known) => known === type);
}

export function parseApiDefinition(type: ApiDefinitionType, source: string): ApiDefinitionModel {
  switch (type) {
    case "openapi":
      return openApiView(parseYamlDocument(source), renderMarkdown);
    case "asyncapi":
      return asyncApiView(parseYamlDocument(source), renderMarkdown);
    case "graphql":
      return graphQlView(source, renderMarkdown);
    case "grpc":
      return grpcView(source);
    case "trpc":
      return trpcView(source);
  }
}

export async function loadApiDefinitionCard(entity: Entity): Promise<ApiDefinitionCardView> {
  const apiType = typeof entity.spec?.type === "string" ? entity.spec.type : "";
  const raw = entity.spec?.definition;
  // Ingestion leaves a string; an object here came from an inline YAML mapping some tools write.
  const definition = typeof raw === "string" ? raw : raw !== undefined && raw !== null ? JSON.stringify(raw, null, 2) : undefined;
  if (definition === undefined || !definition.trim()) return { card: "apiDefinition", apiType };

  const truncated = definition.length > MAX_DEFINITION_CHARS;
  const source = truncated ? definition.slice(0, MAX_DEFINITION_CHARS) : definition;
  const type = definitionTypeOf(apiType);
  const language: CodeLanguage = type ? LANGUAGE[type] : source.trimStart().startsWith("{") ? "json" : "yaml";
  const highlighted = await highlightCode(source, language);
  const view: ApiDefinitionCardView = {
    card: "apiDefinition",
    apiType,
    source: { html: highlighted.html, language, highlighted: highlighted.highlighted },
    ...(truncated ? { truncatedAt: MAX_DEFINITION_CHARS } : {}),
  };
  if (!type) return { ...view, unsupported: true };
  // A cut definition is incomplete: parsing it would only report the cut; the card says why it shows text only.
  if (truncated) return view;
  try {
    return { ...view, model: parseApiDefinition(type, source) };
  } catch (error) {
    if (error instanceof DefinitionParseError) return { ...view, parseError: error.message };
    if (error instanceof RangeError) return { ...view, parseError: "The definition is nested too deeply to read" };
    throw error;
  }
}
