import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A faithful fake of S3 on 127.0.0.1, path-style (`/<bucket>/<key>`), as
// MinIO or AWS with s3ForcePathStyle answer: PUT, GET, HEAD and DELETE of
// objects and ListObjectsV2, with S3's XML errors. Every request must be
// signed with AWS Signature Version 4 for the fake's one key pair: the
// fake computes the signature itself from the request as it arrived (the
// canonical request of AWS's documentation, written here apart from
// Atrium's signer) and refuses a mismatch with SignatureDoesNotMatch, a
// payload whose SHA-256 is not the one signed with XAmzContentSHA256Mismatch.

export type FakeS3Object = { body: Buffer; contentType?: string };

export type FakeS3 = {
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by bucket, then key. */
  buckets: Map<string, Map<string, FakeS3Object>>;
  requests: Array<{ method: string; path: string; status: number }>;
  close(): Promise<void>;
};

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(response: ServerResponse, status: number, code: string, message: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  response.writeHead(status, { "Content-Type": "application/xml" }).end(body);
}

export async function startFakeS3(options: { buckets?: string[]; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const region = options.region ?? "eu-west-1";
  const accessKeyId = options.accessKeyId ?? "AKIAFAKES3TESTKEY0001";
  const secretAccessKey = options.secretAccessKey ?? "fake/s3+secret/key/0123456789abcdefghijk";
  const buckets = new Map<string, Map<string, FakeS3Object>>((options.buckets ?? ["techdocs"]).map((name) => [name, new Map()]));
  const requests: FakeS3["requests"] = [];

  /** The problem with the request's signature, or undefined when it is AWS's SigV4 for our key. */
  function signatureProblem(request: IncomingMessage, body: Buffer): { code: string; message: string } | undefined {
    const authorization = request.headers.authorization ?? "";
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return { code: "AccessDenied", message: "Access Denied" };
    const [, key, day, signedRegion, signedHeaders, signature] = match;
    if (key !== accessKeyId) return { code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
    if (signedRegion !== region) return { code: "AuthorizationHeaderMalformed", message: `The authorization header is malformed; the region '${signedRegion}' is wrong; expecting '${region}'` };
    const amzDate = String(request.headers["x-amz-date"] ?? "");
    if (!amzDate.startsWith(day)) return { code: "AccessDenied", message: "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP" };
    const when = Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    if (!Number.isFinite(when) || Math.abs(Date.now() - when) > 15 * 60_000)
      return { code: "RequestTimeTooSkewed", message: "The difference between the request time and the current time is too large." };
    const names = signedHeaders.split(";");
    if (!names.includes("host") || !names.includes("x-amz-date") || !names.includes("x-amz-content-sha256")) return { code: "AccessDenied", message: "Missing required signed headers" };
    const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body))
      return { code: "XAmzContentSHA256Mismatch", message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
    const [rawPath, rawQuery = ""] = (request.url ?? "/").split("?");
    const query = rawQuery
      .split("&")
      .filter(Boolean)
      .map((pair) => {
        const [k, v = ""] = pair.split("=");
        return [rfc3986(decodeURIComponent(k)), rfc3986(decodeURIComponent(v))];
      })
      .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const headerLines = names
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join("");
    const canonical = `${request.method}\n${rawPath}\n${query}\n${headerLines}\n${signedHeaders}\n${payloadHash}`;
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${day}/${region}/s3/aws4_request\n${sha256(canonical)}`;
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), "s3"), "aws4_request");
    const expected = createHmac("sha256", signingKey).update(toSign).digest("hex");
    if (expected !== signature) {
      return { code: "SignatureDoesNotMatch", message: "The request signature we calculated does not match the signature you provided. Check your key and signing method." };
    }
    return undefined;
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const problem = signatureProblem(request, body);
    if (problem) return xmlError(response, 403, problem.code, problem.message);
    const [rawPath, rawQuery = ""] = (request.url ?? "/").split("?");
    const [bucketName, ...keyParts] = rawPath.slice(1).split("/");
    const bucket = buckets.get(decodeURIComponent(bucketName ?? ""));
    if (!bucket) return xmlError(response, 404, "NoSuchBucket", "The specified bucket does not exist");
    const key = keyParts.map(decodeURIComponent).join("/");
    const method = request.method ?? "GET";
    if (!key && method === "GET") {
      const params = new URLSearchParams(rawQuery);
      const prefix = params.get("prefix") ?? "";
      const keys = [...bucket.keys()].filter((name) => name.startsWith(prefix)).sort();
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucketName}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys
        .map((name) => `<Contents><Key>${name}</Key><Size>${bucket.get(name)!.body.length}</Size></Contents>`)
        .join("")}</ListBucketResult>`;
      return response.writeHead(200, { "Content-Type": "application/xml" }).end(xml);
    }
    if (method === "PUT") {
      bucket.set(key, { body, contentType: request.headers["content-type"] });
      return response.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
    }
    if (method === "GET" || method === "HEAD") {
      const object = bucket.get(key);
      if (!object) return xmlError(response, 404, "NoSuchKey", "The specified key does not exist.");
      response.writeHead(200, { "Content-Type": object.contentType ?? "binary/octet-stream", "Content-Length": object.body.length });
      return response.end(method === "HEAD" ? undefined : object.body);
    }
    if (method === "DELETE") {
      bucket.delete(key);
      return response.writeHead(204).end();
    }
    return xmlError(response, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.on("finish", () => requests.push({ method: request.method ?? "GET", path: request.url ?? "/", status: response.statusCode }));
      handle(request, response, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    region,
    accessKeyId,
    secretAccessKey,
    buckets,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
