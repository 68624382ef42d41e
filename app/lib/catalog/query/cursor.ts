import { InputError } from "../../errors";
import { parsePredicate, type FilterPredicate } from "./predicate";

// By-query cursors are opaque to clients: base64 JSON that carries the whole
// query (so a page request needs nothing else), the sort values of the item
// to continue after (or before), and the total counted on the first page.
// Backstage's client looks for a `query` key to decide whether to page with
// POST; so a cursor has `query` only when the first request used predicates.

export type OrderField = { field: string; order: "asc" | "desc" };

export type QueryCursor = {
  filter?: FilterPredicate;
  query?: FilterPredicate;
  orderFields: OrderField[];
  fullTextFilter?: { term: string; fields?: string[] };
  /** Sort values then entity id of the boundary item. */
  orderFieldValues: Array<string | null>;
  isPrevious: boolean;
  totalItems: number;
  /**
   * Which read permission totalItems was counted under: a digest, never the
   * filter itself. A caller whose own filter differs gets a fresh count.
   */
  permissionKey?: string;
};

const MAX_CURSOR_LENGTH = 64 * 1024;

export function encodeCursor(cursor: QueryCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64");
}

export function decodeCursor(value: string): QueryCursor {
  if (value.length > MAX_CURSOR_LENGTH) throw new InputError("Malformed cursor: too long");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    throw new InputError("Malformed cursor: could not be parsed");
  }
  const cursor = parsed as Partial<QueryCursor>;
  const valid =
    typeof cursor === "object" &&
    cursor !== null &&
    Array.isArray(cursor.orderFields) &&
    cursor.orderFields.every((field) => typeof field?.field === "string" && (field.order === "asc" || field.order === "desc")) &&
    Array.isArray(cursor.orderFieldValues) &&
    cursor.orderFieldValues.length === cursor.orderFields.length + 1 &&
    cursor.orderFieldValues.every((item) => item === null || typeof item === "string") &&
    typeof cursor.isPrevious === "boolean" &&
    typeof cursor.totalItems === "number" &&
    (cursor.permissionKey === undefined || typeof cursor.permissionKey === "string");
  if (!valid) throw new InputError("Malformed cursor: unexpected content");
  const fullText = cursor.fullTextFilter;
  if (
    fullText !== undefined &&
    (typeof fullText?.term !== "string" || (fullText.fields !== undefined && !(Array.isArray(fullText.fields) && fullText.fields.every((field) => typeof field === "string"))))
  ) {
    throw new InputError("Malformed cursor: unexpected full-text filter");
  }
  try {
    return {
      ...(cursor as QueryCursor),
      filter: cursor.filter === undefined ? undefined : parsePredicate(cursor.filter),
      query: cursor.query === undefined ? undefined : parsePredicate(cursor.query),
    };
  } catch (error) {
    throw new InputError(`Malformed cursor: ${(error as Error).message}`);
  }
}
