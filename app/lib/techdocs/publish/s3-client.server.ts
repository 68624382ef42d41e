import { readUpTo } from "../../http/streams.server";
import { EMPTY_PAYLOAD_HASH, encodeKey, sha256Hex, signRequest, type AwsCredentials } from "./sigv4.server";

// A small S3 client over fetch: GET, PUT and DELETE of single objects, signed
// with SigV4 (./sigv4.server.ts), path-style ({endpoint}/{bucket}/{key}) or
// virtual-hosted ({bucket}.{endpoint host}/{key}) as s3ForcePathStyle says.
// Works against AWS and S3-compatible stores (MinIO, Ceph, ...).

export type S3Options = {
  bucket: string;
  region: string;
  /** Default: https://s3.{region}.amazonaws.com */
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials: AwsCredentials;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
};

export class S3Error extends Error {
  override name = "S3Error";
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export type S3Client = {
  getObject(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  putObject(key: string, body: Uint8Array, contentType: string): Promise<void>;
  deleteObject(key: string): Promise<void>;
};

export function createS3Client(options: S3Options): S3Client {
  const fetchImpl = options.fetchImpl ?? fetch;
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const basePath = endpoint.pathname.replace(/\/+$/, "");

  function objectUrl(key: string): URL {
    const url = new URL(endpoint.href);
    if (options.forcePathStyle) url.pathname = `${basePath}/${encodeKey(options.bucket)}/${encodeKey(key)}`;
    else {
      url.host = `${options.bucket}.${endpoint.host}`;
      url.pathname = `${basePath}/${encodeKey(key)}`;
    }
    return url;
  }

  async function send(method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) {
    const url = objectUrl(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH;
    const signed = signRequest({ method, url, region: options.region, credentials: options.credentials, headers, payloadHash });
    return fetchImpl(url, { method, headers: signed, body: body as BodyInit | undefined, redirect: "manual", signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
  }

  async function failure(response: Response, what: string): Promise<S3Error> {
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    return new S3Error(`S3 ${what} failed: ${response.status} ${code ?? response.statusText}${message ? `: ${message}` : ""}`, response.status, code);
  }

  return {
    async getObject(key, maxBytes) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failure(response, `GET ${key}`);
      const reader = response.body?.getReader();
      if (!reader) return new Uint8Array();
      const read = await readUpTo(reader, maxBytes);
      if ("overflow" in read) {
        await reader.cancel();
        throw new S3Error(`S3 object ${key} is larger than ${maxBytes} bytes`, 413);
      }
      return new Uint8Array(read.bytes);
    },
    async putObject(key, body, contentType) {
      const response = await send("PUT", key, body, { "content-type": contentType });
      if (!response.ok) throw await failure(response, `PUT ${key}`);
      await response.body?.cancel();
    },
    async deleteObject(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${key}`);
      await response.body?.cancel();
    },
  };
}
