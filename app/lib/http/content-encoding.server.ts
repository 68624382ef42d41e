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

/**
 * A JSON answer's text, whole or as its pieces in order. The catalog splices
 * its answers from entities' stored texts, and hands them over as pieces:
 * joining a hundred of them into one string, then encoding that string,
 * took four to six times as long as writing each piece into the answer's
 * bytes (docs/benchmarks.md, "answers written as bytes").
 */
export type JsonBody = string | readonly string[];

/**
 * The UTF-8 bytes of a JSON body, written piece by piece into one buffer. A
 * piece whose UTF-8 length equals its length is ASCII, whose Latin-1 bytes
 * are its UTF-8 bytes: V8 copies those in one go, where its UTF-8 encoder
 * goes character by character.
 */
export function jsonBytes(body: JsonBody): Buffer<ArrayBuffer> {
  const pieces = typeof body === "string" ? [body] : body;
  const lengths = pieces.map((piece) => Buffer.byteLength(piece));
  const bytes = Buffer.allocUnsafe(lengths.reduce((sum, length) => sum + length, 0));
  let offset = 0;
  pieces.forEach((piece, index) => {
    offset += bytes.write(piece, offset, lengths[index], lengths[index] === piece.length ? "latin1" : "utf8");
  });
  return bytes;
}

/** JSON texts as the pieces of a list of them: each followed by a comma but the last. */
export function commaSeparated(items: readonly string[]): string[] {
  return items.flatMap((item, index) => (index === 0 ? [item] : [",", item]));
}

/** The whole text of a JSON body, for a caller that parses it. */
export function jsonBodyText(body: JsonBody): string {
  return typeof body === "string" ? body : body.join("");
}

/** A Buffer as the plain Uint8Array a Response body is typed to take, without a copy. */
const asView = (bytes: Buffer<ArrayBuffer>) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A JSON answer, gzipped when the client accepts it and it is worth it. */
export async function jsonText(request: Request, body: JsonBody, init?: { headers?: Headers }): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "application/json");
  headers.append("Vary", "Accept-Encoding");
  const bytes = jsonBytes(body);
  if (bytes.length < COMPRESSION_MIN_BYTES) {
    // Its length keeps the compression middleware from compressing it after all.
    headers.set("Content-Length", String(bytes.length));
    return new Response(asView(bytes), { headers });
  }
  if (!acceptsGzip(request)) return new Response(asView(bytes), { headers });
  const options = { level: ANSWER_GZIP_LEVEL };
  const gzipped = bytes.length <= SYNC_COMPRESSION_MAX_BYTES ? gzipSync(bytes, options) : await gzipAsync(bytes, options);
  headers.set("Content-Encoding", "gzip");
  return new Response(asView(gzipped), { headers });
}

/** A JSON answer shared by requests until it is stale, with its gzip once a request asked for it. */
export type SharedJson = { readonly json: string; gzipped?: Promise<Buffer<ArrayBuffer>> };

export async function sharedJsonResponse(request: Request, body: SharedJson): Promise<Response> {
  if (body.json.length < SHARED_COMPRESSION_MIN_BYTES || !acceptsGzip(request)) return jsonText(request, body.json);
  body.gzipped ??= gzipAsync(body.json);
  return new Response(asView(await body.gzipped), { headers: { "Content-Type": "application/json", "Content-Encoding": "gzip", Vary: "Accept-Encoding" } });
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
