// Kubernetes benchmark: how long the built server takes to render an
// entity's Kubernetes tab (the page, to its last byte) when the entity's
// workloads span three clusters of N pods each and one cluster is slower
// than its time limit. The clusters are the repository's fake API server
// (server/demo-kubernetes/api-server.ts) on loopback, read through
// @kubernetes/client-node as real ones are. Sequential requests after
// uncounted warm-up ones, signed in as the guest.
//
//   npm run build
//   npm run bench:kubernetes -- [--pods 200] [--requests 50] [--warmup 5] [--limit-ms 1000] [--slow-ms 3000]
//
// The goal: p95 under 150 ms plus the slow cluster's time limit. The report
// also gives the tab over the two fast clusters alone, and a pod's drawer.
// Progress goes to stderr, the Markdown report to stdout.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { freePort, rootDir, serverEnv, signInAsGuest, sleep } from "./bench/bench-support.js";
import { startFakeKubernetesApiServer } from "../server/demo-kubernetes/api-server.ts";
import { container, KUBERNETES_ID, pod, runningStatus } from "../server/demo-kubernetes/fixtures/builders.ts";
import { deployment, deploymentOwner, replicaSet, replicaSetOwner } from "../server/demo-kubernetes/fixtures/workloads.ts";

const USAGE = "npm run bench:kubernetes -- [--pods 200] [--requests 50] [--warmup 5] [--limit-ms 1000] [--slow-ms 3000]";
const ENTITY = "bench-service";
const TOKEN = "bench-kubernetes-token";

const options = parseArgs(process.argv.slice(2));
const log = (message) => process.stderr.write(`[bench:kubernetes] ${message}\n`);

if (!existsSync(path.join(rootDir, "build", "server", "index.js"))) {
  console.error("bench:kubernetes needs the built server: run `npm run build` first.");
  process.exit(1);
}

const tempDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-kubernetes-"));
const clusters = [];
let server;
let exitCode = 0;

try {
  const objects = workloads(options.pods);
  for (const name of ["east", "west"]) clusters.push({ name, fake: await startFakeKubernetesApiServer({ objects, token: TOKEN }) });
  clusters.push({ name: "slow", fake: await startFakeKubernetesApiServer({ objects, token: TOKEN, delayMs: options.slowMs }) });
  log(`3 clusters of ${options.pods} pods each; 'slow' answers after ${options.slowMs} ms, the time limit is ${options.limitMs} ms`);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const configFile = path.join(tempDir, "bench-kubernetes.yaml");
  writeFileSync(configFile, `${JSON.stringify(config(port), null, 2)}\n`);
  server = startServer(configFile);
  const cookie = await waitForEntity(baseUrl);
  const tab = `/catalog/default/component/${ENTITY}/kubernetes`;
  const firstPod = objects.find((object) => object.kind === "Pod").metadata.name;
  const scenarios = [
    { name: `the tab: 3 clusters x ${options.pods} pods, one slower than its limit`, path: tab, goal: options.limitMs + 150 },
    { name: `a pod's drawer over the same three clusters`, path: `${tab}?drawer=${encodeURIComponent(`pod:east/bench/${firstPod}`)}`, goal: options.limitMs + 150 },
  ];
  const results = [];
  for (const scenario of scenarios) {
    log(`measuring ${scenario.name}`);
    results.push({ ...scenario, ...(await measure(baseUrl, scenario.path, cookie)) });
  }
  // The same tab without the slow cluster: what the render itself costs.
  await clusters.pop().fake.close();
  const fastCookie = await restart(configFile, port);
  log("measuring the tab over the two fast clusters alone");
  results.push({ name: `the tab: 2 clusters x ${options.pods} pods, no slow cluster`, path: tab, goal: 150, ...(await measure(baseUrl, tab, fastCookie)) });
  report(results);
  if (results.some((result) => result.errors > 0)) exitCode = 1;
} catch (error) {
  console.error(`bench:kubernetes failed: ${error instanceof Error ? error.message : String(error)}`);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);

// ---------------------------------------------------------------- set-up

function parseArgs(argv) {
  const parsed = { pods: 200, requests: 50, warmup: 5, limitMs: 1000, slowMs: 3000 };
  const names = { "--pods": "pods", "--requests": "requests", "--warmup": "warmup", "--limit-ms": "limitMs", "--slow-ms": "slowMs" };
  for (let index = 0; index < argv.length; index++) {
    const key = names[argv[index]];
    if (!key) usage(`unknown option ${argv[index]}`);
    const value = Number(argv[++index]);
    if (!Number.isInteger(value) || value < 0) usage(`${argv[index - 1]} needs a whole number`);
    parsed[key] = value;
  }
  if (parsed.slowMs <= parsed.limitMs) usage("--slow-ms must be more than --limit-ms: the slow cluster is the one past its limit");
  return parsed;
}

function usage(message) {
  console.error(`${message}\nUsage: ${USAGE}`);
  process.exit(2);
}

/** One deployment of `count` pods, its replica set, all labelled for the entity: what each cluster holds. */
function workloads(count) {
  const now = new Date();
  const created = new Date(now.getTime() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const labels = { [KUBERNETES_ID]: ENTITY, "app.kubernetes.io/name": ENTITY };
  const app = container("app", "registry.example.com/bench-service:1.0.0", { resources: { requests: { cpu: "100m", memory: "128Mi" }, limits: { cpu: "500m", memory: "256Mi" } } });
  const base = { namespace: "bench", labels, created };
  const set = { ...base, name: `${ENTITY}-7d9f8c6b5` };
  const objects = [
    deployment({ ...base, name: ENTITY, replicas: count, ready: count, selector: labels, containers: [app] }),
    replicaSet({ ...set, owner: deploymentOwner({ ...base, name: ENTITY }), replicas: count, ready: count, selector: labels, containers: [app], revision: 1 }),
  ];
  for (let index = 0; index < count; index++) {
    objects.push(
      pod({
        ...base,
        name: `${set.name}-${index.toString(36).padStart(5, "0")}`,
        owner: replicaSetOwner(set),
        node: `node-${index % 12}`,
        podIP: `10.42.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        containers: [app],
        statuses: [runningStatus(app, created)],
      }),
    );
  }
  return objects;
}

function config(port) {
  const url = `http://127.0.0.1:${port}`;
  const catalogFile = path.join(tempDir, "catalog.yaml");
  writeFileSync(
    catalogFile,
    JSON.stringify({
      apiVersion: "backstage.io/v1alpha1",
      kind: "Component",
      metadata: { name: ENTITY, annotations: { [KUBERNETES_ID]: ENTITY } },
      spec: { type: "service", owner: "platform", lifecycle: "production" },
    }),
  );
  return {
    app: { baseUrl: url },
    backend: { baseUrl: url, listen: { host: "127.0.0.1", port }, database: { client: "better-sqlite3", connection: ":memory:" } },
    auth: { signInPage: ["guest"] },
    catalog: { locations: [{ type: "file", target: catalogFile }], rules: [{ allow: ["Component"] }] },
    kubernetes: {
      demoCluster: false,
      clusterRequestTimeout: { milliseconds: options.limitMs },
      serviceLocatorMethod: { type: "multiTenant" },
      clusterLocatorMethods: [
        {
          type: "config",
          clusters: clusters.map(({ name, fake }) => ({ name, url: fake.url, authProvider: "serviceAccount", serviceAccountToken: TOKEN, skipTLSVerify: true })),
        },
      ],
    },
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

async function restart(configFile, port) {
  await stopServer();
  writeFileSync(configFile, `${JSON.stringify(config(port), null, 2)}\n`);
  server = startServer(configFile);
  return waitForEntity(`http://127.0.0.1:${port}`);
}

/** The entity's page answers once the catalog holds it; the guest's cookie, for the pages measured. */
async function waitForEntity(baseUrl) {
  const deadline = performance.now() + 60_000;
  for (;;) {
    if (server.exited()) throw new Error(`the server exited (${JSON.stringify(server.exited())})`);
    if (performance.now() > deadline) throw new Error(`${ENTITY} was not in the catalog within a minute`);
    const cookie = await signInAsGuest(baseUrl).catch(() => undefined);
    const response = cookie ? await fetch(`${baseUrl}/catalog/default/component/${ENTITY}`, { headers: { cookie }, redirect: "manual" }).catch(() => undefined) : undefined;
    await response?.arrayBuffer();
    if (response?.status === 200) return cookie;
    await sleep(250);
  }
}

async function stopServer() {
  if (server && !server.exited()) {
    const exit = once(server.child, "exit");
    server.child.kill("SIGTERM");
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
    await exit;
    clearTimeout(timer);
  }
}

async function cleanup() {
  await stopServer();
  await Promise.all(clusters.map(({ fake }) => fake.close()));
  rmSync(tempDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- measuring

async function measure(baseUrl, pathname, cookie) {
  const url = `${baseUrl}${pathname}`;
  const request = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const html = await response.text();
    return { ms: performance.now() - started, ok: response.status === 200 && html.includes("Your Clusters") };
  };
  for (let index = 0; index < options.warmup; index++) await request();
  const times = [];
  let errors = 0;
  for (let index = 0; index < options.requests; index++) {
    const result = await request();
    times.push(result.ms);
    if (!result.ok) errors++;
  }
  times.sort((a, b) => a - b);
  const percentile = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { p50: percentile(50), p95: percentile(95), max: times.at(-1), requests: times.length, errors };
}

function report(results) {
  const ms = (value) => value.toFixed(1);
  const lines = [
    `Kubernetes tab, ${options.requests} sequential requests after ${options.warmup} warm-up ones (${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, Node ${process.version}):`,
    "",
    "| page | p50 (ms) | p95 (ms) | max (ms) | goal p95 (ms) | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((result) => `| ${result.name} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.max)} | ${result.goal} | ${result.errors} |`),
  ];
  console.log(lines.join("\n"));
}
