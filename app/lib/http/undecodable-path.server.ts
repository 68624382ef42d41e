import { data, type MiddlewareFunction } from "react-router";
import { decodedPath, PERCENT_ENCODING_PROBLEM } from "./request-path";

/**
 * A page's path that does not decode (/catalog/%E0%A4%A) is a bad request:
 * the error page with status 400, as HTML, before anyone's session is looked
 * at. The server's path guard lets only such page paths through
 * (server/request-guards.ts); the API answers them in Backstage's error body.
 */
export const undecodablePathMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  // The request's own URL: the router's `url` carries the path it matched, decoded where it could be.
  if (decodedPath(new URL(request.url).pathname) === undefined) throw data(PERCENT_ENCODING_PROBLEM, { status: 400, statusText: "Bad Request" });
  return next();
};
