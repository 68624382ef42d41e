// Atrium's process entry: load the app (the built server bundle, or server/app.ts
// through Vite in development), listen, forward websocket upgrades, and shut
// down gracefully. With backend.workers above one, this process is instead the
// primary of that many such workers (server/workers.js), which share its port,
// and of the background worker, which runs the background tasks and does not
// listen. Everything else lives in server/app.ts.
import cluster from "node:cluster";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { runWorkers, workerIdentity } from "./workers.js";

const SHUTDOWN_GRACE_MS = 10_000;
const rootDir = fileURLToPath(new URL("..", import.meta.url));
const development = process.env.NODE_ENV === "development";
const argv = process.argv.slice(2);

// Development runs one process: Vite's module graph and its watcher are per process.
if (cluster.isPrimary && !development) {
  const bundle = await loadBundle();
  const plan = startingOrExit(() => bundle.planWorkers({ rootDir, argv }));
  if (plan.workers > 1) await runWorkers({ plan, startDemoCluster: bundle.startDemoCluster });
  else {
    if (plan.singleBecause) plan.logger.info({ asked: plan.asked }, `Running one worker process: ${plan.singleBecause}`);
    serve(startingOrExit(() => bundle.createAtrium({ rootDir, argv })));
  }
} else if (development) {
  serve(await createDevelopmentAtrium());
} else {
  const bundle = await loadBundle();
  const identity = workerIdentity();
  const atrium = startingOrExit(() => bundle.createAtrium({ rootDir, argv, ...identity }));
  if (identity.role === "background") runInBackground(atrium);
  else serve(atrium);
}

/** Listens and serves one Atrium; tells a primary (server/workers.js) once it is ready. */
function serve(atrium) {
  const server = http.createServer(atrium.app);
  server.keepAliveTimeout = 65_000; // longer than common proxies' idle timeout
  server.on("upgrade", atrium.handleUpgrade);
  server.on("clientError", refuseMalformedRequest);

  const listening = new Promise((resolve) => {
    server.listen(atrium.listen.port, atrium.listen.host, () => {
      const { address, port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      atrium.logger.info({ address, port, pid: process.pid, baseUrl: atrium.config.config.app.baseUrl }, "Listening");
      resolve(undefined);
    });
  });
  server.on("error", (error) => {
    atrium.logger.fatal({ err: error }, "Atrium could not listen");
    process.exit(1);
  });
  announceReady(atrium, listening);
  stopOnSignals(atrium, "finishing requests in flight", (stopped) => {
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      void stopped();
    });
    server.closeIdleConnections();
  });
}

/** The background worker of several (server/workers.js): no port, only the background tasks. */
function runInBackground(atrium) {
  announceReady(atrium, Promise.resolve());
  atrium.ready.then(
    () => atrium.logger.info({ pid: process.pid }, "Running the background tasks"),
    () => undefined,
  );
  stopOnSignals(atrium, "finishing the running tasks", (stopped) => void stopped());
}

/** Ends the process when the Atrium cannot start; tells a primary once it can serve. */
function announceReady(atrium, listening) {
  atrium.ready.catch((error) => {
    // A configuration problem only found while starting the services names its key, as those found at load do.
    if (error?.name === "ConfigError") console.error(`Atrium could not start. ${error.message}`);
    else atrium.logger.fatal({ err: error }, "Atrium could not start: database or migrations failed");
    process.exit(1);
  });
  Promise.all([listening, atrium.ready]).then(
    () => process.send?.({ atrium: "ready" }),
    () => undefined,
  );
}

/** On SIGTERM or SIGINT: `stopServing`, which calls `stopped` when it is done, then the Atrium closes and the process exits 0. */
function stopOnSignals(atrium, finishing, stopServing) {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      atrium.logger.info({ signal }, `Shutting down: ${finishing}`);
      stopServing(async () => {
        await atrium.close();
        atrium.logger.info("Stopped");
        process.exit(0);
      });
    });
  }
}

async function loadBundle() {
  return import("../build/server/index.js").catch((error) => {
    if (error.code !== "ERR_MODULE_NOT_FOUND") throw error;
    console.error("Atrium has not been built: run `npm start` (which builds) or `npm run build` first.");
    process.exit(1);
  });
}

async function createDevelopmentAtrium() {
  const { createServer } = await import("vite");
  const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: "custom" });
  const { createAtrium } = await vite.ssrLoadModule("./server/app.ts");
  return startingOrExit(() => createAtrium({ rootDir, argv, viteMiddlewares: vite.middlewares }));
}

/** A bad configuration ends the process with its message, before anything listens or forks. */
function startingOrExit(start) {
  try {
    return start();
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
