// The primary of several worker processes (backend.workers above one;
// docs/decisions/048-workers.md). Each worker is a whole Atrium as
// server/index.js runs it alone, with its own database connections; node:cluster
// hands the connections of the one port to whichever worker is free, so a
// request held by a slow synchronous SQLite query in one worker does not hold
// a request that another worker takes. One more worker, the background worker,
// serves no requests: it runs the global background tasks (the catalog's
// processing and ingestion, the search index's collator, the docs' sync), whose
// long synchronous writes would otherwise hold the requests of the worker
// running them. On several replicas each has its own, and the scheduler's lease
// still runs each task once (app/lib/scheduler/).
//
// The primary serves nothing itself. It starts one worker first and the rest
// once that one is ready, so that one migrates the database and seeds the
// catalog alone (SQLite has no start-up lock: app/lib/db/client.server.ts);
// it starts again a worker that dies, after a pause that grows while they
// keep dying; it stops them all on SIGTERM or SIGINT. A worker that cannot
// start the first time (the database is gone, a migration fails) ends the
// primary with exit code 1 rather than a loop of forks.
import cluster from "node:cluster";

const WORKER_ENV = "ATRIUM_WORKER";
const ROLE_ENV = "ATRIUM_WORKER_ROLE";
const DEMO_CLUSTER_ENV = "ATRIUM_DEMO_CLUSTER";
/** Pauses before starting a dead worker's replacement, one step longer each time it dies again soon. */
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A worker that served this long before dying starts the back-off from its first step again. */
const STEADY_MS = 60_000;
/** Workers end their requests within 10 s (server/index.js); one still there after this is killed. */
const STOP_GRACE_MS = 15_000;

/**
 * In a worker: its number, its role and the demo cluster the primary started,
 * for createAtrium. The demo cluster's token is taken out of the environment
 * so that processes the worker starts (git, the scaffolder's actions) do not inherit it.
 * @returns {{ worker?: number, role: "http" | "background", demoCluster?: object }}
 */
export function workerIdentity() {
  const worker = Number(process.env[WORKER_ENV]);
  const demo = process.env[DEMO_CLUSTER_ENV];
  delete process.env[DEMO_CLUSTER_ENV];
  return {
    worker: Number.isInteger(worker) && worker > 0 ? worker : undefined,
    role: process.env[ROLE_ENV] === "background" ? "background" : "http",
    demoCluster: demo ? JSON.parse(demo) : undefined,
  };
}

/**
 * Runs `plan.workers` HTTP workers and the background worker (the number
 * after theirs) until SIGTERM or SIGINT, then exits: 0 when every worker
 * stopped cleanly.
 * @param {{ plan: import("./app.ts").WorkerPlan, startDemoCluster: typeof import("./app.ts").startDemoCluster }} options
 */
export async function runWorkers({ plan, startDemoCluster }) {
  const { logger, workers: count } = plan;
  /** @type {Map<number, import("node:cluster").Worker>} */
  const live = new Map();
  /** @type {Map<number, number>} */
  const recentDeaths = new Map();
  const restarts = new Set();
  let serving = false;
  let stopping = false;

  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));

  const backgroundSlot = count + 1;
  logger.info({ workers: count, backgroundWorker: backgroundSlot }, "Starting worker processes");
  // The demo cluster keeps its objects in memory: one for every worker, so a pod deleted through one is gone for all.
  const demo = plan.demoCluster ? await startDemoCluster() : undefined;
  if (demo) logger.info({ cluster: demo.name, url: demo.url }, "Started the simulated demo Kubernetes cluster (kubernetes.demoCluster) for every worker");
  const env = demo ? { [DEMO_CLUSTER_ENV]: JSON.stringify({ name: demo.name, title: demo.title, url: demo.url, serviceAccountToken: demo.serviceAccountToken }) } : {};

  /** Forks worker `slot`; settles when it is ready, or rejects when it exits first. */
  function start(slot) {
    const worker = cluster.fork({ ...env, [WORKER_ENV]: String(slot), [ROLE_ENV]: slot === backgroundSlot ? "background" : "http" });
    live.set(slot, worker);
    const startedAt = Date.now();
    let ready = false;
    return new Promise((resolve, reject) => {
      worker.on("message", (message) => {
        if (message?.atrium !== "ready") return;
        ready = true;
        resolve(undefined);
      });
      worker.on("exit", (code, signal) => {
        if (live.get(slot) === worker) live.delete(slot);
        if (!ready) reject(new Error(`Worker ${slot} (pid ${worker.process.pid}) exited with ${signal ?? code} before it was ready`));
        // A ready worker that dies is replaced even while the others start; one that never got ready only once all have been.
        if (!stopping && (ready || serving)) replace(slot, worker, { code, signal, startedAt });
      });
    });
  }

  function replace(slot, worker, { code, signal, startedAt }) {
    const deaths = Date.now() - startedAt >= STEADY_MS ? 0 : (recentDeaths.get(slot) ?? 0);
    recentDeaths.set(slot, deaths + 1);
    const delay = RESTART_DELAYS_MS[Math.min(deaths, RESTART_DELAYS_MS.length - 1)];
    logger.error({ slot, pid: worker.process.pid, code, signal, restartInMs: delay }, "A worker process stopped unexpectedly; starting another in its place");
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (stopping) return;
      start(slot).then(
        () => logger.info({ slot, pid: live.get(slot)?.process.pid }, "The replacement worker process is ready"),
        () => undefined, // its exit starts the next, after a longer pause
      );
    }, delay);
    restarts.add(timer);
  }

  async function stopAll() {
    for (const timer of restarts) clearTimeout(timer);
    const running = [...live.values()];
    const force = setTimeout(() => running.forEach((worker) => worker.isDead() || worker.process.kill("SIGKILL")), STOP_GRACE_MS);
    const codes = await Promise.all(
      running.map(
        (worker) =>
          new Promise((resolve) => {
            if (worker.isDead()) return resolve(worker.process.exitCode);
            worker.once("exit", (code, signal) => resolve(signal ? 1 : code));
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    clearTimeout(force);
    await demo?.server.close();
    return codes.every((code) => code === 0) ? 0 : 1;
  }

  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Shutting down: stopping every worker process");
    const code = await stopAll();
    logger.info({ code }, "Stopped");
    process.exit(code);
  }

  try {
    await start(1);
    await Promise.all(Array.from({ length: count }, (_, index) => start(index + 2)));
  } catch (error) {
    if (stopping) return;
    stopping = true;
    logger.fatal({ err: error }, "Atrium could not start its worker processes");
    await stopAll();
    process.exit(1);
  }
  serving = true;
  logger.info({ workers: count, pids: [...live.values()].map((worker) => worker.process.pid) }, "Every worker process is ready");
}
