// What a request's raw path must be before anything routes it, shared by
// the server's path guard (server/request-guards.ts) and the pages' own
// answer to a path that does not decode (app/lib/http/undecodable-path.server.ts).

export const PERCENT_ENCODING_PROBLEM = "Request path is not valid percent-encoding";

/** A raw (still percent-encoded) path decoded; undefined when it does not decode. */
export function decodedPath(rawPath: string): string | undefined {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
}
