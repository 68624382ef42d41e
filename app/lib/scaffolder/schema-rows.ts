// A JSON Schema as the rows of a table (the installed actions page, the
// templating extensions page): each property with its title, description,
// type and whether it is required; an object's properties follow it as
// `parent.child`, an array's item properties as `parent[].child`. Backstage's
// ActionsPage renders the same facts as nested tables. Isomorphic.

export type SchemaRow = { name: string; title?: string; description?: string; type: string; required: boolean; depth: number };

const MAX_DEPTH = 4;
const MAX_ROWS = 200;

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

/** The type of a schema as one word or a few: string, number | string, array(string), enum values. */
export function schemaType(schema: Schema): string {
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array" && isSchema(schema.items)) return `array(${schemaType(schema.items)})`;
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  for (const key of ["oneOf", "anyOf", "allOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options))
      return options
        .filter(isSchema)
        .map(schemaType)
        .join(key === "allOf" ? " & " : " | ");
  }
  return "unknown";
}

export function schemaRows(schema: unknown): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const visit = (node: Schema, prefix: string, depth: number) => {
    const properties = isSchema(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === "string") : []);
    for (const [name, property] of Object.entries(properties)) {
      if (!isSchema(property) || rows.length >= MAX_ROWS) continue;
      const fullName = prefix ? `${prefix}.${name}` : name;
      rows.push({
        name: fullName,
        title: typeof property.title === "string" ? property.title : undefined,
        description: typeof property.description === "string" ? property.description : undefined,
        type: schemaType(property),
        required: required.has(name),
        depth,
      });
      if (depth >= MAX_DEPTH) continue;
      if (isSchema(property.properties)) visit(property, fullName, depth + 1);
      else if (property.type === "array" && isSchema(property.items) && isSchema(property.items.properties)) visit(property.items, `${fullName}[]`, depth + 1);
    }
  };
  if (isSchema(schema)) visit(schema, "", 0);
  return rows;
}
