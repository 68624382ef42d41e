// Runs Debian's nginx with docs/nginx/atrium.conf, pointed at the test app
// (or, with several ports separated by commas, at several replicas, one
// upstream line each, as the recipe says): the end-to-end tests and
// server/replicas-ingestion.test.ts prove the example config operators copy.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const appPorts = (process.argv[2] ?? "").split(",").map(Number);
const nginxPort = Number(process.argv[3]);
if (!appPorts.every(Boolean) || !nginxPort) throw new Error("usage: node nginx.js <app port>[,<app port>...] <nginx port>");

const dir = mkdtempSync(path.join(tmpdir(), "atrium-nginx-"));
for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp));
const example = readFileSync(new URL("../../../docs/nginx/atrium.conf", import.meta.url), "utf8");
const site = example.replace("server 127.0.0.1:7007;", appPorts.map((port) => `server 127.0.0.1:${port};`).join("\n  ")).replace("listen 80;", `listen 127.0.0.1:${nginxPort};`);
if (site === example) throw new Error("docs/nginx/atrium.conf no longer has the lines this test rewrites");
writeFileSync(path.join(dir, "atrium.conf"), site);
writeFileSync(
  path.join(dir, "nginx.conf"),
  `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
daemon off;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/atrium.conf;
}
`,
);

const nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], { stdio: "inherit" });
nginx.on("exit", (code) => process.exit(code ?? 1));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => nginx.kill("SIGQUIT"));
