// Search latency over a big catalog plus docs: GET /api/search/query, timed
// from sending to the last byte, for a set of terms (rare, common, prefix,
// several words, with filters, docs only) over a database kept by
// `npm run bench:catalog -- --keep`.
//
//   npm run bench:docs-search -- --from <dir kept by bench:catalog --keep> [--docs 20000] [--pages 5] [--requests 200] [--warmup 20]
//
// It starts the built server on the kept database (its own port, a static
// token to call the API with), waits until the search collator has indexed
// every catalog change (a database kept before search existed is indexed
// from scratch, timed), then adds the docs of `--docs` entities, `--pages`
// pages each, straight into the index's tables (the TechDocs service is the
// only other writer and needs real builds; these rows are what its
// indexTechDocs writes, see app/lib/search/search-store.server.ts), and
// measures each scenario with sequential requests after uncounted warm-ups.
// Run it on a quiet machine: it is one process and the server.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { freePort, rootDir, serverEnv, sleep } from "./bench/bench-support.js";

const USAGE = "npm run bench:docs-search -- --from <kept bench:catalog dir> [--docs 20000] [--pages 5] [--requests 200] [--warmup 20] [--index-timeout 60 (minutes)]";
const TOKEN = "bench-docs-search-token-0123456789";
const DOC_WORDS = ["deploy", "rollback", "configure", "monitor", "alert", "runbook", "incident", "migrate", "schema", "release", "scale", "cache", "queue", "retry", "timeout", "secret"];
const options = parseArgs(process.argv.slice(2));
const log = (message) => console.error(`[bench:docs-search] ${message}`);
const tempDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-search-"));
let server;
let exitCode = 0;

try {
  const kept = JSON.parse(readFileSync(keptConfigFile(options.from), "utf8"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const configFile = path.join(tempDir, "bench-search.yaml");
  writeFileSync(configFile, `${JSON.stringify(withServer(kept, port), null, 2)}\n`);
  const database = await openDatabase(kept.backend.database);
  log(`starting the server on ${baseUrl} over the database kept in ${options.from} (${database.engine})`);
  const started = performance.now();
  server = startServer(configFile);
  await waitForApi(baseUrl);
  const indexSeconds = await waitForIndex(database, started);
  log(`catalog indexed ${indexSeconds.toFixed(1)} s after start`);
  // A database this script already gave the same docs keeps them (they are rows of the kept database).
  const before = await database.counts();
  const docs = before.techdocs === options.docs * options.pages ? { entities: options.docs, pages: before.techdocs, seconds: 0 } : await addDocs(database, options.docs, options.pages);
  log(`${docs.pages} docs pages of ${docs.entities} entities added in ${docs.seconds.toFixed(1)} s`);
  // Fresh statistics and visibility (what autovacuum gives a settled database): a migration or the docs just rewrote many rows.
  await database.settle();
  const counts = await database.counts();
  log(`${counts.catalog} catalog documents, ${counts.techdocs} docs pages in the index`);

  const sample = await database.sampleComponent();
  const scenarios = [
    { name: `rare: a component's name '${sample.name}'`, query: { term: sample.name } },
    { name: "common: 'handles' (every component's description)", query: { term: "handles" } },
    { name: "common: 'team', second page", query: { term: "team", pageCursor: Buffer.from("1").toString("base64") } },
    { name: "prefix: 'led'", query: { term: "led" } },
    { name: "two words: 'ledger team'", query: { term: "ledger team" } },
    { name: "filters: 'team', kind Component, lifecycle production", query: { term: "team", "filters[kind]": "Component", "filters[lifecycle]": "production" } },
    { name: "filter only: kind API, no term", query: { term: "", "filters[kind]": "API" } },
    { name: "docs only: 'rollback', types techdocs", query: { term: "rollback", "types[0]": "techdocs" } },
    { name: "docs only: 'deploy', types techdocs, kind Component", query: { term: "deploy", "types[0]": "techdocs", "filters[kind]": "Component" } },
  ];
  const results = [];
  for (const scenario of scenarios) {
    const pathname = `/api/search/query?${new URLSearchParams(scenario.query)}`;
    const first = await (await call(baseUrl, pathname)).json();
    results.push({ ...scenario, numberOfResults: first.numberOfResults, ...(await measure(baseUrl, pathname)) });
    const last = results.at(-1);
    log(`${scenario.name}: p50 ${ms(last.p50)} ms, p95 ${ms(last.p95)} ms (${last.numberOfResults ?? "more than 1,000"} results)`);
  }
  printReport({ counts, indexSeconds, docs, results, engine: database.engine });
  await database.close();
} catch (error) {
  exitCode = 1;
  console.error(`bench:docs-search failed: ${error.stack ?? error}`);
  if (server) console.error(server.output().split("\n").slice(-20).join("\n"));
} finally {
  if (server && !server.exited()) {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
  rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);

function parseArgs(argv) {
  const result = { from: undefined, docs: 20_000, pages: 5, requests: 200, warmup: 20, indexTimeout: 60 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) usage(`${arg} needs a value`);
      return next;
    };
    if (arg === "--from") result.from = path.resolve(value());
    else if (arg === "--docs") result.docs = Number(value());
    else if (arg === "--pages") result.pages = Number(value());
    else if (arg === "--requests") result.requests = Number(value());
    else if (arg === "--warmup") result.warmup = Number(value());
    else if (arg === "--index-timeout") result.indexTimeout = Number(value());
    else usage(`unknown argument ${arg}`);
  }
  if (!result.from) usage("give --from, a directory kept by `npm run bench:catalog -- --keep`");
  return result;
}

function usage(message) {
  console.error(`${message}\nusage: ${USAGE}`);
  process.exit(2);
}

function keptConfigFile(dir) {
  const file = path.join(dir, "bench.yaml");
  if (!existsSync(file)) usage(`${file} not found: --from takes the directory \`bench:catalog --keep\` printed`);
  return file;
}

/** The kept config on a new port, with a static token to call the API as a service. */
function withServer(config, port) {
  const url = `http://127.0.0.1:${port}`;
  return {
    ...config,
    app: { ...config.app, baseUrl: url },
    backend: { ...config.backend, baseUrl: url, listen: { host: "127.0.0.1", port }, auth: { externalAccess: [{ type: "static", options: { token: TOKEN, subject: "bench" } }] } },
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

function call(baseUrl, pathname) {
  return fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${TOKEN}` } });
}

async function waitForApi(baseUrl) {
  for (;;) {
    if (server.exited()) throw new Error(`the server exited (${JSON.stringify(server.exited())})`);
    const response = await call(baseUrl, "/api/search/query?term=x").catch(() => undefined);
    if (response?.ok) return;
    await response?.arrayBuffer();
    await sleep(500);
  }
}

/** Seconds from the server's start until the collator's queue is empty. */
async function waitForIndex(database, started) {
  const deadline = performance.now() + options.indexTimeout * 60_000;
  let lastReport = performance.now();
  for (;;) {
    if (server.exited()) throw new Error(`the server exited (${JSON.stringify(server.exited())})`);
    const pending = await database.pending();
    if (pending === 0) return (performance.now() - started) / 1000;
    if (performance.now() > deadline) throw new Error(`the catalog was not indexed within ${options.indexTimeout} minutes (${pending} changes pending)`);
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      log(`  ${pending} catalog changes still to index`);
    }
    await sleep(1000);
  }
}

// ---------------------------------------------------------------- the database

/** The facet token the index writes for a filter value (search-store.server.ts facetToken). */
function facetToken(field, value) {
  const letters = { type: "t", kind: "k", lifecycle: "l", owner: "o", namespace: "n", name: "m", resultType: "r" };
  let text = "";
  for (const byte of new TextEncoder().encode(value.toLocaleLowerCase("en-US").slice(0, 100))) text += String.fromCharCode(97 + (byte >> 4), 97 + (byte & 15));
  return `x${letters[field] ?? "z"}${text}`;
}

function docsPages(entity, pages, index) {
  const [namespace, rest] = entity.entity_ref.split(":")[1].split("/");
  const kind = entity.entity_ref.split(":")[0];
  const name = rest;
  return Array.from({ length: pages }, (_, page) => {
    const path = page === 0 ? "" : `${DOC_WORDS[(index + page) % DOC_WORDS.length]}/`;
    const title = page === 0 ? "Overview" : `${DOC_WORDS[(index + page) % DOC_WORDS.length]} ${name}`;
    const headings = [DOC_WORDS[(index + page * 3) % DOC_WORDS.length], DOC_WORDS[(index + page * 5) % DOC_WORDS.length]];
    const text = Array.from({ length: 60 }, (_, word) => DOC_WORDS[(index * 7 + page * 11 + word * 13) % DOC_WORDS.length]).join(" ") + ` ${name} ${entity.lifecycle}`;
    const document = { title, text, location: `/docs/${namespace}/${kind}/${name}/${path}`, path, namespace, kind, name, lifecycle: entity.lifecycle, owner: entity.owner };
    const facets = [
      facetToken("resultType", "techdocs"),
      facetToken("kind", kind),
      facetToken("lifecycle", entity.lifecycle),
      facetToken("owner", entity.owner),
      facetToken("namespace", namespace),
      facetToken("name", name),
    ].join(" ");
    return { entityRef: entity.entity_ref, path, document: JSON.stringify(document), title, keywords: `${headings.join(" ")} ${name}`, text, facets };
  });
}

async function openDatabase(config) {
  if (config.client === "pg") {
    const { default: pg } = await import("pg");
    const client = new pg.Client(config.connection);
    await client.connect();
    const one = async (text, values) => (await client.query(text, values)).rows[0];
    return {
      engine: "PostgreSQL",
      pending: async () => Number((await one("SELECT count(*) AS c FROM search_catalog_changes")).c),
      counts: async () => countsOf(async (type) => Number((await one("SELECT count(*) AS c FROM search_documents WHERE type = $1", [type])).c)),
      sampleComponent: async () => one("SELECT name FROM catalog_entities WHERE kind = 'component' ORDER BY entity_id LIMIT 1 OFFSET 1000"),
      entities: async (n) =>
        (
          await client.query(
            "SELECT entity_ref, coalesce(spec_lifecycle, '') AS lifecycle, coalesce(spec_owner, '') AS owner FROM catalog_entities WHERE kind IN ('component', 'api', 'system') ORDER BY entity_id LIMIT $1",
            [n],
          )
        ).rows,
      async insert(rows) {
        await client.query("BEGIN");
        await client.query("DELETE FROM search_documents WHERE type = 'techdocs' AND entity_ref = ANY($1)", [[...new Set(rows.map((row) => row.entityRef))]]);
        for (let i = 0; i < rows.length; i += 200) {
          const batch = rows.slice(i, i + 200);
          const values = [];
          const tuples = batch.map((row, j) => {
            values.push(row.entityRef, row.path, row.document, row.title, row.keywords, row.text, row.facets);
            const p = (k) => `$${j * 7 + k}`;
            return `(nextval('search_techdocs_ids'), 'techdocs', ${p(1)}, ${p(2)}, ${p(3)}, setweight(to_tsvector('english', ${p(4)}), 'A') || setweight(to_tsvector('english', ${p(5)}), 'B') || setweight(to_tsvector('english', ${p(6)}), 'C') || to_tsvector('simple', ${p(7)}))`;
          });
          await client.query(`INSERT INTO search_documents (id, type, entity_ref, path, document, tsv) VALUES ${tuples.join(", ")}`, values);
        }
        await client.query("COMMIT");
        await client.query("ANALYZE search_documents");
      },
      settle: async () => void (await client.query("VACUUM ANALYZE search_documents")),
      close: () => client.end(),
    };
  }
  const { DatabaseSync } = await import("node:sqlite");
  const file = path.resolve(rootDir, config.connection?.directory ?? "data", "atrium.sqlite");
  const db = new DatabaseSync(file);
  db.exec("PRAGMA busy_timeout = 30000");
  return {
    engine: "SQLite",
    pending: async () => Number(db.prepare("SELECT count(*) AS c FROM search_catalog_changes").get().c),
    counts: async () => countsOf(async (type) => Number(db.prepare("SELECT count(*) AS c FROM search_documents WHERE type = ?").get(type).c)),
    sampleComponent: async () => db.prepare("SELECT name FROM catalog_entities WHERE kind = 'component' ORDER BY entity_id LIMIT 1 OFFSET 1000").get(),
    entities: async (n) =>
      db
        .prepare(
          "SELECT entity_ref, coalesce(spec_lifecycle, '') AS lifecycle, coalesce(spec_owner, '') AS owner FROM catalog_entities WHERE kind IN ('component', 'api', 'system') ORDER BY entity_id LIMIT ?",
        )
        .all(n),
    async insert(rows) {
      const insertDoc = db.prepare("INSERT INTO search_documents (type, entity_ref, path, document) VALUES ('techdocs', ?, ?, ?) RETURNING id");
      const insertFts = db.prepare("INSERT INTO search_fts (rowid, title, text, keywords, facets) VALUES (?, ?, ?, ?, ?)");
      const insertRank = db.prepare("INSERT INTO search_rank (id, title, keywords) VALUES (?, ?, ?)");
      db.exec(
        "DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_documents WHERE type = 'techdocs'); DELETE FROM search_rank WHERE id IN (SELECT id FROM search_documents WHERE type = 'techdocs'); DELETE FROM search_documents WHERE type = 'techdocs'",
      );
      for (let i = 0; i < rows.length; i += 2000) {
        db.exec("BEGIN");
        for (const row of rows.slice(i, i + 2000)) {
          const { id } = insertDoc.get(row.entityRef, row.path, row.document);
          insertFts.run(id, row.title, row.text, row.keywords, row.facets);
          insertRank.run(id, rankWords(row.title), rankWords(row.keywords));
        }
        db.exec("COMMIT");
      }
    },
    settle: async () => {},
    close: async () => db.close(),
  };
}

/** A text as search_rank holds it (app/lib/db/migrations/0010_search_rank.ts, rankWords). */
function rankWords(text) {
  return text
    .slice(0, 2000)
    .toLocaleLowerCase("en-US")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ")
    .slice(0, 1000);
}

async function countsOf(count) {
  return { catalog: await count("software-catalog"), techdocs: await count("techdocs") };
}

async function addDocs(database, n, pages) {
  const started = performance.now();
  const entities = await database.entities(n);
  const rows = entities.flatMap((entity, index) => docsPages(entity, pages, index));
  await database.insert(rows);
  return { entities: entities.length, pages: rows.length, seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------- measuring

async function measure(baseUrl, pathname) {
  for (let i = 0; i < options.warmup; i++) await (await call(baseUrl, pathname)).arrayBuffer();
  const times = [];
  let errors = 0;
  for (let i = 0; i < options.requests; i++) {
    const start = performance.now();
    const response = await call(baseUrl, pathname);
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) errors++;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: times.at(-1), errors };
}

function ms(value) {
  return value.toFixed(1);
}

function printReport({ counts, indexSeconds, docs, results, engine }) {
  console.log(
    [
      `GET /api/search/query, ${options.requests} sequential requests per scenario after ${options.warmup} uncounted warm-ups, as a service (static token), keep-alive, loopback; ${engine}, ${counts.catalog} catalog documents and ${counts.techdocs} docs pages (${docs.entities} entities × ${options.pages}). Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}.`,
      `Catalog indexed ${indexSeconds.toFixed(1)} s after the server started.`,
      "",
      "| scenario | results | p50 ms | p95 ms | max ms | errors |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...results.map((r) => `| ${r.name} | ${r.numberOfResults ?? "> 1,000"} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${r.errors} |`),
    ].join("\n"),
  );
}
