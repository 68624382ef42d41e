// `npm start`: build when the build is missing or older than the sources,
// then serve it. A fresh clone needs nothing but `npm install` first.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const rootDir = fileURLToPath(new URL("..", import.meta.url));
const serverBundle = path.join(rootDir, "build", "server", "index.js");
const SOURCES = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

if (buildIsStale()) {
  console.log("Building Atrium (the build is missing or older than the sources)...");
  const cli = path.join(rootDir, "node_modules", "@react-router", "dev", "bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: rootDir, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("./index.js");

function buildIsStale() {
  if (!existsSync(serverBundle)) return true;
  const built = statSync(serverBundle).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(rootDir, source)) > built);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}
