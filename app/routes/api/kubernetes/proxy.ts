import { apiRouteForAnyMethod } from "~/lib/http/api.server";
import { sessionAuthOf } from "~/lib/kubernetes/request-auth.server";

// Any method on /api/kubernetes/proxy/{path}: passed to the cluster the
// Backstage-Kubernetes-Cluster header names (app/lib/kubernetes/proxy.server.ts).
const PROXY_PREFIX = "/api/kubernetes/proxy";

const route = apiRouteForAnyMethod({
  handler: async ({ app, credentials, request, url }) => {
    const below = url.pathname.slice(url.pathname.indexOf(PROXY_PREFIX) + PROXY_PREFIX.length) || "/";
    return app.kubernetes.proxy(credentials, {
      method: request.method,
      path: below,
      search: url.search,
      headers: request.headers,
      body: request.method === "GET" || request.method === "HEAD" ? null : request.body,
      sessionAuth: await sessionAuthOf(app, request.headers.get("cookie")),
      url: url.pathname,
    });
  },
});
export const loader = route;
export const action = route;
