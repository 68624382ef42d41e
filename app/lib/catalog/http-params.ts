import { InputError } from "../errors";
import type { OrderField } from "./query/cursor";
import { parsePredicate, type FilterPredicate } from "./query/predicate";

// Parsing of the catalog API's parameters, with Backstage's messages.

/** GET /entities `order=asc:metadata.name`. */
export function parseOrderParams(params: string[]): OrderField[] | undefined {
  const fields = params
    .flatMap((param) => param.split(","))
    .filter(Boolean)
    .map((item) => {
      const match = /^(asc|desc):(.+)$/.exec(item.trim());
      if (!match) throw new InputError(`Invalid order parameter "${item}", expected "<asc or desc>:<field name>"`);
      return { order: match[1] as "asc" | "desc", field: match[2] };
    });
  return fields.length ? fields : undefined;
}

/** by-query `orderField=metadata.name,asc`; a missing direction means ascending. */
export function parseOrderFieldParams(params: string[]): OrderField[] | undefined {
  const fields = params.map((param) => {
    const [field, order = "asc", ...rest] = param.split(",");
    if (!field || rest.length) throw new InputError(`Invalid order field "${param}", expected "<field>,<asc or desc>"`);
    if (order !== "asc" && order !== "desc") throw new InputError("Invalid order field order, must be asc or desc");
    return { field, order: order as "asc" | "desc" };
  });
  return fields.length ? fields : undefined;
}

/** POST by-query `orderBy: [{field, order}]`. */
export function parseOrderBy(value: unknown): OrderField[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    const { field, order = "asc" } = (item ?? {}) as { field?: unknown; order?: unknown };
    if (typeof field !== "string" || !field) throw new InputError("Invalid order field, field must be a string");
    if (order !== "asc" && order !== "desc") throw new InputError("Invalid order field order, must be asc or desc");
    return { field, order };
  });
}

export function parseTotalItems(value: unknown): "include" | "exclude" | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === "include" || value === "exclude") return value;
  throw new InputError(`Invalid totalItems parameter "${String(value)}", expected one of: include, exclude`);
}

export function parseQueryBody(value: unknown): FilterPredicate | undefined {
  if (value === undefined) return undefined;
  try {
    return parsePredicate(value);
  } catch (error) {
    throw new InputError(`Invalid query: ${(error as Error).message}`);
  }
}

export function parseLimit(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw new InputError("Invalid limit, must be a non-negative integer");
  return value;
}

export function stringList(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) throw new InputError(`${name} must be an array of strings`);
  return value;
}
