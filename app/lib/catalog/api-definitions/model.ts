// What the API definition viewers show, as plain data the server computes
// from spec.definition (api-definition.server.ts) and the components render.
// No parser reaches the browser: the viewers need these shapes only.

export const API_DEFINITION_TYPES = ["openapi", "asyncapi", "graphql", "grpc", "trpc"] as const;
export type ApiDefinitionType = (typeof API_DEFINITION_TYPES)[number];

/** A JSON schema as the viewers show it: resolved, bounded, without cycles. */
export type SchemaNode = {
  type?: string;
  format?: string;
  /** The local $ref this node was resolved from, by its last segment (e.g. Notification). */
  refName?: string;
  title?: string;
  description?: string;
  enum?: string[];
  defaultValue?: string;
  properties?: Array<{ name: string; required: boolean; schema: SchemaNode }>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode;
  combination?: { kind: "oneOf" | "anyOf" | "allOf"; options: SchemaNode[] };
  /** A $ref back to one of its own ancestors: shown as "circular", not expanded again. */
  circular?: boolean;
  /** The depth or size bound was reached here. */
  truncated?: boolean;
  /** A $ref that does not resolve inside the document (missing, or to another file). */
  unresolved?: string;
};

export type MediaContent = { mediaType: string; schema?: SchemaNode };

export type OpenApiParameter = { name: string; in: string; required: boolean; description?: string; schema?: SchemaNode };

export type OpenApiOperation = {
  anchor: string;
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: OpenApiParameter[];
  requestBody?: { description?: string; required: boolean; contents: MediaContent[] };
  responses: Array<{ status: string; description?: string; contents: MediaContent[] }>;
};

export type OpenApiView = {
  format: "openapi";
  specVersion: string;
  title?: string;
  version?: string;
  descriptionHtml?: string;
  servers: string[];
  groups: Array<{ tag: string; description?: string; operations: OpenApiOperation[] }>;
};

export type AsyncApiMessage = { name: string; title?: string; summary?: string; description?: string; contentType?: string; payload?: SchemaNode; headers?: SchemaNode };

export type AsyncApiView = {
  format: "asyncapi";
  specVersion: string;
  title?: string;
  version?: string;
  descriptionHtml?: string;
  servers: Array<{ name: string; url: string; protocol?: string; description?: string }>;
  channels: Array<{ name: string; address?: string; description?: string; messages: string[]; parameters: Array<{ name: string; description?: string }> }>;
  operations: Array<{ id: string; action: string; channel: string; summary?: string; description?: string; messages: string[] }>;
  messages: AsyncApiMessage[];
};

export type GraphQlArgument = { name: string; type: string; defaultValue?: string; description?: string };
export type GraphQlField = { name: string; type: string; args: GraphQlArgument[]; description?: string; deprecated?: string };
export type GraphQlType = {
  kind: "object" | "interface" | "input" | "enum" | "union" | "scalar";
  name: string;
  description?: string;
  fields: GraphQlField[];
  values: Array<{ name: string; description?: string; deprecated?: string }>;
  members: string[];
  interfaces: string[];
};

export type GraphQlView = {
  format: "graphql";
  descriptionHtml?: string;
  roots: { query: GraphQlField[]; mutation: GraphQlField[]; subscription: GraphQlField[] };
  types: GraphQlType[];
};

export type GrpcMethod = { name: string; requestType: string; responseType: string; requestStream: boolean; responseStream: boolean; comment?: string };
export type GrpcView = {
  format: "grpc";
  packageName?: string;
  services: Array<{ name: string; comment?: string; methods: GrpcMethod[] }>;
  messages: Array<{ name: string; comment?: string; fields: Array<{ name: string; type: string; id: number; label?: string; comment?: string }> }>;
  enums: Array<{ name: string; comment?: string; values: Array<{ name: string; value: number; comment?: string }> }>;
};

export type TrpcProcedure = { path: string; kind: "query" | "mutation" | "subscription"; input?: string; line: number };
export type TrpcView = { format: "trpc"; procedures: TrpcProcedure[] };

export type ApiDefinitionModel = OpenApiView | AsyncApiView | GraphQlView | GrpcView | TrpcView;

/** The card's whole data: the raw text (highlighted) and, when it parsed, the structured view. */
export type ApiDefinitionCardView = {
  card: "apiDefinition";
  apiType: string;
  /** The raw definition, highlighted on the server; absent when the entity has none. */
  source?: { html: string; language: string; highlighted: boolean };
  /** Set when the definition was cut to the size bound. */
  truncatedAt?: number;
  model?: ApiDefinitionModel;
  parseError?: string;
  /** A spec.type with no viewer: the raw text only. */
  unsupported?: boolean;
};
