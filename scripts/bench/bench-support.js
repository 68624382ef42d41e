// What the benchmarks (scripts/bench-catalog.js, scripts/bench-ui.js) share:
// the generated catalog, cached per size and seed, the catalog section of the
// server's config, the server's environment and a free loopback port.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const rootDir = fileURLToPath(new URL("../..", import.meta.url));
const generator = fileURLToPath(new URL("./catalog-generator.js", import.meta.url));
// Part files of at most this many entities, as a large organisation splits its catalog.
const ENTITIES_PER_FILE = 5000;

/**
 * The directory of the catalog of n entities for the seed, generated once under data/bench/catalog-<n>-<seed>/: a
 * directory with a manifest is complete. The generator runs in its own process, so the benchmark's own memory is not
 * the generator's (a million entities take gigabytes while they are written).
 */
export async function ensureCatalog(n, seed, log) {
  const dir = path.join(rootDir, "data", "bench", `catalog-${n}-${seed}`);
  if (existsSync(path.join(dir, "manifest.json"))) {
    log(`using the cached catalog in ${path.relative(rootDir, dir)}`);
    return dir;
  }
  const files = Math.ceil(n / ENTITIES_PER_FILE);
  const partial = `${dir}.partial-${process.pid}`;
  mkdirSync(path.dirname(dir), { recursive: true });
  log(`generating ${n} entities (seed ${seed}, ${files} file(s)) into ${path.relative(rootDir, dir)}`);
  const child = spawn(process.execPath, [generator, "--n", String(n), "--seed", String(seed), "--out", partial, "--files", String(files)], { stdio: ["ignore", "ignore", "inherit"] });
  const [code] = await once(child, "exit");
  if (code !== 0) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error(`the catalog generator exited with ${code}`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

/** The catalog section of a benchmark's config: the generated catalog as the only location, every kind allowed, no re-processing during the run. */
export function catalogConfig(catalogDir) {
  return {
    locations: [{ type: "file", target: path.join(catalogDir, "catalog.yaml") }],
    rules: [{ allow: ["Component", "API", "System", "Domain", "Resource", "Group", "User", "Location", "Template"] }],
    processingInterval: { hours: 24 },
  };
}

/** The server's environment: ours without the settings that would override the benchmark's config. */
export function serverEnv() {
  const env = { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" };
  for (const key of Object.keys(env)) if (key === "ATRIUM_CONFIG" || key === "PORT" || key === "ATRIUM_BASE_URL" || key.startsWith("APP_CONFIG_")) delete env[key];
  return env;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function sleep(delay) {
  return new Promise((resolve) => setTimeout(resolve, delay));
}

/** Signs in through the sign-in page's Guest form, as a browser would; returns the session cookie to send. */
export async function signInAsGuest(baseUrl) {
  const response = await fetch(`${baseUrl}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: "intent=guest",
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("atrium-session="));
  if (!cookie) throw new Error(`guest sign-in failed with ${response.status}`);
  return cookie.split(";")[0];
}
