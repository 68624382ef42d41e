// Cold start: from spawning `npm start`'s entry (server/start.js, on a built
// app) to the first 200 from the readiness endpoint, and to the first page.
// Each run gets a fresh SQLite directory, so migrations run every time.
//
//   npm run bench:cold-start -- --runs 10
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const rootDir = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 10;
const port = 7491;

if (!existsSync(path.join(rootDir, "build", "server", "index.js"))) {
  console.error("Build first: npm run build");
  process.exit(1);
}

const ready = [];
const firstPage = [];
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-"));
  const config = path.join(dataDir, "bench.yaml");
  writeFileSync(config, `backend:\n  listen:\n    port: ${port}\n    host: 127.0.0.1\n  database:\n    client: better-sqlite3\n    connection:\n      directory: ${dataDir}\n`);
  const started = performance.now();
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "server/start.js", "--config", config], {
    cwd: rootDir,
    env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: "ignore",
  });
  ready.push(await poll(`http://127.0.0.1:${port}/.backstage/health/v1/readiness`, started));
  firstPage.push(await poll(`http://127.0.0.1:${port}/`, started));
  child.kill("SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `min ${sorted[0].toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
};
console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, ${runs} runs`);
console.log(`spawn → readiness 200:  ${summary(ready)}`);
console.log(`spawn → first page 200: ${summary(firstPage)}`);

async function poll(url, started) {
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) {
      await response.arrayBuffer();
      return performance.now() - started;
    }
    if (performance.now() - started > 30_000) throw new Error(`${url} not ready after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
