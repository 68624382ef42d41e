import { z } from "zod";
import { parseFields } from "~/lib/catalog/fields";
import { parseOrderParams } from "~/lib/catalog/http-params";
import { parseFilterParams } from "~/lib/catalog/query/predicate";
import { InputError } from "~/lib/errors";
import { apiRoute, jsonText, parsedBy, query } from "~/lib/http/api.server";
import { commaSeparated, jsonBytes } from "~/lib/http/content-encoding.server";

// GET /api/catalog/entities: a bare array. With limit, offset or after it is
// one page ordered by entity ref with a Link header to the next; without, it
// streams every entity, as Backstage does.

const route = apiRoute({
  GET: {
    query: z.strictObject({
      filter: query.list().transform(parsedBy(parseFilterParams)),
      fields: query.list().transform(parsedBy(parseFields)),
      limit: query.integer("limit", { min: 1, message: "Invalid limit, must be greater than zero" }),
      offset: query.integer("offset", { min: 0, message: "Invalid offset, must be zero or greater" }),
      after: query.string().transform(parsedBy((value: string | undefined) => (value === undefined ? undefined : parseAfter(value)))),
      order: query.list().transform(parsedBy(parseOrderParams)),
    }),
    handler: async ({ request, app, url, query: { filter, fields, order, after, ...paging }, credentials }) => {
      const { limit, offset } = after ?? paging;
      if (limit === undefined && offset === undefined && after === undefined) {
        return await streamJsonArray(app.catalog.entities.json.streamEntities({ filter, order, fields }, { credentials }));
      }
      const page = await app.catalog.entities.json.listEntitiesPage({ filter, order, limit, offset: offset ?? 0, fields }, { credentials });
      const headers = new Headers();
      if (page.hasMore && limit !== undefined) {
        const next = new URLSearchParams(url.searchParams);
        next.delete("offset");
        next.set("after", Buffer.from(JSON.stringify({ limit, offset: (offset ?? 0) + limit })).toString("base64"));
        headers.set("Link", `</entities?${next}>; rel="next"`);
      }
      return jsonText(request, page.items, { headers });
    },
  },
});

function parseAfter(value: string): { limit?: number; offset: number } {
  if (!value) throw new InputError("Invalid after, must not be empty");
  let parsed: { limit?: unknown; offset?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    throw new InputError("Malformed after cursor, could not be parsed");
  }
  if (parsed.limit !== undefined && (typeof parsed.limit !== "number" || parsed.limit < 1)) throw new InputError("Malformed after cursor, limit was not a number");
  if (typeof parsed.offset !== "number" || parsed.offset < 0) throw new InputError("Malformed after cursor, offset was not a number");
  return { limit: parsed.limit as number | undefined, offset: parsed.offset };
}

/**
 * Writes pages as they are read, so a large catalog never sits in memory as
 * one response. The first page is read before the response starts: a query
 * that fails (a refused value, a statement timeout) answers with its status
 * and error body instead of a connection cut after a 200.
 */
async function streamJsonArray(pages: AsyncGenerator<string[]>): Promise<Response> {
  let first = true;
  let pending: Promise<IteratorResult<string[]>> | undefined = Promise.resolve(await pages.next());
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await (pending ?? pages.next());
      pending = undefined;
      if (done) {
        controller.enqueue(jsonBytes(first ? "[]" : "]"));
        controller.close();
        return;
      }
      if (value.length === 0) return;
      controller.enqueue(jsonBytes([first ? "[" : ",", ...commaSeparated(value)]));
      first = false;
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}
export const loader = route;
export const action = route;
