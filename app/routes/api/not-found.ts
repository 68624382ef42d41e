import { NotFoundError } from "~/lib/errors";
import { errorResponse } from "~/lib/http/error-response.server";

// Unknown /api paths answer like a Backstage backend: JSON, 404, never a page.
function notFound({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  return errorResponse(new NotFoundError(`No API route at ${request.method} ${pathname.slice(0, 200)}`), request);
}

export const loader = notFound;
export const action = notFound;
