import { z } from "zod";
import { NotFoundError } from "~/lib/errors";
import { apiRoute } from "~/lib/http/api.server";
import { contentTypeOf, isActiveContent } from "~/lib/techdocs/publish/content-types";

// GET /api/techdocs/static/docs/{namespace}/{kind}/{name}/{path}: a file of
// the entity's published site, for a caller who may read the entity (a token,
// or the cookie /api/techdocs/cookie renews, so an <img> can fetch it), as
// Backstage's publishers' docsRouter serves it. A path with '.' or '..'
// segments never reaches a file. Sites built elsewhere (CI) are not
// sanitised by Atrium, so an HTML or SVG answer carries a
// Content-Security-Policy that runs no script and loads nothing from
// elsewhere, and a sandbox, should a browser open it directly.

export const STATIC_DOCS_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; media-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox";

const route = apiRoute({
  GET: {
    params: z.object({ namespace: z.string().min(1), kind: z.string().min(1), name: z.string().min(1), "*": z.string().default("") }),
    handler: async ({ app, credentials, params, request }) => {
      const file = params["*"];
      const found = await app.techdocs.staticFile(credentials, { namespace: params.namespace, kind: params.kind, name: params.name }, file);
      if (!found) throw new NotFoundError(`File not found: ${file || "index.html"}`);
      const contentType = contentTypeOf(file === "" || file.endsWith("/") ? "index.html" : file);
      const headers: Record<string, string> = {
        "Content-Type": contentType,
        ETag: found.etag,
        "Cache-Control": "private, no-cache",
        "X-Content-Type-Options": "nosniff",
      };
      if (isActiveContent(contentType)) headers["Content-Security-Policy"] = STATIC_DOCS_CSP;
      if (request.headers.get("if-none-match") === found.etag) return new Response(null, { status: 304, headers });
      return new Response(request.method === "HEAD" ? null : (found.body as BodyInit), { headers: { ...headers, "Content-Length": String(found.body.byteLength) } });
    },
  },
});
export const loader = route;
export const action = route;
