import type { z } from "zod";

// Real Backstage configs carry keys for plugins Atrium does not have. They
// are kept (areas may read them raw) and reported once, so a typo in a key we
// do know is still visible in the start-up log.

type AnySchema = z.core.$ZodType;

/** Lists the key paths of `value` that `schema` does not describe. */
export function findUnusedKeys(schema: AnySchema, value: unknown, path = ""): string[] {
  const node = unwrap(schema);
  if (!node || value === null || typeof value !== "object") return [];
  const def = node._zod.def as { type: string; [key: string]: unknown };

  if (def.type === "array" && Array.isArray(value)) {
    const element = def.element as AnySchema;
    return value.flatMap((item, index) => findUnusedKeys(element, item, `${path}[${index}]`));
  }
  const objects = objectShapes(node);
  if (objects.length === 0 || Array.isArray(value)) return [];
  if (objects.some((shape) => shape === "open")) return [];

  const unused: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    const childSchema = objects.map((shape) => (shape as Record<string, AnySchema>)[key]).find(Boolean);
    if (!childSchema) unused.push(childPath);
    else unused.push(...findUnusedKeys(childSchema, child, childPath));
  }
  return unused;
}

/** Strips wrappers (optional, default, transform pipes) down to the shape that describes keys. */
function unwrap(schema: AnySchema): AnySchema | undefined {
  let current: AnySchema | undefined = schema;
  for (let depth = 0; current && depth < 20; depth++) {
    const def = current._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe") current = def.in;
    else return current;
  }
  return current;
}

/** The object shapes a schema accepts: 'open' where any key is allowed. */
function objectShapes(schema: AnySchema): Array<Record<string, AnySchema> | "open"> {
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, AnySchema>;
    catchall?: AnySchema;
    options?: AnySchema[];
  };
  if (def.type === "object") {
    const catchallOpen = def.catchall && (def.catchall._zod.def as { type: string }).type !== "never";
    return [catchallOpen ? "open" : (def.shape ?? {})];
  }
  if (def.type === "record" || def.type === "unknown" || def.type === "any") return ["open"];
  if (def.type === "union") {
    return (def.options ?? []).flatMap((option) => {
      const inner = unwrap(option);
      return inner ? objectShapes(inner) : [];
    });
  }
  return [];
}
