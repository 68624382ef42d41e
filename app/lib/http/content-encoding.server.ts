import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";

// Responses are compressed as they are sent (server/compression.ts): pages
// and route data stream, and go through the compression middleware. An API
// answer whose JSON is whole text when it is made (entities spliced from
// their stored text) is compressed here in one piece instead, as nginx
// would: a streaming compressor costs about 150 µs to set up and flush for
// a 2 KB entity, six times the one-shot call, and that was a sixth of a
// by-name request's time. Level 1, nginx's default for what it compresses
// as it serves: half the time of level 6 for a tenth to a fifth more bytes. A large
// answer that many requests share, cached until the catalog changes (a facet
// of twenty thousand owners is a megabyte of JSON), is compressed once: the
// first request that accepts gzip compresses it, and every later one sends
// the same bytes. The compression middleware leaves a response that already
// has a Content-Encoding alone.

const gzipAsync = promisify(gzip);

/** Below this size gzip saves too little to be worth it (the compression middleware's own threshold). */
const COMPRESSION_MIN_BYTES = 1024;
/** Up to this size the one-shot call runs on the request's thread; above it, on libuv's pool, so a 20 MB page does not stall other requests. */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;
const ANSWER_GZIP_LEVEL = 1;
/** Below this size compressing each time costs less than keeping a second copy. */
const SHARED_COMPRESSION_MIN_BYTES = 16 * 1024;

/** A JSON answer, gzipped when the client accepts it and it is worth it. */
export async function jsonText(request: Request, body: string, init?: { headers?: Headers }): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "application/json");
  headers.append("Vary", "Accept-Encoding");
  if (body.length < COMPRESSION_MIN_BYTES) {
    // Its length keeps the compression middleware from compressing it after all.
    headers.set("Content-Length", String(Buffer.byteLength(body)));
    return new Response(body, { headers });
  }
  if (!acceptsGzip(request)) return new Response(body, { headers });
  const options = { level: ANSWER_GZIP_LEVEL };
  const gzipped = body.length <= SYNC_COMPRESSION_MAX_BYTES ? gzipSync(body, options) : await gzipAsync(body, options);
  headers.set("Content-Encoding", "gzip");
  return new Response(new Uint8Array(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength), { headers });
}

/** A JSON answer shared by requests until it is stale, with its gzip once a request asked for it. */
export type SharedJson = { readonly json: string; gzipped?: Promise<Buffer> };

export async function sharedJsonResponse(request: Request, body: SharedJson): Promise<Response> {
  if (body.json.length < SHARED_COMPRESSION_MIN_BYTES || !acceptsGzip(request)) return jsonText(request, body.json);
  body.gzipped ??= gzipAsync(body.json);
  return new Response(new Uint8Array(await body.gzipped), { headers: { "Content-Type": "application/json", "Content-Encoding": "gzip", Vary: "Accept-Encoding" } });
}

const acceptsGzip = (request: Request) => acceptedEncodings(request.headers.get("accept-encoding")).has("gzip");

/** The codings of an Accept-Encoding header with a quality above zero, `*` standing for gzip and br unless they are refused. */
export function acceptedEncodings(header: string | null | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let anyOther = false;
  for (const part of (header ?? "").split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (!coding) continue;
    const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const allowed = quality === undefined || Number(quality) > 0;
    if (coding === "*") anyOther = allowed;
    else (allowed ? accepted : refused).add(coding);
  }
  if (anyOther) for (const encoding of ["br", "gzip"]) if (!refused.has(encoding)) accepted.add(encoding);
  return accepted;
}
