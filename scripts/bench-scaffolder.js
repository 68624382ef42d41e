// Scaffolder tasks under load: the built server on a fresh SQLite directory
// runs TASKS tasks of one template at once, each created over the REST API
// and watched over its event stream. Reports, per task, the time from the
// create request to its first log event arriving (the goal: under 200 ms)
// and to its completion arriving (the task's duration as a client sees it).
// The template is one of two:
// - by default a template of this script's making (a file location): a log
//   line, a 200 ms wait, a listing of the workspace: the runner's own cost;
// - with --example, the example Node.js service (examples/templates/
//   node-service): its skeleton rendered, a repository created on the
//   portal's own git host (publish:git) and registered in the catalog, each
//   task a different component.
//
//   npm run build && npm run bench:scaffolder -- --tasks 50 [--example]
//
// BENCH_PROF=1 writes a CPU profile of the server to /tmp/prof and shows its output.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const rootDir = fileURLToPath(new URL("..", import.meta.url));
const argument = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const tasks = argument("--tasks", 50);
const example = process.argv.includes("--example");
const port = argument("--port", 7492);
const token = "bench-scaffolder-token-0123456789";

if (!existsSync(path.join(rootDir, "build", "server", "index.js"))) {
  console.error("Build first: npm run build");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-scaffolder-"));
const template = {
  apiVersion: "scaffolder.backstage.io/v1beta3",
  kind: "Template",
  metadata: { name: "bench", title: "Benchmark" },
  spec: {
    type: "service",
    owner: "group:default/platform",
    parameters: [{ required: ["name"], properties: { name: { type: "string" } } }],
    steps: [
      { id: "hello", name: "Hello", action: "debug:log", input: { message: "Creating ${{ parameters.name }}" } },
      { id: "wait", name: "Wait", action: "debug:wait", input: { milliseconds: 200 } },
      { id: "list", name: "List", action: "debug:log", input: { listWorkspace: true } },
    ],
    output: { links: [{ title: "Component", url: "https://example.test/${{ parameters.name }}" }] },
  },
};
writeFileSync(path.join(dataDir, "template.yaml"), JSON.stringify(template));
const config = path.join(dataDir, "bench.yaml");
writeFileSync(
  config,
  `backend:
  listen: { port: ${port}, host: 127.0.0.1 }
  database:
    client: better-sqlite3
    connection: { directory: ${dataDir} }
  auth:
    externalAccess:
      - type: static
        options: { token: ${token}, subject: bench }
scaffolder:
  localGit: { root: ${path.join(dataDir, "git")} }
catalog:
  locations:
    - type: file
      target: ${example ? path.join(rootDir, "examples", "catalog-info.yaml") : path.join(dataDir, "template.yaml")}
      rules: [{ allow: [${example ? "Component, API, System, Domain, Resource, Group, User, Template, Location" : "Template"}] }]
`,
);

const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []), "--disable-warning=ExperimentalWarning", "server/start.js", "--config", config], {
  cwd: rootDir,
  env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" },
  stdio: process.env.BENCH_PROF ? "inherit" : "ignore",
});
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${token}` };
const templateName = example ? "node-service" : "bench";
const valuesOf = (index) => {
  const name = `component-${index < 0 ? "first" : index}`;
  if (!example) return { name };
  return { name, description: `Benchmark component ${name}`, owner: "group:default/platform-team", lifecycle: "experimental", port: 8080, repoUrl: `localhost?owner=bench&repo=${name}` };
};

try {
  await until(async () => (await fetch(`${base}/api/catalog/entities/by-name/template/default/${templateName}`, { headers })).ok, "the template in the catalog");
  // The first task after a start pays for what is loaded and compiled once
  // (the parameter validator, the templating sandbox); it is reported apart,
  // and the batch measures the server as it runs from then on.
  const first = await runOne(-1);
  const results = await Promise.all(Array.from({ length: tasks }, (_, index) => runOne(index)));
  const failed = results.filter((result) => result.status !== "completed");
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    return `p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
  };
  console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, ${tasks} tasks of template:default/${templateName} at once, SQLite`);
  console.log(`first task after the start (${first.status}): first log event ${first.firstEvent.toFixed(0)} ms, completion ${first.completion.toFixed(0)} ms`);
  console.log(`create → first log event:  ${summary(results.map((result) => result.firstEvent))}`);
  console.log(`create → completion:       ${summary(results.map((result) => result.completion))}`);
  if (failed.length) console.log(`${failed.length} tasks did not complete: ${[...new Set(failed.map((result) => result.status))].join(", ")}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

async function runOne(index) {
  const started = performance.now();
  const created = await fetch(`${base}/api/scaffolder/v2/tasks`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ templateRef: `template:default/${templateName}`, values: valuesOf(index) }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { id } = await created.json();
  const stream = await fetch(`${base}/api/scaffolder/v2/tasks/${id}/eventstream`, { headers });
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let firstEvent;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { firstEvent: firstEvent ?? NaN, completion: NaN, status: "stream ended early" };
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.+)$/m.exec(block)?.[1];
      if (type === "log" && firstEvent === undefined) firstEvent = performance.now() - started;
      if (type === "completion") {
        const data = JSON.parse(/^data: (.+)$/m.exec(block)[1]);
        await reader.cancel();
        return { firstEvent, completion: performance.now() - started, status: /status: (\w+)/.exec(data.body.message)?.[1] ?? "unknown" };
      }
    }
  }
}

async function until(probe, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
