import { NotFoundError } from "~/lib/errors";
import { apiRouteForAnyMethod } from "~/lib/http/api.server";

// Unknown /api paths answer like a Backstage backend: JSON, 404, never a
// page; and, like every route that is not public, 401 to a caller without credentials.
const route = apiRouteForAnyMethod({
  handler: ({ request, url }) => {
    throw new NotFoundError(`No API route at ${request.method} ${url.pathname.slice(0, 200)}`);
  },
});
export const loader = route;
export const action = route;
