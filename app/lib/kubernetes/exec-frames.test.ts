import { describe, expect, it } from "vitest";
import { createExecFrameReader, execSocketUrl, stdinFrame } from "./exec-frames";

describe("execSocketUrl", () => {
  const target = { namespace: "leasing", pod: "esign-gateway-6f7d8b9c5-q8w2e", container: "app" };

  it("is the proxy's base URL with the scheme switched to ws, and Backstage's query for a shell", () => {
    const url = new URL(execSocketUrl("http://portal.example/catalog/default/component/esign-gateway/kubernetes?drawer=x", "", target));
    expect(url.origin + url.pathname).toBe("ws://portal.example/api/kubernetes/proxy/api/v1/namespaces/leasing/pods/esign-gateway-6f7d8b9c5-q8w2e/exec");
    expect(Object.fromEntries(url.searchParams)).toEqual({ container: "app", stdin: "true", stdout: "true", stderr: "true", tty: "true", command: "/bin/sh" });
  });

  it("keeps the app's base path and the page's port, and goes wss from https", () => {
    const url = execSocketUrl("https://corp.example:8443/portal/catalog/default/component/x/kubernetes", "/portal", target);
    expect(url).toMatch(/^wss:\/\/corp\.example:8443\/portal\/api\/kubernetes\/proxy\/api\/v1\/namespaces\/leasing\/pods\//);
  });

  it("uses the default namespace when the pod has none, and escapes names", () => {
    const url = execSocketUrl("http://portal.example/", "", { namespace: "", pod: "a/b", container: "side car" });
    expect(url).toBe("ws://portal.example/api/kubernetes/proxy/api/v1/namespaces/default/pods/a%2Fb/exec?container=side+car&stdin=true&stdout=true&stderr=true&tty=true&command=%2Fbin%2Fsh");
  });
});

describe("stdinFrame", () => {
  it("is a zero byte, then the input's UTF-8", () => {
    expect([...stdinFrame("ls\r")]).toEqual([0, 0x6c, 0x73, 0x0d]);
    expect([...stdinFrame("é")]).toEqual([0, 0xc3, 0xa9]);
  });
});

describe("createExecFrameReader", () => {
  const frame = (channel: number, ...bytes: number[]) => new Uint8Array([channel, ...bytes]);
  const text = (channel: number, value: string) => new Uint8Array([channel, ...new TextEncoder().encode(value)]).buffer;

  it("shows stdout, stderr and the error channel, and nothing else", () => {
    const read = createExecFrameReader();
    expect(read(text(1, "/ # "))).toBe("/ # ");
    expect(read(text(2, "sh: nope: not found\r\n"))).toBe("sh: nope: not found\r\n");
    expect(read(text(3, "command terminated"))).toBe("command terminated");
    expect(read(text(0, "echo"))).toBeUndefined();
    expect(read(text(4, '{"Width":80}'))).toBeUndefined();
    expect(read(new Uint8Array([]))).toBeUndefined();
    expect(read(frame(1))).toBeUndefined();
  });

  it("joins a character split over two frames of a channel, whatever comes between", () => {
    const read = createExecFrameReader();
    // "é" is c3 a9; a stderr frame arrives between its halves on stdout.
    expect(read(frame(1, 0x61, 0xc3))).toBe("a");
    expect(read(text(2, "!"))).toBe("!");
    expect(read(frame(1, 0xa9, 0x62))).toBe("éb");
  });
});
