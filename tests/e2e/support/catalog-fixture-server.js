// A source host for catalog files that the end-to-end tests control: PUT a
// file, register its URL as a location, PUT something else, refresh, and the
// catalog sees the change. Listens on loopback only; the end-to-end config
// lists its host in backend.reading.allow.
import { createServer } from "node:http";

const port = Number(process.argv[2]);
if (!port) throw new Error("usage: node catalog-fixture.js <port>");

const files = new Map();

createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://fixture").pathname;
  if (path === "/healthcheck") return void response.end("ok");
  if (request.method === "PUT") {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      files.set(path, body);
      response.writeHead(204).end();
    });
    return;
  }
  if (request.method === "DELETE") {
    files.delete(path);
    return void response.writeHead(204).end();
  }
  const file = files.get(path);
  if (file === undefined) return void response.writeHead(404).end("not found");
  response.writeHead(200, { "content-type": "application/yaml" }).end(file);
}).listen(port, "127.0.0.1");
