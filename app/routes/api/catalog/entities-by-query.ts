import { z } from "zod";
import type { QueryEntitiesRequest } from "~/lib/catalog/catalog-service.server";
import { parseFields } from "~/lib/catalog/fields";
import { parseLimit, parseOrderBy, parseOrderFieldParams, parseQueryBody, parseTotalItems, stringList } from "~/lib/catalog/http-params";
import { parseFilterParams } from "~/lib/catalog/query/predicate";
import { apiRoute, jsonText, parsedBy, query } from "~/lib/http/api.server";

// /api/catalog/entities/by-query: cursor-paged queries. GET takes the legacy
// filter parameters, POST a predicate body; a cursor from either works with both.

const CURSOR_EMPTY = "Cursor cannot be empty";
const OFFSET = "Invalid offset, must be zero or greater";

export const loader = apiRoute({
  GET: {
    query: z.strictObject({
      fields: query.list().transform(parsedBy(parseFields)),
      limit: query.integer("limit", { min: 0, message: "Invalid limit, must be zero or greater" }),
      offset: query.integer("offset", { min: 0, message: OFFSET }),
      orderField: query.list().transform(parsedBy(parseOrderFieldParams)),
      cursor: query.string().refine((cursor) => cursor !== "", { error: CURSOR_EMPTY }),
      filter: query.list().transform(parsedBy(parseFilterParams)),
      totalItems: query.string().transform(parsedBy(parseTotalItems)),
      fullTextFilterTerm: query.string(),
      fullTextFilterFields: query.list().transform(parsedBy(parseFields)),
    }),
    handler: async ({ request, app, query, credentials }) => {
      const { cursor, limit, fields } = query;
      if (cursor !== undefined) return jsonText(request, await app.catalog.entities.json.queryEntities({ cursor, limit, fields }, { credentials }));
      const term = query.fullTextFilterTerm;
      const spec: QueryEntitiesRequest = {
        filter: query.filter,
        orderFields: query.orderField,
        fullTextFilter: term ? { term, fields: query.fullTextFilterFields } : undefined,
        limit,
        offset: query.offset,
        fields,
        totalItems: query.totalItems,
      };
      return jsonText(request, await app.catalog.entities.json.queryEntities(spec, { credentials }));
    },
  },
});

export const action = apiRoute({
  POST: {
    body: z.object({
      fields: z
        .unknown()
        .optional()
        .transform(parsedBy((value) => stringList(value, "fields"))),
      limit: z.unknown().optional().transform(parsedBy(parseLimit)),
      cursor: z.string({ error: CURSOR_EMPTY }).min(1, { error: CURSOR_EMPTY }).optional(),
      fullTextFilter: z.object({ term: z.unknown(), fields: z.unknown() }, { error: "fullTextFilter must be an object" }).optional(),
      offset: z.int({ error: OFFSET }).min(0, { error: OFFSET }).optional(),
      query: z.unknown().optional().transform(parsedBy(parseQueryBody)),
      orderBy: z.unknown().optional().transform(parsedBy(parseOrderBy)),
      totalItems: z.unknown().optional().transform(parsedBy(parseTotalItems)),
    }),
    handler: async ({ request, app, body, credentials }) => {
      const { cursor, limit, fields, fullTextFilter } = body;
      if (cursor !== undefined) return jsonText(request, await app.catalog.entities.json.queryEntities({ cursor, limit, fields }, { credentials }));
      const term = fullTextFilter?.term;
      return jsonText(
        request,
        await app.catalog.entities.json.queryEntities(
          {
            query: body.query,
            orderFields: body.orderBy,
            fullTextFilter: typeof term === "string" && term.trim() ? { term, fields: stringList(fullTextFilter?.fields, "fullTextFilter.fields") } : undefined,
            limit,
            offset: body.offset,
            fields,
            totalItems: body.totalItems,
          },
          { credentials },
        ),
      );
    },
  },
});
