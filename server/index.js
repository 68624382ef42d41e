// Atrium's process entry: load the app (the built server bundle, or server/app.ts
// through Vite in development), listen, forward websocket upgrades, and shut
// down gracefully. Everything else lives in server/app.ts.
import http from "node:http";
import { fileURLToPath } from "node:url";

const SHUTDOWN_GRACE_MS = 10_000;
const rootDir = fileURLToPath(new URL("..", import.meta.url));
const development = process.env.NODE_ENV === "development";
const argv = process.argv.slice(2);

const atrium = await createAtrium();
const server = http.createServer(atrium.app);
server.keepAliveTimeout = 65_000; // longer than common proxies' idle timeout
server.on("upgrade", atrium.handleUpgrade);
server.on("clientError", refuseMalformedRequest);

server.listen(atrium.listen.port, atrium.listen.host, () => {
  const { address, port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  atrium.logger.info({ address, port, baseUrl: atrium.config.config.app.baseUrl }, "Listening");
});
server.on("error", (error) => {
  atrium.logger.fatal({ err: error }, "Atrium could not listen");
  process.exit(1);
});
atrium.ready.catch((error) => {
  // A configuration problem only found while starting the services names its key, as those found at load do.
  if (error?.name === "ConfigError") console.error(`Atrium could not start. ${error.message}`);
  else atrium.logger.fatal({ err: error }, "Atrium could not start: database or migrations failed");
  process.exit(1);
});

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => shutdown(signal));

async function createAtrium() {
  try {
    if (development) {
      const { createServer } = await import("vite");
      const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: "custom" });
      const { createAtrium } = await vite.ssrLoadModule("./server/app.ts");
      return createAtrium({ rootDir, argv, viteMiddlewares: vite.middlewares });
    }
    const { createAtrium } = await import("../build/server/index.js").catch((error) => {
      if (error.code !== "ERR_MODULE_NOT_FOUND") throw error;
      console.error("Atrium has not been built: run `npm start` (which builds) or `npm run build` first.");
      process.exit(1);
    });
    return createAtrium({ rootDir, argv });
  } catch (error) {
    if (error?.name === "ConfigError") {
      console.error(`Atrium could not start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Node answers unparseable requests (e.g. headers over 16 KiB) itself; say 400 in Backstage's shape. */
function refuseMalformedRequest(error, socket) {
  if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
  const body = JSON.stringify({
    error: { name: "InputError", message: "Malformed or oversized request" },
    response: { statusCode: 400 },
  });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  atrium.logger.info({ signal }, "Shutting down: finishing requests in flight");
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(async () => {
    clearTimeout(force);
    await atrium.close();
    atrium.logger.info("Stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
