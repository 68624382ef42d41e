import http from "node:http";
import net from "node:net";

// Raw HTTP for requests fetch() would normalise (dot segments) or refuse (a Host header).

export function rawRequest(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end(options.body);
  });
}

/** Sends a WebSocket upgrade request and returns the status line the server answers with. */
export function upgradeStatus(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk;
      if (data.includes("\r\n")) {
        resolve(data.split("\r\n")[0]);
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
}

/** A settings form post as an https proxy in front of corp.example forwards it. */
export function postThroughHttpsProxy(port: number, path: string, body: string) {
  return rawRequest(port, path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host: "corp.example",
      origin: "https://corp.example",
      "x-forwarded-host": "corp.example",
      "x-forwarded-proto": "https",
    },
    body,
  });
}
