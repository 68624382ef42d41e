import { MAX_LISTED_ITEMS } from "./limits";
import type { MediaContent, OpenApiOperation, OpenApiParameter, OpenApiView } from "./model";
import { DefinitionParseError, isRecord, optionalText } from "./parse-document";
import { dereference, type SchemaContext, schemaContext, schemaTree } from "./schema-tree";

// OpenAPI 3.x and Swagger 2.0: operations grouped by their first tag (in the
// order of the document's tags list, then first use; untagged ones last, as
// Swagger UI's "default"), each with its parameters (path-level ones merged),
// request body and responses, schemas resolved by schema-tree.ts.

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export const UNTAGGED = "default";

export function openApiView(document: Record<string, unknown>, describe: (markdown: string) => string): OpenApiView {
  const swagger = optionalText(document.swagger);
  const openapi = optionalText(document.openapi);
  if (!swagger && !openapi) throw new DefinitionParseError("Not an OpenAPI document: it has neither an 'openapi' nor a 'swagger' version field");
  const v2 = Boolean(swagger && !openapi);
  if (v2 && !swagger!.startsWith("2.")) throw new DefinitionParseError(`Unsupported Swagger version ${swagger}`);
  const context = schemaContext(document);
  const info = isRecord(document.info) ? document.info : {};
  const description = optionalText(info.description);

  const groups = new Map<string, { tag: string; description?: string; operations: OpenApiOperation[] }>();
  for (const tag of Array.isArray(document.tags) ? document.tags : []) {
    const name = isRecord(tag) ? optionalText(tag.name) : undefined;
    if (name && !groups.has(name)) groups.set(name, { tag: name, description: optionalText((tag as Record<string, unknown>).description), operations: [] });
  }

  let listed = 0;
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = dereference(context, rawItem);
    if (!item) continue;
    const shared = parametersOf(context, item.parameters);
    for (const method of METHODS) {
      const operation = isRecord(item[method]) ? item[method] : undefined;
      if (!operation || listed >= MAX_LISTED_ITEMS) continue;
      listed += 1;
      const view = operationView(context, { method, path, operation, shared, v2, document });
      const tag = Array.isArray(operation.tags) ? (optionalText(operation.tags[0]) ?? UNTAGGED) : UNTAGGED;
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });
      groups.get(tag)!.operations.push(view);
    }
  }
  const ordered = [...groups.values()].filter((group) => group.operations.length);
  ordered.sort((a, b) => Number(a.tag === UNTAGGED) - Number(b.tag === UNTAGGED));

  return {
    format: "openapi",
    specVersion: (openapi ?? swagger)!,
    title: optionalText(info.title),
    version: optionalText(info.version),
    descriptionHtml: description ? describe(description) : undefined,
    servers: serversOf(document, v2),
    groups: ordered,
  };
}

function serversOf(document: Record<string, unknown>, v2: boolean): string[] {
  if (v2) {
    const host = optionalText(document.host);
    if (!host) return [];
    const schemes = Array.isArray(document.schemes) && document.schemes.length ? document.schemes.filter((scheme) => typeof scheme === "string") : ["https"];
    return schemes.map((scheme) => `${scheme}://${host}${optionalText(document.basePath) ?? ""}`);
  }
  return (Array.isArray(document.servers) ? document.servers : []).flatMap((server) => (isRecord(server) && optionalText(server.url) ? [server.url as string] : [])).slice(0, 50);
}

function parametersOf(context: SchemaContext, value: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(value) ? value : []).flatMap((parameter) => {
    const resolved = dereference(context, parameter);
    return resolved && optionalText(resolved.name) && optionalText(resolved.in) ? [resolved] : [];
  });
}

function operationView(
  context: SchemaContext,
  args: { method: string; path: string; operation: Record<string, unknown>; shared: Array<Record<string, unknown>>; v2: boolean; document: Record<string, unknown> },
): OpenApiOperation {
  const { method, path, operation, v2 } = args;
  // An operation's own parameter overrides the path item's of the same name and location.
  const own = parametersOf(context, operation.parameters);
  const key = (parameter: Record<string, unknown>) => `${String(parameter.in)}:${String(parameter.name)}`;
  const ownKeys = new Set(own.map(key));
  const all = [...args.shared.filter((parameter) => !ownKeys.has(key(parameter))), ...own];

  const consumes = mediaTypes(operation.consumes ?? args.document.consumes, "application/json");
  const produces = mediaTypes(operation.produces ?? args.document.produces, "application/json");
  const parameters: OpenApiParameter[] = [];
  let requestBody: OpenApiOperation["requestBody"];
  const formFields: Array<Record<string, unknown>> = [];
  for (const parameter of all) {
    if (v2 && parameter.in === "body") {
      const schema = schemaTree(context, parameter.schema);
      requestBody = { description: optionalText(parameter.description), required: parameter.required === true, contents: consumes.map((mediaType) => ({ mediaType, schema })) };
    } else if (v2 && parameter.in === "formData") {
      formFields.push(parameter);
    } else {
      parameters.push({
        name: String(parameter.name),
        in: String(parameter.in),
        required: parameter.required === true || parameter.in === "path",
        description: optionalText(parameter.description),
        schema: parameter.schema !== undefined ? schemaTree(context, parameter.schema) : v2 ? schemaTree(context, parameter) : undefined,
      });
    }
  }
  if (formFields.length && !requestBody) {
    const properties = formFields.map((field) => ({ name: String(field.name), required: field.required === true, schema: schemaTree(context, field) }));
    const mediaType = consumes.find((type) => type.startsWith("multipart/") || type === "application/x-www-form-urlencoded") ?? "application/x-www-form-urlencoded";
    requestBody = { required: formFields.some((field) => field.required === true), contents: [{ mediaType, schema: { type: "object", properties } }] };
  }
  if (!v2) {
    const body = dereference(context, operation.requestBody);
    if (body) requestBody = { description: optionalText(body.description), required: body.required === true, contents: contentsOf(context, body.content) };
  }

  const responses = Object.entries(isRecord(operation.responses) ? operation.responses : {}).map(([status, raw]) => {
    const response = dereference(context, raw) ?? {};
    const contents: MediaContent[] = v2
      ? response.schema !== undefined
        ? produces.map((mediaType) => ({ mediaType, schema: schemaTree(context, response.schema) }))
        : []
      : contentsOf(context, response.content);
    return { status, description: optionalText(response.description), contents };
  });

  const operationId = optionalText(operation.operationId);
  return {
    anchor: `operation-${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, "-"),
    method: method.toUpperCase(),
    path,
    operationId,
    summary: optionalText(operation.summary),
    description: optionalText(operation.description),
    deprecated: operation.deprecated === true,
    parameters,
    requestBody,
    responses,
  };
}

function mediaTypes(value: unknown, fallback: string): string[] {
  const types = Array.isArray(value) ? value.filter((type): type is string => typeof type === "string") : [];
  return types.length ? types : [fallback];
}

function contentsOf(context: SchemaContext, content: unknown): MediaContent[] {
  if (!isRecord(content)) return [];
  return Object.entries(content).map(([mediaType, media]) => ({
    mediaType,
    schema: isRecord(media) && media.schema !== undefined ? schemaTree(context, media.schema) : undefined,
  }));
}
