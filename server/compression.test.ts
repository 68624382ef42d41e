import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../tests/support/browser-session";
import { useServer } from "../tests/support/server";
import { compressResponses } from "./compression";

// What a client sees on the wire: bytes as sent, Content-Encoding as sent.

const TOKEN = "compression-test-token";
const app = useServer(`
backend:
  auth:
    externalAccess:
      - type: static
        options: { token: ${TOKEN}, subject: compression-test }
`);

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function getRaw(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

function decoded(raw: Raw): string {
  const encoding = raw.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(raw.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(raw.body).toString("utf8");
  expect(encoding).toBeUndefined();
  return raw.body.toString("utf8");
}

const CHROME = "gzip, deflate, br, zstd";

describe("compressed responses", () => {
  let page: { url: string; cookie: string; html: string };
  beforeAll(async () => {
    // The catalog index, a page of some size, once the example organisation is in.
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await fetch(`${app.server.url}/api/catalog/entities`, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (response.ok && (await response.json()).length > 50) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const browser = new BrowserSession();
    const landed = await browser.follow(`${app.server.url}/catalog`);
    expect(landed.response.status).toBe(200);
    page = { url: landed.url, cookie: browser.cookieHeader(landed.url), html: await landed.response.text() };
  });

  it("sends pages in brotli when the browser accepts it, gzip when only that, and as they are to a client that asks for neither", async () => {
    const br = await getRaw(page.url, { cookie: page.cookie, "accept-encoding": CHROME });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decoded(br)).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);

    const gzip = await getRaw(page.url, { cookie: page.cookie, "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toMatch(/<\/html>$/);
    // Streamed in pieces, yet nearly as small as the page gzipped whole: the compressor keeps its dictionary across pieces.
    expect(gzip.body.length).toBeLessThan(gzipSync(decoded(gzip)).length * 1.15);

    const identity = await getRaw(page.url, { cookie: page.cookie });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString("utf8")).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
  });

  it("sends the build's precompressed assets with their own type, as the very bytes of the file", async () => {
    const scripts = [...new Set(page.html.match(/\/assets\/[\w.-]+\.js/g))];
    const styles = [...new Set(page.html.match(/\/assets\/[\w.-]+\.css/g))];
    expect(scripts.length).toBeGreaterThan(3);
    expect(styles.length).toBeGreaterThan(0);
    for (const [asset, type] of [
      [scripts[0], /^text\/javascript/],
      [styles[0], /^text\/css/],
    ] as const) {
      const url = `${app.server.url}${asset}`;
      const identity = await getRaw(url);
      expect(identity.status).toBe(200);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(identity.headers["content-type"]).toMatch(type);
      expect(identity.headers.vary).toMatch(/Accept-Encoding/i);

      for (const [accept, encoding] of [
        [CHROME, "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip;q=0.8", "gzip"],
        ["*", "br"],
      ] as const) {
        const compressed = await getRaw(url, { "accept-encoding": accept });
        expect(compressed.status).toBe(200);
        expect(compressed.headers["content-encoding"]).toBe(encoding);
        expect(compressed.headers["content-type"]).toMatch(type);
        expect(compressed.headers.vary).toMatch(/Accept-Encoding/i);
        expect(compressed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(Number(compressed.headers["content-length"])).toBe(compressed.body.length);
        expect(compressed.body.length).toBeLessThan(identity.body.length);
        expect(decoded(compressed)).toBe(identity.body.toString("utf8"));
      }
      expect((await getRaw(url, { "accept-encoding": "br;q=0, gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
    }
  });

  it("compresses API answers too, and sends them as they are to a client that asks for no encoding", async () => {
    const url = `${app.server.url}/api/catalog/entities`;
    const authorization = `Bearer ${TOKEN}`;
    const br = await getRaw(url, { authorization, "accept-encoding": CHROME });
    expect(br.status).toBe(200);
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(br.headers["content-encoding"]).toBe("br");
    const entities = JSON.parse(decoded(br));
    expect(entities.length).toBeGreaterThan(10);

    const identity = await getRaw(url, { authorization });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(identity.body.toString("utf8")).length).toBeGreaterThan(10);
  });

  it("gzips an answer of stored entities in one piece, small or large, and leaves a tiny one as it is", async () => {
    const authorization = `Bearer ${TOKEN}`;
    const post = async (path: string, body: unknown, encoding?: string): Promise<Raw> => {
      const response = await fetch(`${app.server.url}${path}`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json", ...(encoding ? { "accept-encoding": encoding } : {}) },
        body: JSON.stringify(body),
      });
      // fetch decodes what it receives; its headers still say how it came.
      return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
    };
    const page = `${app.server.url}/api/catalog/entities/by-query?limit=5`;
    const plain = await getRaw(page, { authorization });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    // A browser that accepts brotli too gets the one-piece gzip; the middleware would have sent brotli.
    const small = await getRaw(page, { authorization, "accept-encoding": CHROME });
    expect(small.headers["content-encoding"]).toBe("gzip");
    expect(small.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(decoded(small))).toEqual(JSON.parse(plain.body.toString("utf8")));
    expect((await getRaw(page, { authorization, "accept-encoding": "gzip;q=0, br" })).headers["content-encoding"]).toBe("br");

    // Past 64 KiB it is compressed off the request's thread; the answer is the same.
    const refs: string[] = JSON.parse(plain.body.toString("utf8")).items.map((entity: { kind: string; metadata: { namespace: string; name: string } }) =>
      `${entity.kind}:${entity.metadata.namespace}/${entity.metadata.name}`.toLowerCase(),
    );
    const many = Array.from({ length: 100 }, () => refs).flat();
    const large = await post("/api/catalog/entities/by-refs", { entityRefs: many }, "gzip");
    expect(large.status).toBe(200);
    expect(large.headers["content-encoding"]).toBe("gzip");
    const items = JSON.parse(large.body.toString("utf8")).items;
    expect(items).toHaveLength(many.length);
    expect(JSON.stringify(items).length).toBeGreaterThan(64 * 1024);
    expect(items.map((entity: { metadata: { name: string } }) => entity.metadata.name).slice(0, refs.length)).toEqual(refs.map((ref) => ref.split("/")[1]));

    const tiny = await post("/api/catalog/entities/by-refs?fields=kind", { entityRefs: refs.slice(0, 1) }, "gzip");
    expect(tiny.body.toString("utf8")).toBe(`{"items":[{"kind":"${items[0].kind}"}]}`);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses a large facets answer once and sends the same bytes until the catalog changes", async () => {
    // One facet of a value per entity, asked under eight spellings (Backstage echoes each): past the 16 KiB a shared answer is compressed at.
    const facets = ["metadata.uid", "METADATA.UID", "Metadata.Uid", "metadata.UID", "METADATA.uid", "Metadata.uid", "metadata.Uid", "METADATA.Uid"];
    const url = `${app.server.url}/api/catalog/entity-facets?${facets.map((facet) => `facet=${facet}`).join("&")}`;
    const authorization = `Bearer ${TOKEN}`;
    // The example catalog may still be coming in: a change between the three requests makes a new answer, so they are asked again.
    let identity: Raw, first: Raw, second: Raw;
    for (let attempt = 1; ; attempt++) {
      identity = await getRaw(url, { authorization });
      first = await getRaw(url, { authorization, "accept-encoding": "gzip, deflate" });
      // A browser accepting brotli too gets the shared gzip, not a fresh compression.
      second = await getRaw(url, { authorization, "accept-encoding": CHROME });
      const settled = first.headers["content-encoding"] === "gzip" && decoded(first) === identity.body.toString("utf8") && decoded(second) === decoded(first);
      if (settled || attempt === 20) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(identity.status).toBe(200);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(16 * 1024);
    const answer = JSON.parse(identity.body.toString("utf8"));
    expect(Object.keys(answer.facets)).toEqual(facets);

    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(decoded(first))).toEqual(answer);
    expect(first.body.length).toBeLessThan(identity.body.length / 3);
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(second.body.equals(first.body)).toBe(true);
    expect((await getRaw(url, { authorization, "accept-encoding": "gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
  });
});

describe("compression and streaming", () => {
  // Our middleware on a plain Express app: a response that writes, waits for the client, then ends.
  let base: string;
  let server: http.Server;
  const released: Array<() => void> = [];
  beforeAll(async () => {
    const streaming = express();
    streaming.use(compressResponses());
    for (const [path, type] of [
      ["/html", "text/html; charset=utf-8"],
      ["/events", "text/event-stream"],
    ]) {
      streaming.get(path, (_req, res) => {
        res.setHeader("Content-Type", type);
        res.write(type.startsWith("text/html") ? `<!DOCTYPE html><p>${"the shell ".repeat(200)}</p>` : "data: first\n\n");
        released.push(() => res.end(type.startsWith("text/html") ? "<p>later</p>" : "data: last\n\n"));
      });
    }
    server = streaming.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const release of released) release();
    server?.close();
  });

  /** Resolves with the decoded text that arrived before the server finished, and the response's encoding. */
  function firstText(path: string, expected: string): Promise<{ encoding?: string; text: string }> {
    return new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error(`'${expected}' did not arrive while the response was still open`)), 5000);
      http
        .get(`${base}${path}`, { headers: { "accept-encoding": CHROME } }, (response) => {
          const encoding = response.headers["content-encoding"];
          const body = encoding === "br" ? response.pipe(createBrotliDecompress()) : encoding === "gzip" ? response.pipe(createGunzip()) : response;
          let text = "";
          body.on("data", (chunk: Buffer) => {
            text += chunk.toString("utf8");
            if (text.includes(expected)) {
              resolve({ encoding, text });
              for (const release of released.splice(0)) release();
            }
          });
          body.on("end", () => reject(new Error(`ended before '${expected}' arrived on its own: ${text.slice(-80)}`)));
        })
        .on("error", reject);
    });
  }

  it("sends each chunk of a streamed page through the compressor at once, not when the page ends", async () => {
    const first = await firstText("/html", "the shell </p>");
    expect(first.encoding).toBe("br");
    expect(first.text).not.toContain("later");
  });

  it("leaves event streams uncompressed, so each event arrives when it is written", async () => {
    const first = await firstText("/events", "data: first\n\n");
    expect(first.encoding).toBeUndefined();
    expect(first.text).toBe("data: first\n\n");
  });
});
