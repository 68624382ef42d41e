import { InputError } from "../errors";

// The `fields` parameter: keep only the named dot paths of each entity.
// Annotation and label keys contain dots themselves, so a path segment is
// joined with the next ones until it names an existing key, as Backstage does.

export function parseFields(params: string[]): string[] | undefined {
  const fields = params
    .flatMap((param) => param.split(","))
    .map((field) => field.trim())
    .filter(Boolean);
  for (const field of fields) {
    if (field.includes("[")) throw new InputError("invalid fields, array type fields are not supported");
  }
  return fields.length ? fields : undefined;
}

export function pickFields<T extends object>(value: T, fields: string[] | undefined): Partial<T> {
  if (!fields) return value;
  const result: Record<string, unknown> = {};
  for (const field of fields) copyPath(value as Record<string, unknown>, result, field.split("."));
  return result as Partial<T>;
}

function copyPath(source: Record<string, unknown>, target: Record<string, unknown>, parts: string[]) {
  for (let take = 1; take <= parts.length; take++) {
    const key = parts.slice(0, take).join(".");
    if (!(key in source)) continue;
    const rest = parts.slice(take);
    const value = source[key];
    if (rest.length === 0) {
      target[key] = value;
      return;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    const child = (target[key] ??= {}) as Record<string, unknown>;
    copyPath(value as Record<string, unknown>, child, rest);
    return;
  }
}
