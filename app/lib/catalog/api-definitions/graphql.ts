import { type ConstDirectiveNode, type DefinitionNode, type FieldDefinitionNode, GraphQLError, type InputValueDefinitionNode, Kind, parse, print, type TypeNode } from "graphql";
import { MAX_LISTED_ITEMS } from "./limits";
import type { GraphQlField, GraphQlType, GraphQlView } from "./model";
import { DefinitionParseError } from "./parse-document";

// GraphQL SDL, read with graphql's own parser (no schema building: a
// definition that uses types from elsewhere still shows). Root operation
// types come from the schema definition or the conventional names; type
// extensions add to their type.

/** The parser stops past this many tokens: a megabyte of nested brackets is an attack, not a schema. */
const MAX_TOKENS = 500_000;

type TypeDefinition = Extract<DefinitionNode, { name: { value: string } }>;

export function graphQlView(source: string, describe: (markdown: string) => string): GraphQlView {
  let document;
  try {
    document = parse(source, { maxTokens: MAX_TOKENS, noLocation: false });
  } catch (error) {
    if (error instanceof GraphQLError) throw new DefinitionParseError(error.message + locationOf(error));
    if (error instanceof RangeError) throw new DefinitionParseError("The schema is nested too deeply to read");
    throw error;
  }

  const rootNames = { query: "Query", mutation: "Mutation", subscription: "Subscription" };
  let schemaDescription: string | undefined;
  const types = new Map<string, GraphQlType>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.SCHEMA_DEFINITION || definition.kind === Kind.SCHEMA_EXTENSION) {
      if (definition.kind === Kind.SCHEMA_DEFINITION) schemaDescription = definition.description?.value;
      for (const operation of definition.operationTypes ?? []) rootNames[operation.operation] = operation.type.name.value;
      continue;
    }
    if (!("name" in definition) || !definition.name || types.size >= MAX_LISTED_ITEMS) continue;
    const typed = definition as TypeDefinition;
    const kind = kindOf(typed.kind);
    if (!kind) continue;
    const name = typed.name.value;
    const existing = types.get(name) ?? { kind, name, fields: [], values: [], members: [], interfaces: [] };
    if ("description" in typed && typed.description) existing.description ??= typed.description.value;
    if ("fields" in typed && typed.fields) existing.fields.push(...(typed.fields as ReadonlyArray<FieldDefinitionNode | InputValueDefinitionNode>).map(fieldOf));
    if ("values" in typed && typed.values)
      existing.values.push(...typed.values.map((value) => ({ name: value.name.value, description: value.description?.value, deprecated: deprecationOf(value.directives) })));
    if ("types" in typed && typed.types) existing.members.push(...typed.types.map((member) => member.name.value));
    if ("interfaces" in typed && typed.interfaces) existing.interfaces.push(...typed.interfaces.map((item) => item.name.value));
    types.set(name, existing);
  }

  const roots = {
    query: types.get(rootNames.query)?.fields ?? [],
    mutation: types.get(rootNames.mutation)?.fields ?? [],
    subscription: types.get(rootNames.subscription)?.fields ?? [],
  };
  const rootSet = new Set(Object.values(rootNames));
  const others = [...types.values()].filter((type) => !rootSet.has(type.name)).sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { format: "graphql", descriptionHtml: schemaDescription ? describe(schemaDescription) : undefined, roots, types: others };
}

function kindOf(kind: Kind): GraphQlType["kind"] | undefined {
  switch (kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.OBJECT_TYPE_EXTENSION:
      return "object";
    case Kind.INTERFACE_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_EXTENSION:
      return "interface";
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
    case Kind.INPUT_OBJECT_TYPE_EXTENSION:
      return "input";
    case Kind.ENUM_TYPE_DEFINITION:
    case Kind.ENUM_TYPE_EXTENSION:
      return "enum";
    case Kind.UNION_TYPE_DEFINITION:
    case Kind.UNION_TYPE_EXTENSION:
      return "union";
    case Kind.SCALAR_TYPE_DEFINITION:
    case Kind.SCALAR_TYPE_EXTENSION:
      return "scalar";
    default:
      return undefined;
  }
}

function fieldOf(field: FieldDefinitionNode | InputValueDefinitionNode): GraphQlField {
  const args = "arguments" in field && field.arguments ? field.arguments : [];
  return {
    name: field.name.value,
    type: typeName(field.type),
    description: field.description?.value,
    deprecated: deprecationOf(field.directives),
    args: args.map((arg) => ({ name: arg.name.value, type: typeName(arg.type), description: arg.description?.value, defaultValue: arg.defaultValue ? print(arg.defaultValue) : undefined })),
  };
}

function typeName(type: TypeNode): string {
  // Written iteratively: list types can nest as deep as the token bound allows.
  let suffix = "";
  let prefix = "";
  let current: TypeNode = type;
  while (current.kind !== Kind.NAMED_TYPE) {
    if (current.kind === Kind.NON_NULL_TYPE) suffix = `!${suffix}`;
    else {
      prefix += "[";
      suffix = `]${suffix}`;
    }
    current = current.type;
  }
  return `${prefix}${current.name.value}${suffix}`;
}

function deprecationOf(directives: readonly ConstDirectiveNode[] | undefined): string | undefined {
  const directive = directives?.find((item) => item.name.value === "deprecated");
  if (!directive) return undefined;
  const reason = directive.arguments?.find((arg) => arg.name.value === "reason");
  return reason?.value.kind === Kind.STRING ? reason.value.value : "No longer supported";
}

function locationOf(error: GraphQLError): string {
  const location = error.locations?.[0];
  return location ? ` (line ${location.line}, column ${location.column})` : "";
}
