import { InputError } from "~/lib/errors";
import { apiRoute } from "~/lib/http/api.server";
import { parseSearchParams } from "~/lib/search/query";

// GET /api/search/query: Backstage's search API over the one index, answered
// for the caller's credentials (what it may not read is not there).

const route = apiRoute({
  GET: {
    handler: async ({ app, url, credentials }) => {
      const request = parseSearchParams(url.searchParams);
      if ("problem" in request) throw new InputError(request.problem);
      return Response.json(await app.search.query(request, { credentials }));
    },
  },
});

// Other methods reach the door (401 without credentials) and then apiRoute's 405.
export const loader = route;
export const action = route;
