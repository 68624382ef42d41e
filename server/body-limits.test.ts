import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { API_AUTHORIZATION, useServer } from "../tests/support/server";

// Bodies posted to pages have a limit (backend.limits) and are read as they
// arrive: a body past its limit is answered 413 while it is still being sent,
// whether it declares its length or streams chunked, and the server never
// holds it. The bodies here are hundreds of megabytes, generated as they are
// sent; the server's memory is read from /proc while they go.

const MiB = 1024 * 1024;
const BIG = 400 * MiB;

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string; sentBytes: number };

/**
 * POSTs `prefix` followed by filler up to `totalBytes`, generated chunk by
 * chunk and written as the socket takes it; stops sending once the answer
 * arrives. With `declareLength` the Content-Length says the whole size,
 * otherwise the body goes chunked.
 */
function streamPost(url: string, options: { totalBytes: number; declareLength: boolean; contentType: string; prefix?: string; suffix?: string; accept?: string; cookie?: string }): Promise<Sent> {
  const prefix = Buffer.from(options.prefix ?? "");
  const suffix = Buffer.from(options.suffix ?? "");
  const fillerBytes = options.totalBytes - prefix.byteLength - suffix.byteLength;
  const filler = Buffer.alloc(64 * 1024, "x");
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { "content-type": options.contentType, accept: options.accept ?? "*/*" };
    if (options.declareLength) headers["content-length"] = String(options.totalBytes);
    if (options.cookie) headers.cookie = options.cookie;
    const request = http.request(url, { method: "POST", headers, agent: false });
    let sentBytes = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const atAnswer = sentBytes;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sentBytes: atAnswer });
        request.destroy();
      });
    });
    // The server cutting the connection after its answer is expected; before it, a failure.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = (chunk: Buffer) => {
      sentBytes += chunk.byteLength;
      return request.write(chunk);
    };
    (async () => {
      write(prefix);
      let left = fillerBytes;
      while (left > 0 && !answered && !request.destroyed) {
        const chunk = left >= filler.byteLength ? filler : filler.subarray(0, left);
        left -= chunk.byteLength;
        if (!write(chunk)) await drainedOrClosed(request);
      }
      if (!answered && !request.destroyed) {
        write(suffix);
        request.end();
      }
    })().catch(reject);
  });
}

function drainedOrClosed(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off("drain", done).off("close", done);
      resolve();
    };
    request.on("drain", done).on("close", done);
  });
}

/** The server process's resident memory, in bytes, from /proc. */
function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]) * 1024;
}

/** Runs `work` while sampling the server's memory every 20 ms: the most it grew over its level before. */
async function peakGrowthDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, rssOf(pid)) - before };
  } finally {
    clearInterval(sampler);
  }
}

const FORM = "application/x-www-form-urlencoded";
const BOUNDARY = "----atrium-body-limits";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const multipartPrefix = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nguest\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="directory"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const multipartSuffix = `\r\n--${BOUNDARY}--\r\n`;

describe("with the default limits (1 MiB for forms, 16 MiB for multipart)", () => {
  const served = useServer(`
auth:
  signInPage: [guest]
`);

  it("answers a 400 MB form post to /Sign-In with 413 before it is sent, chunked or declared, and keeps its memory", async () => {
    const pid = served.server.process.pid!;
    const { result, growth } = await peakGrowthDuring(pid, async () => [
      await streamPost(`${served.server.url}/Sign-In`, { totalBytes: BIG, declareLength: false, contentType: FORM, prefix: "intent=guest&pad=" }),
      await streamPost(`${served.server.url}/sign-in`, { totalBytes: BIG, declareLength: true, contentType: FORM, prefix: "intent=guest&pad=" }),
    ]);
    for (const sent of result) {
      expect(sent.status).toBe(413);
      expect(JSON.parse(sent.body)).toEqual({
        error: { name: "PayloadTooLargeError", message: "Request body is larger than 1 MiB" },
        request: { method: "POST", url: expect.stringMatching(/^\/sign-in$/i) },
        response: { statusCode: 413 },
      });
      // Answered while the client was still sending: a small part of the body went out.
      expect(sent.sentBytes).toBeLessThan(64 * MiB);
    }
    expect(growth).toBeLessThan(64 * MiB);
  });

  it("keeps its memory under three 400 MB posts at once", async () => {
    const pid = served.server.process.pid!;
    const post = (declareLength: boolean, path: string) => streamPost(`${served.server.url}${path}`, { totalBytes: BIG, declareLength, contentType: FORM, prefix: "intent=guest&pad=" });
    const { result, growth } = await peakGrowthDuring(pid, () => Promise.all([post(false, "/sign-in"), post(false, "/SIGN-IN.data"), post(true, "/sign-in/")]));
    expect(result.map((sent) => sent.status)).toEqual([413, 413, 413]);
    expect(growth).toBeLessThan(64 * MiB);
  });

  it("answers a browser's form post without JavaScript with an HTML page that says why", async () => {
    const sent = await streamPost(`${served.server.url}/sign-in`, { totalBytes: BIG, declareLength: false, contentType: FORM, prefix: "intent=guest&pad=", accept: "text/html,application/xhtml+xml" });
    expect(sent.status).toBe(413);
    expect(sent.headers["content-type"]).toMatch(/^text\/html/);
    expect(sent.body).toContain("<h1>ERROR 413: Payload Too Large</h1>");
    expect(sent.body).toContain("larger than the 1 MiB this portal accepts");
  });

  it("answers a 400 MB multipart upload with 413 beyond 16 MiB, chunked or declared", async () => {
    const pid = served.server.process.pid!;
    const { result, growth } = await peakGrowthDuring(pid, async () => [
      await streamPost(`${served.server.url}/create/template`, { totalBytes: BIG, declareLength: false, contentType: MULTIPART, prefix: multipartPrefix, suffix: multipartSuffix }),
      await streamPost(`${served.server.url}/create/template`, { totalBytes: BIG, declareLength: true, contentType: MULTIPART, prefix: multipartPrefix, suffix: multipartSuffix }),
    ]);
    for (const sent of result) {
      expect(sent.status).toBe(413);
      expect(JSON.parse(sent.body).error).toEqual({ name: "PayloadTooLargeError", message: "Request body is larger than 16 MiB" });
      expect(sent.sentBytes).toBeLessThan(96 * MiB);
    }
    expect(growth).toBeLessThan(96 * MiB);
  });

  it("lets a client busy sending read its 413 after another 48 MiB, before the connection is cut", async () => {
    // A client reads its answer only between writes; on a fast link it may send
    // tens of megabytes past the refusal first. Cut while it still sends, it
    // gets a reset where the 413 should be.
    const { hostname, port } = new URL(served.server.url);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const failures: Error[] = [];
    socket.on("error", (error) => failures.push(error));
    socket.pause();
    socket.write(`POST /sign-in HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${FORM}\r\nContent-Length: ${1024 * 1024 * MiB}\r\n\r\nintent=guest&pad=`);
    const filler = Buffer.alloc(MiB, "x");
    for (let sent = 0; sent < 48 * MiB && !socket.destroyed; sent += MiB) {
      if (!socket.write(filler)) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
    }
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        text += chunk;
        if (text.includes("PayloadTooLargeError")) resolve(text);
      });
      socket.on("close", () => resolve(text));
      socket.resume();
    });
    expect(failures).toEqual([]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("Request body is larger than 1 MiB");
    // A client that goes on sending is not read to its end: the server cuts it.
    const answeredAt = Date.now();
    while (!socket.destroyed && Date.now() - answeredAt < 15_000) {
      if (!socket.write(filler)) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
    }
    expect(socket.destroyed).toBe(true);
    socket.destroy();
  }, 20_000);

  it("still hands bodies within the limit to the page's action, with and without JavaScript", async () => {
    const justUnder = 1 * MiB - 100;
    const form = await streamPost(`${served.server.url}/sign-in`, { totalBytes: justUnder, declareLength: false, contentType: FORM, prefix: "intent=guest&pad=" });
    expect(form.status).toBe(302);
    expect(form.headers["set-cookie"]?.some((cookie) => cookie.startsWith("atrium-session="))).toBe(true);
    const data = await streamPost(`${served.server.url}/sign-in.data`, { totalBytes: justUnder, declareLength: true, contentType: FORM, prefix: "intent=guest&pad=" });
    expect(data.status).toBeLessThan(300);
    expect(data.headers["set-cookie"]?.some((cookie) => cookie.startsWith("atrium-session="))).toBe(true);
    // Multipart may be larger than a plain form: 4 MiB with a file part signs in as well.
    const upload = await streamPost(`${served.server.url}/sign-in`, { totalBytes: 4 * MiB, declareLength: false, contentType: MULTIPART, prefix: multipartPrefix, suffix: multipartSuffix });
    expect(upload.status).toBe(302);
    expect(upload.headers["set-cookie"]?.some((cookie) => cookie.startsWith("atrium-session="))).toBe(true);
  });

  it("leaves the JSON API's own limit in place", async () => {
    const response = await fetch(`${served.server.url}/api/catalog/validate-entity`, {
      method: "POST",
      headers: { ...API_AUTHORIZATION, "content-type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(2 * MiB) }),
    });
    expect(response.status).toBe(413);
    // The API's words (app/lib/http/api.server.ts), not the pages' limit.
    expect((await response.json()).error).toEqual({ name: "PayloadTooLargeError", message: "Request body is larger than 1048576 bytes" });
  });
});

describe("with limits from backend.limits", () => {
  const served = useServer(`
auth:
  signInPage: [guest]
backend:
  limits:
    formBody: 64kb
    multipartBody: 256kb
`);

  it("refuses past the configured sizes and accepts below them", async () => {
    const over = await streamPost(`${served.server.url}/sign-in`, { totalBytes: 80 * 1024, declareLength: false, contentType: FORM, prefix: "intent=guest&pad=" });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).error.message).toBe("Request body is larger than 64 KiB");
    const under = await streamPost(`${served.server.url}/sign-in`, { totalBytes: 60 * 1024, declareLength: false, contentType: FORM, prefix: "intent=guest&pad=" });
    expect(under.status).toBe(302);
    const upload = await streamPost(`${served.server.url}/sign-in`, { totalBytes: 300 * 1024, declareLength: true, contentType: MULTIPART, prefix: multipartPrefix, suffix: multipartSuffix });
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body).error.message).toBe("Request body is larger than 256 KiB");
  });
});
