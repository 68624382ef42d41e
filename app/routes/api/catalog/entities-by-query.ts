import { apiRoute, allowQueryParams, integerParam, readJsonObject } from "~/lib/http/api.server";
import { InputError } from "~/lib/errors";
import type { QueryEntitiesRequest } from "~/lib/catalog/catalog-service.server";
import { parseFields } from "~/lib/catalog/fields";
import { parseLimit, parseOrderBy, parseOrderFieldParams, parseQueryBody, parseTotalItems, stringList } from "~/lib/catalog/http-params";
import { parseFilterParams } from "~/lib/catalog/query/predicate";

// /api/catalog/entities/by-query: cursor-paged queries. GET takes the legacy
// filter parameters, POST a predicate body; a cursor from either works with both.

const QUERY_PARAMS = ["fields", "limit", "offset", "orderField", "cursor", "filter", "totalItems", "fullTextFilterTerm", "fullTextFilterFields"];

export const loader = apiRoute({
  GET: async ({ app, url, credentials }) => {
    allowQueryParams(url, QUERY_PARAMS);
    const fields = parseFields(url.searchParams.getAll("fields"));
    const limit = integerParam(url, "limit", { min: 0, message: "Invalid limit, must be zero or greater" });
    const cursor = url.searchParams.get("cursor");
    if (cursor !== null) {
      if (!cursor) throw new InputError("Cursor cannot be empty");
      return Response.json(await app.catalog.entities.queryEntities({ cursor, limit, fields }, { credentials }));
    }
    const term = url.searchParams.get("fullTextFilterTerm") ?? undefined;
    const request: QueryEntitiesRequest = {
      filter: parseFilterParams(url.searchParams.getAll("filter")),
      orderFields: parseOrderFieldParams(url.searchParams.getAll("orderField")),
      fullTextFilter: term ? { term, fields: parseFields(url.searchParams.getAll("fullTextFilterFields")) } : undefined,
      limit,
      offset: integerParam(url, "offset", { min: 0, message: "Invalid offset, must be zero or greater" }),
      fields,
      totalItems: parseTotalItems(url.searchParams.get("totalItems") ?? undefined),
    };
    return Response.json(await app.catalog.entities.queryEntities(request, { credentials }));
  },
});

export const action = apiRoute({
  POST: async ({ app, request, credentials }) => {
    const body = await readJsonObject(request);
    const fields = stringList(body.fields, "fields");
    const limit = parseLimit(body.limit);
    if (body.cursor !== undefined) {
      if (typeof body.cursor !== "string" || !body.cursor) throw new InputError("Cursor cannot be empty");
      return Response.json(await app.catalog.entities.queryEntities({ cursor: body.cursor, limit, fields }, { credentials }));
    }
    const fullText = body.fullTextFilter as { term?: unknown; fields?: unknown } | undefined;
    if (fullText !== undefined && (typeof fullText !== "object" || fullText === null)) throw new InputError("fullTextFilter must be an object");
    const offset = body.offset;
    if (offset !== undefined && (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0)) throw new InputError("Invalid offset, must be zero or greater");
    return Response.json(
      await app.catalog.entities.queryEntities({
        query: parseQueryBody(body.query),
        orderFields: parseOrderBy(body.orderBy),
        fullTextFilter: typeof fullText?.term === "string" && fullText.term.trim() ? { term: fullText.term, fields: stringList(fullText.fields, "fullTextFilter.fields") } : undefined,
        limit,
        offset: offset as number | undefined,
        fields,
        totalItems: parseTotalItems(body.totalItems),
      }, { credentials }),
    );
  },
});
