import { createHash, createHmac } from "node:crypto";

// AWS Signature Version 4 for S3 requests (header-signed, the payload's
// SHA-256 in x-amz-content-sha256), as AWS documents it: a canonical request,
// a string to sign over its hash, and a signature with a key derived from the
// secret, the date, the region and the service. Enough for what the
// publisher does (GET, PUT, DELETE of single objects), no SDK.

export type AwsCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export const EMPTY_PAYLOAD_HASH = createHash("sha256").update("").digest("hex");

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it: everything but unreserved characters. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An object key as the path of its URL: each segment encoded once, slashes kept (S3 does not double-encode). */
export function encodeKey(key: string): string {
  return key.split("/").map(uriEncode).join("/");
}

export type SignInput = {
  method: string;
  url: URL;
  region: string;
  service?: string;
  credentials: AwsCredentials;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  payloadHash: string;
  date?: Date;
};

/** The headers to send: the given ones, host, x-amz-date, x-amz-content-sha256, the session token and Authorization. */
export function signRequest(input: SignInput): Record<string, string> {
  const service = input.service ?? "s3";
  const amzDate = amzDateOf(input.date);
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = input.url.host;
  headers["x-amz-date"] = amzDate;
  headers["x-amz-content-sha256"] = input.payloadHash;
  if (input.credentials.sessionToken) headers["x-amz-security-token"] = input.credentials.sessionToken;
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const { signedHeaders, signature } = signatureOf({ ...input, service, amzDate, scope, headers, query: input.url.searchParams });
  const { host: _host, ...rest } = headers;
  return { ...rest, authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

export type PresignInput = {
  method: string;
  url: URL;
  region: string;
  service: string;
  credentials: AwsCredentials;
  /** Headers the URL's user must send as they are signed, besides host. */
  headers?: Record<string, string>;
  expiresInSeconds: number;
  payloadHash: string;
  date?: Date;
};

/**
 * A presigned URL: the signature and its parameters in the query string
 * (AWS's "authenticating requests using query parameters"), as EKS's tokens
 * carry an STS GetCallerIdentity request (app/lib/kubernetes/auth/aws-token.server.ts).
 */
export function presignUrl(input: PresignInput): URL {
  const amzDate = amzDateOf(input.date);
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = input.url.host;
  const url = new URL(input.url);
  url.searchParams.set("X-Amz-Algorithm", "AWS4-HMAC-SHA256");
  url.searchParams.set("X-Amz-Credential", `${input.credentials.accessKeyId}/${scope}`);
  url.searchParams.set("X-Amz-Date", amzDate);
  url.searchParams.set("X-Amz-Expires", String(input.expiresInSeconds));
  if (input.credentials.sessionToken) url.searchParams.set("X-Amz-Security-Token", input.credentials.sessionToken);
  url.searchParams.set("X-Amz-SignedHeaders", Object.keys(headers).sort().join(";"));
  const { signature } = signatureOf({ ...input, amzDate, scope, headers, query: url.searchParams });
  url.searchParams.set("X-Amz-Signature", signature);
  return url;
}

const amzDateOf = (date = new Date()) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The canonical request over the headers and query, signed with the key derived for the day, region and service. */
function signatureOf(input: {
  method: string;
  url: URL;
  region: string;
  service: string;
  credentials: AwsCredentials;
  amzDate: string;
  scope: string;
  headers: Record<string, string>;
  query: URLSearchParams;
  payloadHash: string;
}): { signedHeaders: string; signature: string } {
  const names = Object.keys(input.headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${input.headers[name].trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...input.query.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const canonicalRequest = [input.method, input.url.pathname || "/", query, canonicalHeaders, signedHeaders, input.payloadHash].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", input.amzDate, input.scope, sha256Hex(canonicalRequest)].join("\n");
  const day = input.amzDate.slice(0, 8);
  const key = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), input.service), "aws4_request");
  return { signedHeaders, signature: createHmac("sha256", key).update(stringToSign).digest("hex") };
}

export { sha256Hex };
