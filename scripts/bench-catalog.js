// Catalog benchmark: ingest a synthetic catalog of N entities into a
// fresh database through the built server, time it, then load the catalog API
// with closed-loop clients, scenario by scenario, and report latency
// percentiles, throughput, peak RSS and the machine. Loopback traffic only.
//
//   npm run build
//   npm run bench:catalog -- --entities 100000 [--db sqlite|pg] [--seed 42]
//     [--concurrency 8 | 8,1] [--duration 10] [--max-requests 200000]
//     [--ingest-timeout 20] [--no-analyze] [--keep]
//
// The catalog comes from scripts/bench/catalog-generator.js and is cached
// under data/bench/catalog-<N>-<seed>/.
// PostgreSQL: 127.0.0.1:5432, user postgres (PGHOST, PGPORT, PGUSER and
// PGPASSWORD override), database atrium_bench_<N>, dropped before and after;
// VACUUM ANALYZE runs between ingestion and queries unless --no-analyze.
// Progress goes to stderr, the Markdown report to stdout. Exits non-zero when
// ingestion does not finish in time or any scenario has an error.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { catalogConfig, ensureCatalog, freePort, rootDir, serverEnv, sleep } from "./bench/bench-support.js";

// The API answers only callers with credentials: the benchmark calls it as a service with a static
// token of backend.auth.externalAccess (app/lib/auth/), as an automation would.
const TOKEN = "bench-catalog-token-0123456789abcdef";
const AUTH = { authorization: `Bearer ${TOKEN}` };

const serverBundle = path.join(rootDir, "build", "server", "index.js");
const USAGE =
  "npm run bench:catalog -- --entities N [--db sqlite|pg] [--seed 42] [--concurrency 8 (or 8,1)] [--duration 10] [--max-requests 200000] [--ingest-timeout 20 (minutes)] [--no-analyze (pg)] [--keep]";
const POLL_MS = 250;
const REQUEST_TIMEOUT_MS = 60_000;

const options = parseArgs(process.argv.slice(2));
const log = (message) => process.stderr.write(`[bench:catalog] ${message}\n`);

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
let cleaning;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    log(`${signal}: stopping the server and cleaning up`);
    await cleanup();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

try {
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
  const locationErrors = await locationProcessingErrors(baseUrl);
  const maintenance = options.db === "pg" ? await pgMaintenance() : undefined;

  for (const concurrency of options.concurrency) {
    for (const scenario of scenarios(baseUrl)) {
      log(`scenario ${scenario.name}: ${concurrency} client(s) for ${options.duration} s`);
      results.push({ concurrency, ...(await runScenario(scenario, concurrency)) });
      const last = results.at(-1);
      if (server.exited()) {
        const { code, signal, at } = server.exited();
        throw new Error(`the server exited (code ${code}, signal ${signal}) at ${at}, during scenario "${scenario.name}" with ${concurrency} client(s); nothing after it was measured`);
      }
      log(
        `  first ${ms(last.first)} ms, p50 ${ms(last.p50)} ms, p95 ${ms(last.p95)} ms, p99 ${ms(last.p99)} ms, ${last.rps.toFixed(0)} req/s, ${last.requests} requests, ${last.errors} errors; other processes ${last.other.toFixed(2)} cores${options.db === "pg" ? `, PostgreSQL ${last.postgres.toFixed(2)} cores` : ""}; server VmHWM ${mib(last.hwm)}`,
      );
    }
  }
  const rssEnd = memoryOf(server.child.pid);
  const serverLog = server.logLines();
  await stopServer();
  const storage = await storageSize();

  printReport({ ingestion, rssAfterIngestion, rssEnd, results, storage, locationErrors, serverLog, maintenance });
  if (results.some((result) => result.errors > 0) || locationErrors.length > 0) exitCode = 1;
} catch (error) {
  exitCode = 1;
  console.error(`bench:catalog failed: ${error.stack ?? error}`);
  if (server) {
    const tail = server.logLines().slice(-20);
    if (tail.length) console.error(`last server log lines:\n${tail.join("\n")}`);
  }
  if (results.length) console.log(["Scenarios measured before the failure:", "", ...resultTable(results)].join("\n"));
} finally {
  await cleanup();
}
process.exit(exitCode);

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const result = { entities: undefined, db: "sqlite", seed: 42, concurrency: [8], duration: 10, maxRequests: 200_000, ingestTimeout: 20, keep: false, noAnalyze: false };
  const numeric = { "--entities": "entities", "--seed": "seed", "--duration": "duration", "--max-requests": "maxRequests", "--ingest-timeout": "ingestTimeout" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--keep") result.keep = true;
    else if (arg === "--no-analyze") result.noAnalyze = true;
    else if (arg === "--db") result.db = argv[++i];
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
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "server/index.js", "--config", configFile], {
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
function cpuTicks() {
  const ticksOf = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return 0;
    }
  };
  const serverTicks = () => (server ? processTree(server.child.pid).reduce((sum, pid) => sum + ticksOf(pid), 0) : 0);
  try {
    const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = values;
    const busy = user + nice + system + irq + softirq + (steal ?? 0);
    return { busy, total: busy + idle + iowait, server: serverTicks(), self: ticksOf(process.pid), postgres: options.db === "pg" ? postgresTicks() : undefined };
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
  for (const member of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${member}/status`, "utf8");
      const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
      hwm += kib("VmHWM");
      rss += kib("VmRSS");
    } catch {
      if (member === pid) return { hwm: NaN, rss: NaN };
    }
  }
  return { hwm, rss };
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
async function locationProcessingErrors(baseUrl) {
  const response = await fetch(`${baseUrl}/api/catalog/entities/by-query?filter=kind=location&limit=100`, { headers: AUTH });
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
async function pgMaintenance() {
  const client = await pgClient(pgDatabase);
  try {
    const autovacuum = (await client.query("SHOW autovacuum")).rows[0].autovacuum;
    if (options.noAnalyze) return { autovacuum };
    log(`VACUUM ANALYZE (autovacuum is ${autovacuum} on this server)`);
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

// ---------------------------------------------------------------- scenarios

/**
 * Each scenario: `prepare` (optional, once) and `request(i)` giving
 * { method, url, body?, check(status, json) -> error message or undefined }.
 * The i-th request uses the i-th sample, round-robin, so caches see varied keys.
 */
function scenarios(baseUrl) {
  const api = `${baseUrl}/api/catalog`;
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

async function getJson(url) {
  const response = await fetch(url, { headers: AUTH, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** One request: its latency (until the whole body is read) and an error message, if any. */
async function timedRequest(spec) {
  const started = performance.now();
  let status;
  let text;
  try {
    const response = await fetch(spec.url, {
      method: spec.method ?? "GET",
      headers: spec.body ? { ...AUTH, "content-type": "application/json" } : AUTH,
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
async function runScenario(scenario, concurrency) {
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
  const first = await timedRequest(firstSpec);
  record(firstSpec, first);
  // A short warm-up (two requests per client), not counted in the percentiles.
  let next = 1;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let k = 0; k < 2; k++) {
        const spec = scenario.request(next++);
        record(spec, await timedRequest(spec));
      }
    }),
  );

  const cpuBefore = cpuTicks();
  const started = performance.now();
  const end = started + options.duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end && next < options.maxRequests) {
        const spec = scenario.request(next++);
        const result = await timedRequest(spec);
        latencies.push(result.ms);
        record(spec, result);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const { other, postgres } = otherCores(cpuBefore, cpuTicks());
  const hwm = memoryOf(server.child.pid).hwm;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
  return { name: scenario.name, requests: sorted.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: sorted.length / elapsedSeconds, first: first.ms, samples, other, postgres, hwm };
}

// ---------------------------------------------------------------- report

function resultTable(results) {
  const pg = options.db === "pg";
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

function printReport({ ingestion, rssAfterIngestion, rssEnd, results, storage, locationErrors, serverLog, maintenance }) {
  const pg = options.db === "pg";
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
    `- peak RSS: ${mib(rssAfterIngestion.hwm)} during ingestion, ${mib(rssEnd.hwm)} over the whole run (VmHWM); RSS at the end ${mib(rssEnd.rss)}`,
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
