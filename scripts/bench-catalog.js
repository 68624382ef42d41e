// Catalog benchmark: ingest a synthetic catalog of N entities into a
// fresh database through the built server, time it, then load the catalog API
// with closed-loop clients, scenario by scenario, and report latency
// percentiles, throughput, peak RSS and the machine. Loopback traffic only.
//
//   npm run build
//   npm run bench:catalog -- --entities 100000 [--db sqlite|pg] [--seed 42]
//     [--concurrency 8 | 8,1] [--duration 10] [--max-requests 200000]
//     [--ingest-timeout 20] [--no-analyze] [--no-settle] [--keep]
//     [--compare http://127.0.0.1:7077 [--compare-token T] [--compare-db backstage_bench_catalog]]
//
// The catalog comes from scripts/bench/catalog-generator.js and is cached
// under data/bench/catalog-<N>-<seed>/.
// PostgreSQL: 127.0.0.1:5432, user postgres (PGHOST, PGPORT, PGUSER and
// PGPASSWORD override), database atrium_bench_<N>, dropped before and after;
// VACUUM ANALYZE runs between ingestion and queries unless --no-analyze.
// The scenarios start once the server's background work is done (stitching,
// the search index; under a tenth of a core for 5 s, at most ten minutes
// later), unless --no-settle measures beside it, right after ingestion.
// BENCH_NODE_ARGS passes Node flags to the server and, through node:cluster,
// its workers: "--cpu-prof --cpu-prof-dir=/tmp/prof" profiles every process.
// Progress goes to stderr, the Markdown report to stdout. Exits non-zero when
// ingestion does not finish in time or any scenario has an error.
//
// --compare <base URL> runs the same scenarios, with the same clients and
// duration, against a running Backstage catalog backend (the recipe of
// scripts/bench/backstage/ starts one), after Atrium's and with Atrium's
// server stopped, and prints a table of both servers' req/s and p95 after the
// usual report. Its token: --compare-token or BACKSTAGE_TOKEN. The script
// first registers the generated catalog with it as a `file` location, unless
// already registered, and waits until it holds every generated entity and
// has finished processing; on PostgreSQL, --compare-db names its database,
// VACUUM ANALYZEd as Atrium's is (skipped when absent).
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { catalogConfig, ensureCatalog, freePort, rootDir, serverEnv, sleep } from "./bench/bench-support.js";

// The API answers only callers with credentials: the benchmark calls it as a service with a static
// token of backend.auth.externalAccess (app/lib/auth/), as an automation would.
const TOKEN = "bench-catalog-token-0123456789abcdef";
const AUTH = { authorization: `Bearer ${TOKEN}` };

const serverBundle = path.join(rootDir, "build", "server", "index.js");
const USAGE =
  "npm run bench:catalog -- --entities N [--db sqlite|pg] [--seed 42] [--concurrency 8 (or 8,1)] [--duration 10] [--max-requests 200000] [--ingest-timeout 20 (minutes)] [--no-analyze (pg)] [--no-settle] [--keep] [--compare <Backstage catalog backend base URL> [--compare-token <token> (or BACKSTAGE_TOKEN)] [--compare-db backstage_bench_catalog]]";
/** The rows of the comparison, in this order; a scenario not named here comes after them. */
const COMPARISON_CALLS = [
  ["by-name", "entity by name"],
  ["by-refs, 100 refs", "entities by refs (100 refs)"],
  ["by-query, filter kind+spec.type, first page", "by-query, filtered first page"],
  ["by-query, cursor pages 2-51", "by-query, cursor page"],
  ["full-text, name+title, 3-6 chars", "full text"],
  ["facets spec.type", "facets (spec.type)"],
  ["facets spec.owner", "facets (spec.owner)"],
  ["count kind=component", "count (kind=component)"],
  ["ancestry", "ancestry"],
];
const POLL_MS = 250;
const REQUEST_TIMEOUT_MS = 60_000;

const options = parseArgs(process.argv.slice(2));
const log = (message) => process.stderr.write(`[bench:catalog] ${message}\n`);
// Backstage's catalog runs on PostgreSQL (scripts/bench/backstage/app-config.yaml): beside it, PostgreSQL's CPU is part of what is measured.
const trackPostgres = options.db === "pg" || Boolean(options.compare);

if (!existsSync(serverBundle)) {
  console.error("bench:catalog needs the built server (build/server/index.js): run `npm run build` first.");
  process.exit(1);
}
warnIfBuildIsStale();
const measuredBuild = buildDescription(); // now: the build may be replaced while the benchmark runs

const catalogDir = await ensureCatalog(options.entities, options.seed, log);
const manifest = JSON.parse(readFileSync(path.join(catalogDir, "manifest.json"), "utf8"));
// What the files define, plus the server's own root Location entity for the one configured location.
const expectedTotal = manifest.expectedFromFiles + 1;

const tempDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-catalog-"));
const pgDatabase = `atrium_bench_${options.entities}`;
let server;
let exitCode = 0;
const results = [];
const backstageResults = [];
let cleaning;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    log(`${signal}: stopping the server and cleaning up`);
    await cleanup();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

try {
  // Backstage's catalog is in place, processed and analysed before Atrium's server starts: neither's ingestion disturbs the other's figures.
  const backstage = options.compare ? await prepareBackstage() : undefined;
  if (options.db === "pg") await dropPgDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const configFile = path.join(tempDir, "bench.yaml");
  writeFileSync(configFile, configYaml(port, catalogDir));

  log(`starting the server on ${baseUrl} (${options.db === "pg" ? `PostgreSQL database ${pgDatabase}` : `SQLite in ${tempDir}`}), expecting ${expectedTotal} entities`);
  const started = performance.now();
  const cpuAtStart = cpuTicks();
  server = startServer(configFile);
  const ingestion = await waitForIngestion(baseUrl, started);
  const rssAfterIngestion = memoryOf(server.child.pid);
  ingestion.cores = otherCores(cpuAtStart, cpuTicks());
  log(`ingested ${expectedTotal} entities in ${(ingestion.ms / 1000).toFixed(1)} s (readiness after ${(ingestion.readyMs / 1000).toFixed(1)} s); peak RSS so far ${mib(rssAfterIngestion.hwm)}`);
  const locationErrors = await locationProcessingErrors(baseUrl, AUTH);
  const maintenance = options.db === "pg" ? await pgMaintenance(pgDatabase) : undefined;

  const atrium = { label: "Atrium", baseUrl, auth: AUTH, pid: () => server.child.pid, exited: () => server.exited() };
  // As Backstage's below: the queries meet a catalog done processing, not one still stitching and indexing for search.
  const settled = options.settle ? await waitUntilQuiet(atrium) : undefined;
  await measure(atrium, results);
  const rssEnd = memoryOf(server.child.pid);
  const serverLog = server.logLines();
  await stopServer();
  const storage = await storageSize();
  // Atrium's server is stopped by now: Backstage has the machine as Atrium had it.
  if (backstage) await measure(backstage, backstageResults);

  printReport({ ingestion, settled, rssAfterIngestion, rssEnd, results, storage, locationErrors, serverLog, maintenance });
  if (backstage) printComparison(backstage);
  if ([...results, ...backstageResults].some((result) => result.errors > 0) || locationErrors.length > 0 || backstage?.locationErrors.length > 0) exitCode = 1;
} catch (error) {
  exitCode = 1;
  console.error(`bench:catalog failed: ${error.stack ?? error}`);
  if (server) {
    const tail = server.logLines().slice(-20);
    if (tail.length) console.error(`last server log lines:\n${tail.join("\n")}`);
  }
  if (results.length) console.log(["Scenarios measured before the failure:", "", ...resultTable(results)].join("\n"));
  if (backstageResults.length) console.log(["", "Backstage's scenarios measured before the failure:", "", ...resultTable(backstageResults)].join("\n"));
} finally {
  await cleanup();
}
process.exit(exitCode);

/** Every scenario at every client count against one server (Atrium's, or Backstage's with --compare), into `into`. */
async function measure(target, into) {
  for (const concurrency of options.concurrency) {
    for (const scenario of scenarios(target)) {
      log(`${target.label}: scenario ${scenario.name}: ${concurrency} client(s) for ${options.duration} s`);
      into.push({ concurrency, ...(await runScenario(scenario, concurrency, target)) });
      const last = into.at(-1);
      const exited = target.exited();
      if (exited) {
        throw new Error(
          `the server exited (code ${exited.code}, signal ${exited.signal}) at ${exited.at}, during scenario "${scenario.name}" with ${concurrency} client(s); nothing after it was measured`,
        );
      }
      log(
        `  first ${ms(last.first)} ms, p50 ${ms(last.p50)} ms, p95 ${ms(last.p95)} ms, p99 ${ms(last.p99)} ms, ${last.rps.toFixed(0)} req/s, ${last.requests} requests, ${last.errors} errors; other processes ${last.other.toFixed(2)} cores${trackPostgres ? `, PostgreSQL ${last.postgres.toFixed(2)} cores` : ""}; server VmHWM ${mib(last.hwm)}`,
      );
    }
  }
}

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const result = {
    entities: undefined,
    db: "sqlite",
    seed: 42,
    concurrency: [8],
    duration: 10,
    maxRequests: 200_000,
    ingestTimeout: 20,
    keep: false,
    noAnalyze: false,
    settle: true,
    compare: undefined,
    compareToken: process.env.BACKSTAGE_TOKEN,
    compareDb: "backstage_bench_catalog",
  };
  const numeric = { "--entities": "entities", "--seed": "seed", "--duration": "duration", "--max-requests": "maxRequests", "--ingest-timeout": "ingestTimeout" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--keep") result.keep = true;
    else if (arg === "--no-analyze") result.noAnalyze = true;
    else if (arg === "--no-settle") result.settle = false;
    else if (arg === "--db") result.db = argv[++i];
    else if (arg === "--compare") result.compare = String(argv[++i] ?? "").replace(/\/+$/, "");
    else if (arg === "--compare-token") result.compareToken = argv[++i];
    else if (arg === "--compare-db") result.compareDb = argv[++i];
    // Several levels (--concurrency 1,8) run every scenario at each, on the one ingested catalog.
    else if (arg === "--concurrency") result.concurrency = String(argv[++i]).split(",").map(Number);
    else if (arg in numeric) result[numeric[arg]] = Number(argv[++i]);
    else if (arg === "-h" || arg === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else usage(`unknown argument ${arg}`);
  }
  if (!Number.isInteger(result.entities) || result.entities < 100) usage("--entities must be an integer of at least 100");
  if (result.db !== "sqlite" && result.db !== "pg") usage("--db must be sqlite or pg");
  if (!result.concurrency.every((level) => Number.isInteger(level) && level >= 1)) usage("--concurrency must be a positive integer (or several, comma-separated)");
  if (result.compare !== undefined && !/^https?:\/\/[^/]/.test(result.compare)) usage("--compare must be the base URL of a Backstage backend, such as http://127.0.0.1:7077");
  if (result.compare && !result.compareToken) usage("--compare needs the Backstage backend's static token: --compare-token or BACKSTAGE_TOKEN");
  for (const key of ["seed", "duration", "maxRequests", "ingestTimeout"]) {
    if (!Number.isFinite(result[key]) || result[key] < (key === "seed" ? 0 : 1)) usage(`invalid value for ${key}`);
  }
  return result;
}

function usage(message) {
  console.error(`bench:catalog: ${message}\n${USAGE}`);
  process.exit(2);
}

function warnIfBuildIsStale() {
  const built = statSync(serverBundle).mtimeMs;
  const newest = (target) => {
    if (!existsSync(target)) return 0;
    const stat = statSync(target);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(
      stat.mtimeMs,
      ...readdirSync(target)
        .filter((name) => !name.startsWith("."))
        .map((name) => newest(path.join(target, name))),
    );
  };
  if (["app", "server"].some((dir) => newest(path.join(rootDir, dir)) > built)) {
    log("warning: app/ or server/ changed after the last build; the benchmark measures the build (run `npm run build` to include the changes)");
  }
}

// ---------------------------------------------------------------- server

function configYaml(port, catalogDir) {
  const database = options.db === "pg" ? { client: "pg", connection: { ...pgConnection(), database: pgDatabase } } : { client: "better-sqlite3", connection: { directory: tempDir } };
  const config = {
    app: { baseUrl: `http://127.0.0.1:${port}` },
    backend: {
      baseUrl: `http://127.0.0.1:${port}`,
      listen: { host: "127.0.0.1", port },
      database,
      auth: { externalAccess: [{ type: "static", options: { token: TOKEN, subject: "bench-catalog" } }] },
    },
    catalog: catalogConfig(catalogDir),
    // The generated components name docs they do not have: periodic docs builds would only log failures and take CPU from the catalog.
    techdocs: { build: { syncInterval: false } },
  };
  // JSON is YAML; no dependency needed to write it.
  return `${JSON.stringify(config, null, 2)}\n`;
}

function startServer(configFile) {
  const logFile = path.join(tempDir, "server.log");
  const out = createWriteStream(logFile);
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--disable-warning=ExperimentalWarning", "server/index.js", "--config", configFile], {
    cwd: rootDir,
    env: serverEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = [];
  let exited;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk) => {
      out.write(chunk);
      const text = rest + chunk.toString("utf8");
      const parts = text.split("\n");
      rest = parts.pop();
      for (const line of parts) if (line.trim()) lines.push(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
    });
  }
  child.on("exit", (code, signal) => (exited = { code, signal, at: new Date().toISOString() }));
  return { child, logFile, out, logLines: () => lines, exited: () => exited };
}

async function stopServer() {
  if (!server || server.exited()) return;
  const exit = once(server.child, "exit");
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
  await exit;
  clearTimeout(timer);
  server.out.end();
}

/** Stops the server and removes what the run made; a second call (a second signal) waits for the first. */
function cleanup() {
  cleaning ??= cleanUp();
  return cleaning;
}

async function cleanUp() {
  await stopServer().catch(() => undefined);
  if (options.db === "pg" && !options.keep) await dropPgDatabase().catch((error) => log(`could not drop ${pgDatabase}: ${error.message}`));
  if (options.keep) log(`kept ${tempDir} (config, server log${options.db === "sqlite" ? ", SQLite database" : ""})${options.db === "pg" ? ` and PostgreSQL database ${pgDatabase}` : ""}`);
  else rmSync(tempDir, { recursive: true, force: true });
}

/**
 * CPU time so far, in clock ticks: the whole machine's busy time, the
 * server's and this script's. The difference over an interval is what other
 * processes used: on a shared machine, it says how much a figure is to be trusted.
 */
function cpuTicks(serverPid = server?.child.pid) {
  const ticksOf = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return 0;
    }
  };
  const serverTicks = () => (serverPid ? processTree(serverPid).reduce((sum, pid) => sum + ticksOf(pid), 0) : 0);
  try {
    const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = values;
    const busy = user + nice + system + irq + softirq + (steal ?? 0);
    return { busy, total: busy + idle + iowait, server: serverTicks(), self: ticksOf(process.pid), postgres: trackPostgres ? postgresTicks() : undefined };
  } catch {
    return undefined;
  }
}

/** CPU ticks of each of PostgreSQL's processes (its backends serve the benchmark's queries). */
function postgresTicks() {
  const ticks = new Map();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.split(") ")[1].split(" ");
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

/** PostgreSQL's ticks between two samples: processes that ended meanwhile are missed, never counted negative. */
function postgresDelta(before, after) {
  if (!(before instanceof Map) || !(after instanceof Map)) return 0;
  let sum = 0;
  for (const [pid, value] of after) sum += value - (before.get(pid) ?? 0);
  return sum;
}

/**
 * Average number of cores used between two cpuTicks() by PostgreSQL, and by
 * every other process but the server and this script.
 */
function otherCores(before, after) {
  if (!before || !after) return { other: NaN, postgres: NaN };
  const elapsedPerCore = (after.total - before.total) / cpus().length;
  if (!(elapsedPerCore > 0)) return { other: NaN, postgres: NaN };
  const postgres = postgresDelta(before.postgres, after.postgres);
  const other = after.busy - before.busy - (after.server - before.server) - (after.self - before.self) - postgres;
  return { other: Math.max(0, other) / elapsedPerCore, postgres: Math.max(0, postgres) / elapsedPerCore };
}

/**
 * A process and its descendants: the server's primary and the HTTP workers
 * it forks (backend.workers), which hold the database connections and do
 * the work.
 */
function processTree(root) {
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    try {
      for (const task of readdirSync(`/proc/${tree[index]}/task`)) {
        const children = readFileSync(`/proc/${tree[index]}/task/${task}/children`, "utf8").trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return tree;
}

/**
 * Peak (VmHWM) and current (VmRSS) resident memory of a process and its
 * descendants, summed, in bytes. The sum of the peaks is at least the peak
 * of the sum: the figure errs high, never low.
 */
function memoryOf(pid) {
  let hwm = 0;
  let rss = 0;
  /** Each process's peak, by its role (server/workers.js): where the sum comes from. */
  const peaks = [];
  for (const member of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${member}/status`, "utf8");
      const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
      hwm += kib("VmHWM");
      rss += kib("VmRSS");
      peaks.push({ role: processRole(member), hwm: kib("VmHWM") });
    } catch {
      if (member === pid) return { hwm: NaN, rss: NaN, peaks: [] };
    }
  }
  return { hwm, rss, peaks };
}

function processRole(pid) {
  const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  const role = environment.find((entry) => entry.startsWith("ATRIUM_WORKER_ROLE="))?.split("=")[1];
  return role ?? (environment.some((entry) => entry.startsWith("ATRIUM_WORKER=")) ? "worker" : "primary");
}

function peaksText(memory) {
  return memory.peaks.map((peak) => `${peak.role} ${mib(peak.hwm)}`).join(", ");
}

/**
 * Polls the entity count from the spawn until it equals the expected total.
 * One poll is in flight at a time; the longest poll says how long the API
 * stalled while the catalog was being written.
 */
async function waitForIngestion(baseUrl, started) {
  const deadline = started + options.ingestTimeout * 60_000;
  let readyMs;
  let lastTotal;
  let lastReport = started;
  let longestPoll = 0;
  while (readyMs === undefined) {
    if (server.exited()) throw new Error(`the server exited (${JSON.stringify(server.exited())}) before it was ready`);
    const response = await fetch(`${baseUrl}/.backstage/health/v1/readiness`).catch(() => undefined);
    if (response?.ok) readyMs = performance.now() - started;
    await response?.arrayBuffer();
    if (readyMs === undefined) {
      if (performance.now() > started + 60_000) throw new Error("the server was not ready 60 s after its start");
      await sleep(20);
    }
  }
  // Meanwhile the liveness endpoint, which touches no database: when it is slow
  // too, the server's event loop is blocked, not just its database.
  let ingesting = true;
  let longestLiveness = 0;
  const liveness = (async () => {
    while (ingesting) {
      const before = performance.now();
      await fetch(`${baseUrl}/.backstage/health/v1/liveness`, { signal: AbortSignal.timeout(Math.max(1000, Math.round(deadline - before))) })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
      longestLiveness = Math.max(longestLiveness, performance.now() - before);
      await sleep(POLL_MS);
    }
  })();
  try {
    return { ...(await pollCount()), longestLiveness };
  } finally {
    ingesting = false;
    await liveness;
  }

  async function pollCount() {
    for (;;) {
      const now = performance.now();
      if (now > deadline) throw new Error(`ingestion did not finish within ${options.ingestTimeout} minutes (last count ${lastTotal ?? "none"} of ${expectedTotal})`);
      if (server.exited()) throw new Error(`the server exited (${JSON.stringify(server.exited())}) during ingestion`);
      const before = performance.now();
      const total = await fetch(`${baseUrl}/api/catalog/entities/by-query?limit=0`, { headers: AUTH, signal: AbortSignal.timeout(Math.max(1000, Math.round(deadline - before))) })
        .then(async (response) => (response.ok ? (await response.json()).totalItems : undefined))
        .catch(() => undefined);
      const at = performance.now();
      longestPoll = Math.max(longestPoll, at - before);
      if (total !== undefined) lastTotal = total;
      if (total === expectedTotal) return { ms: at - started, readyMs, longestPoll };
      if (total !== undefined && total > expectedTotal) throw new Error(`the catalog holds ${total} entities, more than the ${expectedTotal} expected`);
      if (at - lastReport > 10_000) {
        lastReport = at;
        log(`  ${((at - started) / 1000).toFixed(0)} s: ${lastTotal ?? "?"} of ${expectedTotal} entities, RSS ${mib(memoryOf(server.child.pid).rss)}`);
      }
      await sleep(POLL_MS);
    }
  }
}

/** Processing errors on Location entities (unreadable files, rejected or conflicting entities). */
async function locationProcessingErrors(baseUrl, auth) {
  const response = await fetch(`${baseUrl}/api/catalog/entities/by-query?filter=kind=location&limit=100`, { headers: auth });
  const body = await response.json();
  return (body.items ?? []).flatMap((entity) => (entity.status?.items ?? []).map((item) => `${entity.metadata.name}: ${item.message}`));
}

async function storageSize() {
  if (options.db === "sqlite") {
    const files = readdirSync(tempDir).filter((name) => name.startsWith("atrium.sqlite"));
    return files.reduce((sum, name) => sum + statSync(path.join(tempDir, name)).size, 0);
  }
  const client = await pgClient("postgres");
  try {
    const { rows } = await client.query("SELECT pg_database_size($1) AS size", [pgDatabase]);
    return Number(rows[0].size);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- PostgreSQL

function pgConnection() {
  return {
    host: process.env.PGHOST ?? "127.0.0.1",
    port: Number(process.env.PGPORT ?? 5432),
    user: process.env.PGUSER ?? "postgres",
    ...(process.env.PGPASSWORD ? { password: process.env.PGPASSWORD } : {}),
  };
}

async function pgClient(database) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ ...pgConnection(), database });
  await client.connect();
  return client;
}

/**
 * A fresh bulk load has no planner statistics and no visibility map until
 * autovacuum gets to it (within about a minute with PostgreSQL's defaults);
 * the queries are measured after that, unless --no-analyze.
 */
async function pgMaintenance(database) {
  const client = await pgClient(database);
  try {
    const autovacuum = (await client.query("SHOW autovacuum")).rows[0].autovacuum;
    if (options.noAnalyze) return { autovacuum };
    log(`VACUUM ANALYZE ${database} (autovacuum is ${autovacuum} on this server)`);
    const started = performance.now();
    await client.query("VACUUM ANALYZE");
    return { autovacuum, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

async function dropPgDatabase() {
  const client = await pgClient("postgres");
  try {
    await client.query(`DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- Backstage (--compare)

/**
 * The Backstage backend of --compare, ready to be measured: holding the
 * generated catalog (registered by this run unless already there), done
 * processing it, and on PostgreSQL analysed as Atrium's database is.
 */
async function prepareBackstage() {
  let pid = listenerPid(options.compare);
  // Backstage is not this script's child: whoever started it may restart it meanwhile, and a new process must not count as "other".
  const currentPid = () => {
    if (pid && existsSync(`/proc/${pid}`)) return pid;
    const found = listenerPid(options.compare);
    if (found !== pid) log(`Backstage's process is now ${found ?? "not found"} (was ${pid ?? "not found"}): restarted meanwhile`);
    pid = found;
    return pid;
  };
  const target = { label: "Backstage", baseUrl: options.compare, auth: { authorization: `Bearer ${options.compareToken}` }, pid: currentPid, exited: () => undefined };
  log(`Backstage catalog backend at ${options.compare}${pid ? `, process ${pid}` : ": no local process found listening there, its CPU counts as other processes'"}`);
  const registered = await registerCatalog(target);
  const ingestion = await waitForBackstageCatalog(target, registered);
  const quiet = await waitUntilQuiet(target);
  const locationErrors = await locationProcessingErrors(target.baseUrl, target.auth);
  const maintenance = await backstageMaintenance();
  return { ...target, ingestion, quiet, locationErrors, maintenance };
}

/**
 * Registers the generated catalog.yaml as a `file` location, as Atrium's
 * config names it (scripts/bench/bench-support.js), unless Backstage holds it
 * already. The generator writes the same bytes for the same size and seed, so
 * the same catalog-<N>-<seed> of another checkout counts as this one. Another
 * generated catalog would spoil the counts: the run stops and says which
 * location to delete.
 */
async function registerCatalog(target) {
  // The real path: a checkout whose data/ is a link registers the files where they stay.
  const file = path.join(realpathSync(catalogDir), "catalog.yaml");
  const tail = `${path.sep}${path.basename(catalogDir)}${path.sep}catalog.yaml`;
  const locations = (await getJsonAs(`${target.baseUrl}/api/catalog/locations`, target.auth)).map((entry) => entry.data ?? entry);
  const same = locations.find((location) => location.type === "file" && location.target.endsWith(tail));
  if (same) {
    log(`Backstage already has the location file:${same.target}`);
    return undefined;
  }
  const others = locations.filter((location) => /[/\\]catalog-\d+-\d+[/\\]catalog\.yaml$/.test(location.target));
  if (others.length) {
    throw new Error(
      `Backstage holds another generated catalog (${others.map((location) => `${location.type}:${location.target}`).join(", ")}); delete it first: curl -X DELETE -H 'authorization: Bearer <token>' ${target.baseUrl}/api/catalog/locations/${others[0].id}`,
    );
  }
  log(`registering file:${file} with Backstage`);
  const at = performance.now();
  const response = await fetch(`${target.baseUrl}/api/catalog/locations`, {
    method: "POST",
    headers: { ...target.auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "file", target: file }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`Backstage refused the location file:${file}: ${response.status} ${text.slice(0, 500)}`);
  return { at, id: JSON.parse(text).location?.id };
}

/**
 * Waits until Backstage holds every generated entity, counted per kind (its
 * facets): Locations other than the generated catalog's own may be there
 * besides (the registered location's, Backstage's configured ones), but more
 * entities of a generated kind than the catalog defines are entities of
 * another catalog.
 */
async function waitForBackstageCatalog(target, registered) {
  const expected = Object.fromEntries(Object.entries(manifest.kinds).map(([kind, count]) => [kind.toLowerCase(), count]));
  const deadline = performance.now() + options.ingestTimeout * 60_000;
  let lastReport = performance.now();
  for (;;) {
    const body = await getJsonAs(`${target.baseUrl}/api/catalog/entity-facets?facet=kind`, target.auth).catch(() => undefined);
    const counts = Object.fromEntries((body?.facets?.kind ?? []).map((facet) => [facet.value.toLowerCase(), facet.count]));
    const locations = counts.location ?? 0;
    const extra = Object.entries(expected).find(([kind, count]) => (counts[kind] ?? 0) > count);
    if (extra) throw new Error(`Backstage holds ${counts[extra[0]]} entities of kind ${extra[0]}, more than the generated catalog's ${extra[1]}: other locations feed it`);
    const held = Object.entries(expected).reduce((sum, [kind]) => sum + (counts[kind] ?? 0), 0);
    if (held === manifest.n && locations > manifest.locationEntitiesInFiles) {
      const ms = registered ? performance.now() - registered.at : undefined;
      log(`Backstage holds the ${manifest.n} generated entities and ${locations} Location entities${ms === undefined ? "" : `, ${(ms / 1000).toFixed(1)} s after the registration`}`);
      return { ms, locations };
    }
    if (performance.now() > deadline) throw new Error(`Backstage did not hold the generated catalog within ${options.ingestTimeout} minutes: ${held} of ${manifest.n} entities`);
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      log(`  Backstage: ${held} of ${manifest.n} generated entities`);
    }
    await sleep(1000);
  }
}

/**
 * Both servers keep processing after every entity is visible: relations
 * reach an entity when the other side is processed, and Atrium's search
 * index collates the catalog behind it. The measurement waits until the
 * server's processes (and PostgreSQL, when it is measured) together use under
 * a tenth of a core over 5 s, for at most ten minutes. Without a local
 * process, it cannot tell and goes on.
 */
async function waitUntilQuiet(target) {
  if (!target.pid()) return undefined;
  const started = performance.now();
  for (;;) {
    const before = cpuTicks(target.pid());
    await sleep(5000);
    const after = cpuTicks(target.pid());
    // /proc/stat's ticks over the interval, per core: the unit of every tick count here.
    const elapsedPerCore = (after.total - before.total) / cpus().length;
    const cores = (after.server - before.server + postgresDelta(before.postgres, after.postgres)) / elapsedPerCore;
    if (cores < 0.1) return { ms: performance.now() - started, quiet: true };
    if (performance.now() - started > 600_000) {
      log(`${target.label} is still busy (${cores.toFixed(2)} cores) after 10 minutes; measuring anyway`);
      return { ms: performance.now() - started, quiet: false, cores };
    }
    log(`  ${target.label} is still processing (${cores.toFixed(2)} cores${trackPostgres ? " with PostgreSQL" : ""})`);
  }
}

/** VACUUM ANALYZE of Backstage's database, as Atrium's gets on PostgreSQL; none with --no-analyze or when that database is not on this PostgreSQL. */
async function backstageMaintenance() {
  const client = await pgClient("postgres").catch(() => undefined);
  if (!client) return { database: options.compareDb, absent: true };
  try {
    const { rows } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [options.compareDb]);
    if (!rows.length) {
      log(`no database ${options.compareDb} on this PostgreSQL: Backstage's statistics are left as they are`);
      return { database: options.compareDb, absent: true };
    }
  } finally {
    await client.end();
  }
  return { database: options.compareDb, ...(await pgMaintenance(options.compareDb)) };
}

/**
 * The process listening on the port of a loopback URL (Linux's /proc), so
 * that its CPU and memory are reported as the server's and not as other
 * processes'; undefined for another host or when /proc does not tell.
 */
function listenerPid(url) {
  const { hostname, port, protocol } = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(hostname)) return undefined;
  const hexPort = Number(port || (protocol === "https:" ? 443 : 80))
    .toString(16)
    .toUpperCase()
    .padStart(4, "0");
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields[3] === "0A" && fields[1]?.endsWith(`:${hexPort}`)) inodes.add(fields[9]); // 0A: LISTEN
      }
    } catch {
      // no such table
    }
  }
  if (!inodes.size) return undefined;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      }
    } catch {
      // another user's process, or one that ended meanwhile
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- scenarios

/**
 * Each scenario: `prepare` (optional, once) and `request(i)` giving
 * { method, url, body?, check(status, json) -> error message or undefined }.
 * The i-th request uses the i-th sample, round-robin, so caches see varied keys.
 */
function scenarios(target) {
  const api = `${target.baseUrl}/api/catalog`;
  const getJson = (url) => getJsonAs(url, target.auth);
  const names = manifest.sampleComponents;
  const componentTotal = manifest.kinds.Component;
  const serviceTotal = manifest.specTypes["component:service"];
  const ownedTotal = ["Component", "API", "Resource", "System", "Domain"].reduce((sum, kind) => sum + (manifest.kinds[kind] ?? 0), 0);
  const ancestryDepth = 2 + (manifest.locationEntitiesInFiles ?? 0);
  const pageSize = 20;
  const isService = (entity) => entity?.kind === "Component" && entity.spec?.type === "service";

  const cursors = [];
  const terms = names.map((name, i) => {
    const length = 3 + (i % 4);
    const start = (i * 7) % (name.length - length + 1);
    return name.slice(start, start + length);
  });
  const refBatches = Array.from({ length: 50 }, (_, i) => {
    const refs = manifest.sampleRefs;
    return Array.from({ length: 100 }, (_, k) => refs[(i * 37 + k) % refs.length]);
  });

  return [
    {
      name: "by-name",
      request: (i) => {
        const name = names[i % names.length];
        return {
          url: `${api}/entities/by-name/component/default/${name}`,
          check: (body) => (body?.metadata?.name === name && body.kind === "Component" ? undefined : `expected component ${name}`),
        };
      },
    },
    {
      name: "by-query, filter kind+spec.type, first page",
      request: () => ({
        url: `${api}/entities/by-query?filter=kind=component,spec.type=service&limit=${pageSize}`,
        check: (body) =>
          body?.items?.length === pageSize && body.items.every(isService) && body.totalItems === serviceTotal && body.pageInfo?.nextCursor
            ? undefined
            : `expected ${pageSize} services, totalItems ${serviceTotal} and a nextCursor; got ${body?.items?.length} items, totalItems ${body?.totalItems}`,
      }),
    },
    {
      name: "by-query, cursor pages 2-51",
      // Follows nextCursor 50 pages deep once, checking that pages do not overlap; then requests those pages round-robin.
      prepare: async () => {
        const seen = new Set();
        let body = await getJson(`${api}/entities/by-query?filter=kind=component,spec.type=service&limit=${pageSize}`);
        for (let page = 0; page < 50 && body.pageInfo?.nextCursor; page++) {
          const cursor = body.pageInfo.nextCursor;
          body = await getJson(`${api}/entities/by-query?cursor=${encodeURIComponent(cursor)}&limit=${pageSize}`);
          for (const entity of body.items) {
            if (seen.has(entity.metadata.uid)) throw new Error(`cursor page ${page + 2} repeats ${entity.metadata.name}`);
            seen.add(entity.metadata.uid);
          }
          if (!body.items.length || !body.items.every(isService)) throw new Error(`cursor page ${page + 2} has ${body.items.length} items, not all services`);
          cursors.push({ cursor, count: body.items.length, first: body.items[0].metadata.uid });
        }
        if (cursors.length === 0) throw new Error("the first page has no nextCursor");
      },
      request: (i) => {
        const page = cursors[i % cursors.length];
        return {
          url: `${api}/entities/by-query?cursor=${encodeURIComponent(page.cursor)}&limit=${pageSize}`,
          check: (body) =>
            body?.items?.length === page.count && body.items[0].metadata.uid === page.first && body.items.every(isService) && body.totalItems === serviceTotal
              ? undefined
              : `expected the same ${page.count} services as when paging first, totalItems ${serviceTotal}; got ${body?.items?.length} items, totalItems ${body?.totalItems}`,
        };
      },
    },
    {
      name: "full-text, name+title, 3-6 chars",
      request: (i) => {
        const term = terms[i % terms.length];
        return {
          url: `${api}/entities/by-query?fullTextFilterTerm=${encodeURIComponent(term)}&fullTextFilterFields=metadata.name,metadata.title&limit=${pageSize}&totalItems=exclude`,
          check: (body) => {
            const items = body?.items;
            if (!Array.isArray(items) || items.length === 0 || items.length > pageSize) return `expected 1-${pageSize} matches for '${term}', got ${items?.length}`;
            const wrong = items.find((entity) => !`${entity.metadata?.name}`.toLowerCase().includes(term) && !`${entity.metadata?.title ?? ""}`.toLowerCase().includes(term));
            return wrong ? `${wrong.metadata?.name} does not contain '${term}'` : undefined;
          },
        };
      },
    },
    {
      name: "facets spec.type",
      request: () => ({
        url: `${api}/entity-facets?facet=spec.type`,
        check: (body) => {
          const service = body?.facets?.["spec.type"]?.find((facet) => facet.value === "service");
          return service?.count === serviceTotal ? undefined : `expected service: ${serviceTotal}, got ${JSON.stringify(service)}`;
        },
      }),
    },
    {
      name: "facets spec.owner",
      request: () => ({
        url: `${api}/entity-facets?facet=spec.owner`,
        check: (body) => {
          const values = body?.facets?.["spec.owner"];
          const sum = values?.reduce((total, facet) => total + facet.count, 0);
          return sum === ownedTotal ? undefined : `expected counts summing to ${ownedTotal} owned entities, got ${values?.length} values summing to ${sum}`;
        },
      }),
    },
    {
      name: "count kind=component",
      request: () => ({
        url: `${api}/entities/by-query?filter=kind=component&limit=0`,
        check: (body) => (body?.totalItems === componentTotal && body.items?.length === 0 ? undefined : `expected totalItems ${componentTotal}, got ${body?.totalItems}`),
      }),
    },
    {
      name: "by-refs, 100 refs",
      request: (i) => {
        const refs = refBatches[i % refBatches.length];
        return {
          method: "POST",
          url: `${api}/entities/by-refs`,
          body: JSON.stringify({ entityRefs: refs }),
          check: (body) => {
            if (body?.items?.length !== refs.length) return `expected ${refs.length} items, got ${body?.items?.length}`;
            const missing = body.items.findIndex((entity, k) => !entity || `${entity.kind.toLowerCase()}:${entity.metadata.namespace ?? "default"}/${entity.metadata.name}` !== refs[k]);
            return missing < 0 ? undefined : `item ${missing} is not ${refs[missing]}: ${JSON.stringify(body.items[missing]?.metadata?.name ?? null)}`;
          },
        };
      },
    },
    {
      name: "ancestry",
      request: (i) => {
        const name = names[i % names.length];
        return {
          url: `${api}/entities/by-name/component/default/${name}/ancestry`,
          check: (body) =>
            body?.rootEntityRef === `component:default/${name}` && body.items?.length === ancestryDepth && body.items[0]?.entity?.metadata?.name === name
              ? undefined
              : `expected ${ancestryDepth} items from component:default/${name}, got ${body?.items?.length} (root ${body?.rootEntityRef})`,
        };
      },
    },
  ];
}

async function getJsonAs(url, auth) {
  const response = await fetch(url, { headers: auth, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** One request: its latency (until the whole body is read) and an error message, if any. */
async function timedRequest(spec, auth) {
  const started = performance.now();
  let status;
  let text;
  try {
    const response = await fetch(spec.url, {
      method: spec.method ?? "GET",
      headers: spec.body ? { ...auth, "content-type": "application/json" } : auth,
      body: spec.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    return { ms: performance.now() - started, error: `${error.name}: ${error.message}` };
  }
  const ms = performance.now() - started;
  if (status !== 200) return { ms, error: `status ${status}`, status, text };
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return { ms, error: "body is not JSON", status, text };
  }
  const problem = spec.check(body);
  return problem ? { ms, error: problem, status, text } : { ms };
}

/** A closed loop: `concurrency` clients, each sending its next request when the last one answered. */
async function runScenario(scenario, concurrency, target) {
  try {
    await scenario.prepare?.();
  } catch (error) {
    return { name: scenario.name, failed: `prepare: ${error.message}`, requests: 0, errors: 1, p50: NaN, p95: NaN, p99: NaN, rps: 0, first: NaN, samples: [], other: NaN, postgres: NaN, hwm: NaN };
  }
  const latencies = [];
  const samples = [];
  let errors = 0;
  const record = (spec, result) => {
    if (!result.error) return;
    errors++;
    if (samples.length < 3)
      samples.push({
        request: `${spec.method ?? "GET"} ${spec.url}${spec.body ? ` ${spec.body.slice(0, 200)}…` : ""}`,
        error: result.error,
        status: result.status,
        response: result.text?.slice(0, 500),
      });
  };
  // The first request alone: for answers the server caches (counts, facets), what a miss costs.
  const firstSpec = scenario.request(0);
  const first = await timedRequest(firstSpec, target.auth);
  record(firstSpec, first);
  // A short warm-up (two requests per client), not counted in the percentiles.
  let next = 1;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let k = 0; k < 2; k++) {
        const spec = scenario.request(next++);
        record(spec, await timedRequest(spec, target.auth));
      }
    }),
  );

  const cpuBefore = cpuTicks(target.pid());
  const started = performance.now();
  const end = started + options.duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end && next < options.maxRequests) {
        const spec = scenario.request(next++);
        const result = await timedRequest(spec, target.auth);
        latencies.push(result.ms);
        record(spec, result);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const { other, postgres } = otherCores(cpuBefore, cpuTicks(target.pid()));
  const hwm = target.pid() ? memoryOf(target.pid()).hwm : NaN;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
  return { name: scenario.name, requests: sorted.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: sorted.length / elapsedSeconds, first: first.ms, samples, other, postgres, hwm };
}

// ---------------------------------------------------------------- report

function resultTable(results) {
  const pg = trackPostgres;
  const cores = (value) => (Number.isFinite(value) ? value.toFixed(2) : "?");
  return [
    `| scenario | clients | p50 ms | p95 ms | p99 ms | req/s | requests | errors | first ms |${pg ? " PostgreSQL CPU |" : ""} other CPU | server VmHWM |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${pg ? " ---: |" : ""} ---: | ---: |`,
    ...results.map(
      (r) =>
        `| ${r.name}${r.errors ? " **FAILED**" : ""} | ${r.concurrency} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.rps.toFixed(0)} | ${r.requests} | ${r.errors} | ${ms(r.first)} |${pg ? ` ${cores(r.postgres)} |` : ""} ${cores(r.other)} | ${mib(r.hwm)} |`,
    ),
  ];
}

function printReport({ ingestion, settled, rssAfterIngestion, rssEnd, results, storage, locationErrors, serverLog, maintenance }) {
  const pg = trackPostgres;
  const cpu = cpus();
  const entitiesPerSecond = manifest.n / (ingestion.ms / 1000);
  const lines = [
    `## Catalog benchmark: ${manifest.n} entities (seed ${manifest.seed}), ${options.db === "pg" ? "PostgreSQL" : "SQLite"}`,
    "",
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    `Build: ${measuredBuild}`,
    `Load: ${options.concurrency.join(" then ")} closed-loop client(s) per scenario for ${options.duration} s each (at most ${options.maxRequests} requests), keep-alive, loopback, after 2 uncounted warm-up requests per client`,
    "",
    `- ingestion: ${(ingestion.ms / 1000).toFixed(1)} s from spawn to ${expectedTotal} entities (${manifest.n} generated + ${expectedTotal - manifest.n} Location) = ${entitiesPerSecond.toFixed(0)} entities/s; readiness after ${(ingestion.readyMs / 1000).toFixed(1)} s; longest wait during ingestion for a count request ${(ingestion.longestPoll / 1000).toFixed(1)} s, for the liveness endpoint ${(ingestion.longestLiveness / 1000).toFixed(1)} s; other processes used ${ingestion.cores.other.toFixed(2)} cores meanwhile${options.db === "pg" ? `, PostgreSQL ${ingestion.cores.postgres.toFixed(2)}` : ""}`,
    `- background work after it (stitching, the search index): ${settled === undefined ? "not waited for (--no-settle): the scenarios ran beside it" : settled.quiet ? `done (the server under 0.1 cores) ${(settled.ms / 1000).toFixed(1)} s later, before the scenarios` : `still ${settled.cores.toFixed(2)} cores after ${(settled.ms / 1000).toFixed(1)} s, measured anyway`}`,
    `- peak RSS: ${mib(rssAfterIngestion.hwm)} during ingestion (${peaksText(rssAfterIngestion)}), ${mib(rssEnd.hwm)} over the whole run (${peaksText(rssEnd)}) (VmHWM); RSS at the end ${mib(rssEnd.rss)}`,
    `- database size after the server stopped: ${mib(storage)}`,
    ...(maintenance
      ? [
          `- PostgreSQL: autovacuum ${maintenance.autovacuum}; ${maintenance.ms === undefined ? "no VACUUM ANALYZE before the queries (--no-analyze)" : `VACUUM ANALYZE after ingestion, before the queries: ${(maintenance.ms / 1000).toFixed(1)} s (what autovacuum would do soon after a bulk load)`}`,
        ]
      : []),
    `- processing errors on Location entities: ${locationErrors.length ? locationErrors.join("; ") : "none"}`,
    `- server warnings/errors logged: ${serverLog.length}`,
    "",
    ...resultTable(results),
    "",
    `first ms: the scenario's first request, alone, before the warm-up (for answers the server caches, such as counts and facets, the cost of a miss; at a second client count they are already cached). ${pg ? "PostgreSQL CPU: cores its processes used on average during the scenario. " : ""}other CPU: cores used on average by processes other than the server (its primary and workers)${pg ? ", this script and PostgreSQL" : " and this script"} (near 0 on a quiet machine; more means the figures are disturbed). server VmHWM: the server's peak RSS so far, after the scenario, its primary's and workers' peaks summed.`,
  ];
  const failures = results.filter((r) => r.errors);
  if (failures.length) {
    lines.push("", "Failed scenarios (first errors):");
    for (const r of failures) {
      if (r.failed) lines.push(`- ${r.name} (${r.concurrency} clients): ${r.failed}`);
      for (const s of r.samples) lines.push(`- ${r.name} (${r.concurrency} clients): ${s.request} → ${s.status ?? "no response"}: ${s.error}${s.response ? `; body: ${s.response}` : ""}`);
    }
  }
  if (serverLog.length) lines.push("", "First server log lines (warn and above):", ...serverLog.slice(0, 5).map((line) => `    ${line}`));
  console.log(lines.join("\n"));
}

/** After the usual report: Backstage's own figures, then both servers side by side (--compare). */
function printComparison(backstage) {
  const { ingestion, quiet, maintenance, locationErrors } = backstage;
  const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
  const lines = [
    "",
    `## Beside a Backstage catalog backend (${backstage.baseUrl})`,
    "",
    `- catalog: the generated ${manifest.n} entities and ${ingestion.locations} Location entities, ${ingestion.ms === undefined ? "registered before this run" : `registered by this run as a file location, all there ${seconds(ingestion.ms)} after the registration`}`,
    `- processing: ${quiet === undefined ? "not watched (no local process)" : quiet.quiet ? `quiet (its process and PostgreSQL under 0.1 cores) ${seconds(quiet.ms)} after that` : `still ${quiet.cores.toFixed(2)} cores after ${seconds(quiet.ms)}, measured anyway`}`,
    `- PostgreSQL database ${maintenance.database}: ${maintenance.absent ? "not on this PostgreSQL, not analysed" : maintenance.ms === undefined ? "no VACUUM ANALYZE (--no-analyze)" : `VACUUM ANALYZE before the queries, ${seconds(maintenance.ms)}`}`,
    `- processing errors on Location entities: ${locationErrors.length ? locationErrors.join("; ") : "none"}`,
    `- the same scenarios, requests and checks as above, ${options.concurrency.join(" then ")} client(s), ${options.duration} s each, after Atrium's and with Atrium's server stopped; server VmHWM is Backstage's process`,
    "",
    ...resultTable(backstageResults),
    "",
    `### Atrium and Backstage, ${manifest.n} entities, ${options.concurrency.join(" then ")} client(s)`,
    "",
    "| call | Atrium | Backstage | ratio |",
    "| --- | ---: | ---: | ---: |",
    ...comparisonRows(),
    "",
    "Each cell: requests per second (p95 latency). ratio: Atrium's req/s ÷ Backstage's. FAILED: a check failed (see the tables above).",
  ];
  console.log(lines.join("\n"));
}

function comparisonRows() {
  const cell = (r) => (r ? `${r.rps.toFixed(0)} req/s (p95 ${ms(r.p95)} ms)${r.errors ? " **FAILED**" : ""}` : "–");
  const rank = (name) => {
    const index = COMPARISON_CALLS.findIndex(([scenario]) => scenario === name);
    return index < 0 ? COMPARISON_CALLS.length : index;
  };
  const rows = [];
  for (const concurrency of options.concurrency) {
    const atrium = results.filter((r) => r.concurrency === concurrency).sort((a, b) => rank(a.name) - rank(b.name));
    for (const a of atrium) {
      const b = backstageResults.find((r) => r.concurrency === concurrency && r.name === a.name);
      const call = COMPARISON_CALLS.find(([scenario]) => scenario === a.name)?.[1] ?? a.name;
      const ratio = b && b.rps > 0 && !a.errors && !b.errors ? `${(a.rps / b.rps).toFixed(1)}x` : "–";
      rows.push(`| ${call}${options.concurrency.length > 1 ? `, ${concurrency} client(s)` : ""} | ${cell(a)} | ${cell(b)} | ${ratio} |`);
    }
  }
  return rows;
}

/** Which code was measured: the build's time and the commit, with uncommitted changes flagged. */
function buildDescription() {
  const git = (...args) => spawnSync("git", args, { cwd: rootDir, encoding: "utf8" }).stdout?.trim();
  const commit = git("rev-parse", "--short", "HEAD") || "unknown commit";
  const dirty = git("status", "--porcelain", "--", "app", "server") ? ", with uncommitted changes in app/ or server/" : "";
  return `build/server/index.js of ${statSync(serverBundle).mtime.toISOString()}, HEAD ${commit}${dirty}`;
}

function ms(value) {
  if (!Number.isFinite(value)) return "–";
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

function mib(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 2 ** 20).toFixed(0)} MiB` : "?";
}
