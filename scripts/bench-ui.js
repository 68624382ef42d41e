// UI benchmark: how long the built server takes to render whole
// pages, and how much JavaScript each page ships. Sequential requests over
// loopback, each timed from sending it to the last byte of the HTML, after
// uncounted warm-up requests; signed in as the guest, as a visitor would be.
//
//   npm run build
//   npm run bench:ui -- --entities N [--seed 42] [--requests 200] [--warmup 20]
//   npm run bench:ui -- --from <dir kept by `npm run bench:catalog -- --keep`> [--requests 200]
//   npm run bench:ui -- --js-only [--files]   # the JavaScript rows alone, from build/client: no server, no database
//
// Pages: the catalog index filtered (kind=component, type=service), its first
// page and a cursor page; the index with a full-text search; an entity page
// of an entity with about 50 relations (found through by-query; printed);
// the catalog graph at depth 3 around the first component with relations.
// JavaScript: from React Router's client manifest, the entry, the root route
// and the page's route module with their static imports, each file gzipped
// once, summed. Without --from the catalog comes from
// scripts/bench/catalog-generator.js (cached under data/bench/catalog-<N>-<seed>/,
// shared with bench:catalog) and is ingested into a temporary SQLite database
// first. Progress goes to stderr, the Markdown report to stdout.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { catalogConfig, ensureCatalog, freePort, rootDir, serverEnv, signInAsGuest, sleep } from "./bench/bench-support.js";

const clientDir = path.join(rootDir, "build", "client");
const USAGE = "npm run bench:ui -- (--entities N [--seed 42] | --from <kept bench:catalog dir>) [--requests 200] [--warmup 20]\n       npm run bench:ui -- --js-only [--files]";
const TARGET_RELATIONS = 50;
/** The static token the script's own API calls carry (the API needs one: app/lib/http/api.server.ts). */
const API_TOKEN = "bench-ui-token-0123456789abcdef";
const apiFetch = (url) => fetch(url, { headers: { authorization: `Bearer ${API_TOKEN}` } });

const options = parseArgs(process.argv.slice(2));
const log = (message) => process.stderr.write(`[bench:ui] ${message}\n`);

if (options.jsOnly) {
  printJavaScript(javaScriptRows(), { files: options.files });
  process.exit(0);
}

if (!existsSync(path.join(rootDir, "build", "server", "index.js"))) {
  console.error("bench:ui needs the built server: run `npm run build` first.");
  process.exit(1);
}

const tempDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-ui-"));
let server;
let exitCode = 0;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

try {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const configFile = path.join(tempDir, "bench-ui.yaml");
  const { config, expectedTotal } = options.from ? await keptConfig(options.from, port) : await freshConfig(port);
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  log(`starting the server on ${baseUrl}${options.from ? ` over the database kept in ${options.from}` : ""}`);
  server = startServer(configFile);
  const total = await waitForCatalog(baseUrl, expectedTotal);
  log(`${total} entities in the catalog`);
  const cookie = await signInAsGuest(baseUrl);

  const first = `/catalog?filters%5Bkind%5D=component&filters%5Btype%5D=service&filters%5Buser%5D=all`;
  const firstHtml = await page(baseUrl, first, cookie);
  const next = nextPageHref(firstHtml);
  if (!next) throw new Error("the filtered index has no next page: the catalog is too small for a cursor page");
  const term = searchTerm(firstHtml);
  const entity = await entityWithRelations(baseUrl);
  log(`entity page: ${entity.ref} with ${entity.relations} relations; search term '${term}'`);
  const graphRoot = await componentWithRelations(baseUrl);
  const graphPath = `/catalog-graph?rootEntityRefs%5B%5D=${encodeURIComponent(graphRoot)}&maxDepth=3`;
  log(`catalog graph around ${graphRoot}`);

  const scenarios = [
    { name: "catalog index, kind=component type=service, first page", path: first },
    { name: "catalog index, same filters, a cursor page", path: next },
    { name: `catalog index, full-text search '${term}'`, path: `/catalog?filters%5Bkind%5D=component&filters%5Buser%5D=all&filters%5Btext%5D=${encodeURIComponent(term)}` },
    { name: `entity page ${entity.ref} (${entity.relations} relations)`, path: entity.path },
    { name: `catalog graph, depth 3 around ${graphRoot}`, path: graphPath },
  ];
  const results = [];
  for (const scenario of scenarios) {
    log(`${scenario.name}: ${options.warmup} warm-up, then ${options.requests} requests`);
    results.push({ ...scenario, ...(await measure(baseUrl, scenario.path, cookie)) });
    const last = results.at(-1);
    log(`  p50 ${ms(last.p50)} ms, p95 ${ms(last.p95)} ms, ${last.errors} errors`);
  }
  const javascript = javaScriptRows({ index: firstHtml, entity: await page(baseUrl, entity.path, cookie), graph: await page(baseUrl, graphPath, cookie) });
  printReport({ total, results, javascript });
  if (results.some((result) => result.errors > 0)) exitCode = 1;
} catch (error) {
  exitCode = 1;
  console.error(`bench:ui failed: ${error.stack ?? error}`);
  if (server) console.error(server.output().split("\n").slice(-20).join("\n"));
} finally {
  await cleanup();
}
process.exit(exitCode);

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const result = { entities: undefined, seed: 42, requests: 200, warmup: 20, from: undefined, ingestTimeout: 20, jsOnly: false, files: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const value = () => {
      const next = argv[++index];
      if (next === undefined) usage(`${arg} needs a value`);
      return next;
    };
    if (arg === "--entities") result.entities = positive(value(), arg);
    else if (arg === "--seed") result.seed = positive(value(), arg);
    else if (arg === "--requests") result.requests = positive(value(), arg);
    else if (arg === "--warmup") result.warmup = Number(value());
    else if (arg === "--from") result.from = path.resolve(value());
    else if (arg === "--ingest-timeout") result.ingestTimeout = positive(value(), arg);
    else if (arg === "--js-only") result.jsOnly = true;
    else if (arg === "--files") result.files = true;
    else usage(`unknown argument ${arg}`);
  }
  if (result.files && !result.jsOnly) usage("--files goes with --js-only");
  if (result.jsOnly) {
    if (result.from || result.entities) usage("--js-only reads the build alone: no --entities or --from");
    return result;
  }
  if (!result.from && !result.entities) usage("give --entities N, or --from a directory kept by bench:catalog");
  if (!(result.warmup >= 0)) usage("--warmup must be 0 or more");
  return result;
}

function positive(text, name) {
  const number = Number(text);
  if (!Number.isInteger(number) || number <= 0) usage(`${name} must be a positive integer`);
  return number;
}

function usage(message) {
  console.error(`bench:ui: ${message}\nusage: ${USAGE}`);
  process.exit(2);
}

// ---------------------------------------------------------------- catalog and server

/** A config over the database bench:catalog kept: its own, on a new port, processing left alone. */
async function keptConfig(dir, port) {
  const file = path.join(dir, "bench.yaml");
  if (!existsSync(file)) throw new Error(`${file} not found: --from takes the directory \`bench:catalog --keep\` printed`);
  const config = JSON.parse(readFileSync(file, "utf8"));
  return { config: withServer(config, port), expectedTotal: undefined };
}

/** Generates (or reuses) the catalog and points a fresh SQLite database at it. */
async function freshConfig(port) {
  const catalogDir = await ensureCatalog(options.entities, options.seed, log);
  const manifest = JSON.parse(readFileSync(path.join(catalogDir, "manifest.json"), "utf8"));
  const config = {
    backend: { database: { client: "better-sqlite3", connection: { directory: tempDir } } },
    catalog: catalogConfig(catalogDir),
  };
  // What the files define, plus the root Location entity of the configured location.
  return { config: withServer(config, port), expectedTotal: manifest.expectedFromFiles + 1 };
}

/** The port, the script's API token, and a guest sign-in: pages are measured with a real session, as people use them. */
function withServer(config, port) {
  const url = `http://127.0.0.1:${port}`;
  const externalAccess = [...(config.backend?.auth?.externalAccess ?? []), { type: "static", options: { token: API_TOKEN, subject: "bench-ui" } }];
  return {
    ...config,
    app: { ...config.app, baseUrl: url },
    backend: { ...config.backend, baseUrl: url, listen: { host: "127.0.0.1", port }, auth: { ...config.backend?.auth, externalAccess } },
    auth: { ...config.auth, signInPage: ["guest"] },
  };
}

function startServer(configFile) {
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "server/index.js", "--config", configFile], { cwd: rootDir, env: serverEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  let exited;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  return { child, output: () => output, exited: () => exited };
}

/** Ready, then (when the total is known) every entity ingested. */
async function waitForCatalog(baseUrl, expectedTotal) {
  const deadline = performance.now() + options.ingestTimeout * 60_000;
  let last;
  let lastReport = performance.now();
  for (;;) {
    if (server.exited()) throw new Error(`the server exited (${JSON.stringify(server.exited())})`);
    if (performance.now() > deadline) throw new Error(`the catalog was not ready within ${options.ingestTimeout} minutes (last count ${last ?? "none"} of ${expectedTotal})`);
    const response = await apiFetch(`${baseUrl}/api/catalog/entities/by-query?limit=0`).catch(() => undefined);
    if (response?.ok) {
      last = (await response.json()).totalItems;
      if (expectedTotal === undefined ? last > 0 : last === expectedTotal) return last;
    } else {
      await response?.arrayBuffer();
    }
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      log(`  ${last ?? "?"} of ${expectedTotal ?? "?"} entities`);
    }
    await sleep(250);
  }
}

async function cleanup() {
  if (server && !server.exited()) {
    const exit = once(server.child, "exit");
    server.child.kill("SIGTERM");
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
    await exit;
    clearTimeout(timer);
  }
  rmSync(tempDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- pages

async function page(baseUrl, pathname, cookie) {
  const response = await fetch(`${baseUrl}${pathname}`, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  return html;
}

function decodeHtml(value) {
  return value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
}

function nextPageHref(html) {
  const anchor = /<a [^>]*aria-label="Next Page"[^>]*>/.exec(html)?.[0];
  const href = anchor && /href="([^"]+)"/.exec(anchor)?.[1];
  return href && decodeHtml(href);
}

/** Two words of the first row's name ('matrix-maple' of matrix-maple-ui-01349): a search people would type. */
function searchTerm(html) {
  const ref = /<tr data-entity-ref="([^"]+)"/.exec(html)?.[1];
  if (!ref) throw new Error("the filtered index shows no rows");
  return ref
    .slice(ref.indexOf("/") + 1)
    .split("-")
    .slice(0, 2)
    .join("-");
}

/** The first component (in the catalog's order) with relations: the graph's root. */
async function componentWithRelations(baseUrl) {
  const response = await apiFetch(`${baseUrl}/api/catalog/entities/by-query?filter=kind=component&limit=200&fields=kind,metadata.name,metadata.namespace,relations`);
  if (!response.ok) throw new Error(`by-query for components answered ${response.status}`);
  const found = (await response.json()).items.find((entity) => (entity.relations?.length ?? 0) > 0);
  if (!found) throw new Error("no component with relations in the catalog");
  return `component:${found.metadata.namespace ?? "default"}/${found.metadata.name}`;
}

/** Among systems and groups (they gather relations), the entity whose relation count is closest to 50. */
async function entityWithRelations(baseUrl) {
  let best;
  for (const kind of ["system", "group", "domain"]) {
    const url = `${baseUrl}/api/catalog/entities/by-query?filter=kind=${kind}&limit=500&fields=kind,metadata.name,metadata.namespace,relations`;
    const response = await apiFetch(url);
    if (!response.ok) throw new Error(`by-query for ${kind} answered ${response.status}`);
    for (const entity of (await response.json()).items) {
      const relations = entity.relations?.length ?? 0;
      if (!best || Math.abs(relations - TARGET_RELATIONS) < Math.abs(best.relations - TARGET_RELATIONS)) best = { entity, relations };
    }
  }
  if (!best) throw new Error("no system, group or domain in the catalog");
  const { kind, metadata } = best.entity;
  const namespace = metadata.namespace ?? "default";
  const ref = `${kind.toLowerCase()}:${namespace}/${metadata.name}`;
  return { ref, relations: best.relations, path: `/catalog/${encodeURIComponent(namespace)}/${encodeURIComponent(kind.toLowerCase())}/${encodeURIComponent(metadata.name)}` };
}

async function measure(baseUrl, pathname, cookie) {
  const url = `${baseUrl}${pathname}`;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.status === 200 };
  };
  for (let index = 0; index < options.warmup; index++) await once();
  const times = [];
  let errors = 0;
  for (let index = 0; index < options.requests; index++) {
    const result = await once();
    times.push(result.ms);
    if (!result.ok) errors++;
  }
  times.sort((a, b) => a - b);
  const percentile = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { p50: percentile(50), p95: percentile(95), max: times.at(-1), mean: times.reduce((sum, value) => sum + value, 0) / times.length, requests: times.length, errors };
}

// ---------------------------------------------------------------- JavaScript shipped

/**
 * The JavaScript rows of the report. `html` holds the pages as served (their
 * manifest version names the build); without it (--js-only) the newest
 * manifest in build/client is read.
 */
function javaScriptRows(html = {}) {
  const rows = [
    { name: "catalog index", route: "routes/catalog/index", html: html.index },
    { name: "entity page", route: "routes/catalog/entity", html: html.entity },
    { name: "catalog graph (before its drawing)", route: "routes/catalog-graph", html: html.graph },
  ].map((item) => ({ name: item.name, ...shippedJavaScript(item.html, item.route) }));
  // The drawing (@xyflow/react, dagre) loads after hydration, only where a graph is shown.
  rows.push({ name: "graph drawing, loaded lazily (graph-flow chunk)", ...assetSize(/^graph-flow-.*\.js$/) });
  return rows;
}

/**
 * The client manifest the page itself names (its version is in the HTML), so
 * the figures are for the build that served it: the entry and its imports,
 * the root route and the page's route with their imports; each file once.
 */
function shippedJavaScript(html, routeId) {
  const version = /"version":\s*"([0-9a-f]+)"/.exec(html)?.[1];
  const manifestFile = version ? path.join(clientDir, "assets", `manifest-${version}.js`) : newestManifest();
  const text = readFileSync(manifestFile, "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`route ${routeId} is not in ${manifestFile}`);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, manifest.routes.root.module, ...(manifest.routes.root.imports ?? []), route.module, ...(route.imports ?? [])]);
  return sizes([...files].map((file) => path.join(clientDir, file)));
}

/** Each file's raw and gzipped (level 9) size, and their sums. */
function sizes(files) {
  const each = files.map((file) => {
    const bytes = readFileSync(file);
    return { file: path.relative(clientDir, file), raw: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (key) => each.reduce((total, item) => total + item[key], 0);
  return { files: each.length, raw: sum("raw"), gzipped: sum("gzipped"), each };
}

/** Files of the client build matching a pattern, summed (a lazy chunk is not in any route's manifest entry). */
function assetSize(pattern) {
  const dir = path.join(clientDir, "assets");
  return sizes(
    readdirSync(dir)
      .filter((name) => pattern.test(name))
      .map((name) => path.join(dir, name)),
  );
}

function newestManifest() {
  const dir = path.join(clientDir, "assets");
  const manifests = readdirSync(dir)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => path.join(dir, name));
  if (manifests.length === 0) throw new Error(`no React Router manifest in ${dir}`);
  return manifests.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

// ---------------------------------------------------------------- report

function printReport({ total, results, javascript }) {
  const lines = [
    `## UI benchmark: ${total} entities`,
    "",
    `Server render time of whole HTML pages (sent to last byte), ${options.requests} sequential requests per page after ${options.warmup} uncounted warm-up requests, signed in as the guest, keep-alive, loopback. Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}${options.from ? `; database kept by bench:catalog in ${options.from}` : "; SQLite"}.`,
    "",
    "| page | p50 ms | p95 ms | mean ms | max ms | requests | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((result) => `| ${result.name} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.mean)} | ${ms(result.max)} | ${result.requests} | ${result.errors} |`),
  ];
  console.log(lines.join("\n"));
  printJavaScript(javascript);
}

/** The JavaScript table; with `files`, each page's files too, largest first. */
function printJavaScript(javascript, { files = false } = {}) {
  const lines = [
    "",
    "JavaScript each page ships (React Router's client manifest: entry, root and page route modules with their static imports; each file gzipped at level 9 once):",
    "",
    "| page | files | raw KB | gzipped KB |",
    "| --- | ---: | ---: | ---: |",
    ...javascript.map((item) => `| ${item.name} | ${item.files} | ${kb(item.raw)} | ${kb(item.gzipped)} |`),
  ];
  if (files) {
    for (const item of javascript) {
      lines.push("", `${item.name}:`, "", "| file | raw KB | gzipped KB |", "| --- | ---: | ---: |");
      for (const file of item.each.toSorted((a, b) => b.gzipped - a.gzipped)) lines.push(`| ${file.file} | ${kb(file.raw)} | ${kb(file.gzipped)} |`);
    }
  }
  console.log(lines.join("\n"));
}

function ms(value) {
  return value.toFixed(1);
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}
