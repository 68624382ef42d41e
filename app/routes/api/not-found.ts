import { errorResponseBody, NotFoundError } from "~/lib/errors";

// Unknown /api paths answer like a Backstage backend: JSON, 404, never a page.
function notFound({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  const error = new NotFoundError(`No API route at ${request.method} ${pathname.slice(0, 200)}`);
  return Response.json(errorResponseBody(error, { method: request.method, url: pathname }), { status: 404 });
}

export const loader = notFound;
export const action = notFound;
