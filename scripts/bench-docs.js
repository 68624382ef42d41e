// TechDocs benchmark. Generates a documentation site of PAGES Markdown pages
// (nested navigation in mkdocs.yml, code in several languages, admonitions,
// content tabs, tables, images and links between pages) into a temporary
// folder and measures, part by part:
// - build: the builder (app/lib/techdocs/build/build-site.server.ts) on the
//   whole site, then an incremental rebuild after one page changed (goals:
//   under 30 s for 1,000 pages, under 1 s for the rebuild).
// - reader: the built server (npm run build first) with the site as the docs
//   of a component in a file catalog (`dir:.`), built once through
//   GET /api/techdocs/sync, then reader pages /docs/default/component/<name>/<page>/
//   requested over HTTP by a guest, spread over every page (goal: p95 under
//   40 ms).
// - search: search p95 over a database kept by bench:catalog --keep plus
//   docs pages (scripts/bench-docs-search.js with --search-from <dir>, its
//   report appended; goal: p95 under 60 ms).
// Parts are chosen with --only (comma separated); more parts can be added to
// PARTS below.
//
//   npm run bench:docs -- [--pages 1000] [--only build,reader[,search]] [--reader-requests 500]
//                         [--search-from <kept dir> --search-docs 20000 --search-requests 100] [--keep]
//
// The builder is bundled with Vite (as the server build does) into
// node_modules/.cache/bench-docs/ and imported from there. Progress goes to
// stderr, the Markdown report to stdout.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const rootDir = fileURLToPath(new URL("..", import.meta.url));
const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const pages = Number(argument("--pages", "1000"));
const only = argument("--only", "build").split(",");
const keep = process.argv.includes("--keep");
const readerRequests = Number(argument("--reader-requests", "500"));
const searchFrom = argument("--search-from", undefined);
const log = (message) => process.stderr.write(`[bench:docs] ${message}\n`);

const LANGUAGES = [
  ["bash", 'kubectl -n payments rollout status deploy/api\necho "done: $?"'],
  ["python", "def settle(payment):\n    if payment.amount <= 0:\n        raise ValueError('amount')\n    return ledger.write(payment)"],
  ["go", 'func Handle(w http.ResponseWriter, r *http.Request) {\n\tfmt.Fprintf(w, "ok %s", r.URL.Path)\n}'],
  ["typescript", "export async function load(id: string): Promise<Payment> {\n  const row = await db.selectFrom('payments').where('id', '=', id).executeTakeFirst();\n  return row!;\n}"],
  ["yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 3"],
  ["sql", "SELECT shop_id, sum(amount_cents)\nFROM payments\nWHERE status = 'settled'\nGROUP BY shop_id;"],
  ["java", "public final class Ledger {\n  public void write(Payment p) {\n    entries.add(p);\n  }\n}"],
  ["json", '{\n  "id": "42",\n  "amount": 1200,\n  "currency": "EUR"\n}'],
  ["dockerfile", 'FROM node:24-slim\nWORKDIR /app\nCOPY . .\nRUN npm ci\nCMD ["node", "server.js"]'],
  ["hcl", 'resource "aws_s3_bucket" "docs" {\n  bucket = "acme-docs"\n}'],
];
const ADMONITIONS = ["note", "tip", "warning", "danger", "info", "example"];

/** The site: sections of 10 pages in groups of 10 sections (a three-level nav), pages linking to their neighbours. */
function generateSite(folder, count) {
  const sources = [];
  for (let i = 0; i < count; i++) {
    const group = Math.floor(i / 100);
    const section = Math.floor(i / 10) % 10;
    sources.push(i === 0 ? "index.md" : `group-${group}/section-${section}/page-${i}.md`);
  }
  const nav = [];
  for (let i = 0; i < count; i++) {
    const source = sources[i];
    if (i === 0) {
      nav.push("  - Home: index.md");
      continue;
    }
    const group = Math.floor(i / 100);
    const section = Math.floor(i / 10) % 10;
    if (i === 1 || i % 100 === 0) nav.push(`  - Group ${group}:`);
    if (i === 1 || i % 10 === 0) nav.push(`      - Section ${group}.${section}:`);
    nav.push(`          - Page ${i}: ${source}`);
  }
  writeFileSync(
    path.join(folder, "mkdocs.yml"),
    `site_name: Bench site\nsite_description: A generated site of ${count} pages\nrepo_url: https://github.com/acme/bench\nnav:\n${nav.join("\n")}\nplugins:\n  - techdocs-core\nmarkdown_extensions:\n  - admonition\n  - pymdownx.details\n  - pymdownx.superfences\n  - pymdownx.tabbed:\n      alternate_style: true\n`,
  );
  mkdirSync(path.join(folder, "docs", "images"), { recursive: true });
  writeFileSync(path.join(folder, "docs", "images", "diagram.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
  for (let i = 0; i < count; i++) {
    const file = path.join(folder, "docs", sources[i]);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, pageMarkdown(i, sources, 0));
  }
  return sources;
}

function pageMarkdown(i, sources, revision) {
  const source = sources[i];
  const up = "../".repeat(source.split("/").length - 1);
  const next = sources[(i + 1) % sources.length];
  const previous = sources[(i + sources.length - 1) % sources.length];
  // Each page's code is its own (the page number in it), so no page's highlighting comes from another's.
  const [language, code] = LANGUAGES[i % LANGUAGES.length].map((text, at) => (at ? text.replaceAll("42", String(i)).replace(/\n/, ` ${i}\n`) : text));
  const [language2, code2] = LANGUAGES[(i + 3) % LANGUAGES.length].map((text, at) => (at ? `${text}\n${i}` : text));
  const admonition = ADMONITIONS[i % ADMONITIONS.length];
  const rows = Array.from({ length: 8 }, (_, row) => `| setting-${row} | \`${row * i}\` | Controls part ${row} of page ${i}. |`).join("\n");
  return `# Page ${i}${revision ? ` (revision ${revision})` : ""}

This page describes component ${i} of the generated system. It links to the [next page](${up}${next}) and the [previous one](${up}${previous}#usage), and shows a diagram:

![Diagram of component ${i}](${up}images/diagram.svg)

## Usage

Run the component with the following ${language} snippet:

\`\`\`${language} title="example.${language}"
${code}
\`\`\`

!!! ${admonition} "About component ${i}"
    The component keeps **its state** in the ledger, and *never* writes it anywhere else.
    See [the home page](${up}index.md).

## Configuration

| Setting | Value | Description |
| ------- | ----- | ----------- |
${rows}

=== "Production"

    \`\`\`${language2}
${code2
  .split("\n")
  .map((line) => `    ${line}`)
  .join("\n")}
    \`\`\`

=== "Staging"

    Staging uses the defaults.

??? question "Why does page ${i} exist?"
    To make the benchmark realistic: ${"words of prose ".repeat(20)}

## Tasks

- [x] Document the component
- [ ] Add the runbook
- Review the [configuration](#configuration) every quarter.

${"Closing paragraph with some more text for the search index. ".repeat(5)}
`;
}

function readFolder(root) {
  const files = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(root, full).split(path.sep).join("/"), readFileSync(full));
    }
  };
  walk(root);
  return files;
}

async function bundleBuilder() {
  const outDir = path.join(rootDir, "node_modules", ".cache", "bench-docs");
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: rootDir,
    logLevel: "warn",
    build: { ssr: path.join(rootDir, "app/lib/techdocs/build/build-site.server.ts"), outDir, emptyOutDir: true, minify: false },
  });
  const entry = readdirSync(outDir).find((name) => name.startsWith("build-site.server") && name.endsWith(".js"));
  return import(pathToFileURL(path.join(outDir, entry)).href);
}

const ms = (value) => `${Math.round(value)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const PARTS = {
  async build(context) {
    const { buildSite } = await bundleBuilder();
    const files = readFolder(context.folder);
    const sourceBytes = [...files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0);
    const lines = [];
    let cpu = process.cpuUsage();
    let started = performance.now();
    const first = await buildSite({ files }, { etag: "bench-1", log: (line) => lines.push(line) });
    const fullMs = performance.now() - started;
    const fullCpu = process.cpuUsage(cpu);
    const outputBytes = [...first.files.values()].reduce((sum, value) => sum + (typeof value === "string" ? Buffer.byteLength(value) : value.byteLength), 0);
    log(`full build: ${ms(fullMs)}; ${lines.at(-1)}`);

    const changed = context.sources[Math.floor(context.sources.length / 2)];
    const changedIndex = context.sources.indexOf(changed);
    files.set(`docs/${changed}`, new TextEncoder().encode(pageMarkdown(changedIndex, context.sources, 1)));
    cpu = process.cpuUsage();
    started = performance.now();
    const second = await buildSite({ files }, { etag: "bench-2", log: (line) => lines.push(line), cache: first.cache });
    const rebuildMs = performance.now() - started;
    const rebuildCpu = process.cpuUsage(cpu);
    log(`rebuild after one page changed: ${ms(rebuildMs)}; ${lines.at(-1)}`);
    if (!String(second.files.get(`${second.site.pages.find((page) => page.source === changed).path}index.html`)).includes("(revision 1)")) throw new Error("the rebuild did not show the changed page");

    const cpuMs = (usage) => ms((usage.user + usage.system) / 1000);
    return [
      `| Full build of ${first.site.pages.length} pages | ${ms(fullMs)} | CPU ${cpuMs(fullCpu)}; ${(fullMs / first.site.pages.length).toFixed(1)} ms a page; source ${mb(sourceBytes)}, published ${first.files.size} files, ${mb(outputBytes)} |`,
      `| Rebuild after one page changed | ${ms(rebuildMs)} | CPU ${cpuMs(rebuildCpu)}; ${lines.at(-1)} |`,
    ];
  },

  async reader(context) {
    const { freePort, serverEnv, sleep } = await import("./bench/bench-support.js");
    const name = "bench-docs";
    const token = "bench-docs-token-0123456789abcdef";
    const auth = { authorization: `Bearer ${token}` };
    const serverDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-docs-server-"));
    // The site folder is the component's source: its catalog-info.yaml next to mkdocs.yml, `dir:.` as Backstage writes it.
    writeFileSync(
      path.join(context.folder, "catalog-info.yaml"),
      `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\n  annotations:\n    backstage.io/techdocs-ref: dir:.\nspec:\n  type: service\n  lifecycle: production\n  owner: group:default/bench\n`,
    );
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = {
      app: { baseUrl },
      backend: {
        baseUrl,
        listen: { host: "127.0.0.1", port },
        database: { client: "better-sqlite3", connection: { directory: serverDir } },
        auth: { externalAccess: [{ type: "static", options: { token, subject: "bench-docs" } }] },
      },
      auth: { signInPage: ["guest"] },
      catalog: { locations: [{ type: "file", target: path.join(context.folder, "catalog-info.yaml") }], rules: [{ allow: ["Component", "Location"] }], processingInterval: { hours: 24 } },
      techdocs: { builder: "local", publisher: { type: "local", local: { publishDirectory: path.join(serverDir, "site") } } },
    };
    const configFile = path.join(serverDir, "bench-docs.yaml");
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
    const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "server/index.js", "--config", configFile], { cwd: rootDir, env: serverEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
    let exited;
    child.on("exit", (code, signal) => (exited = { code, signal }));
    try {
      // The entity in the catalog (the file location is processed at start).
      for (let tries = 0; ; tries++) {
        if (exited) throw new Error(`the server exited (${JSON.stringify(exited)}): ${output.slice(-2000)}`);
        if (tries > 1200) throw new Error(`the component did not appear in the catalog within 5 minutes: ${output.slice(-2000)}`);
        const response = await fetch(`${baseUrl}/api/catalog/entities/by-name/component/default/${name}`, { headers: auth }).catch(() => undefined);
        await response?.arrayBuffer();
        if (response?.ok) break;
        await sleep(250);
      }
      let started = performance.now();
      const sync = await fetch(`${baseUrl}/api/techdocs/sync/default/component/${name}`, { headers: auth });
      const syncBody = await sync.text();
      const buildMs = performance.now() - started;
      if (sync.status !== 201) throw new Error(`the docs build answered ${sync.status}: ${syncBody.slice(0, 500)}`);
      log(`docs built through the service in ${ms(buildMs)}`);

      const signIn = await fetch(`${baseUrl}/sign-in`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl }, body: "intent=guest" });
      const cookie = signIn.headers
        .getSetCookie()
        .find((value) => value.startsWith("atrium-session="))
        ?.split(";")[0];
      if (!cookie) throw new Error(`guest sign-in failed with ${signIn.status}`);
      const pagePath = (index) => `/docs/default/component/${name}/${context.sources[index].replace(/(^|\/)index\.md$/, "").replace(/\.md$/, "/")}`;
      const get = async (index) => {
        const start = performance.now();
        const response = await fetch(`${baseUrl}${pagePath(index)}`, { headers: { cookie }, redirect: "manual" });
        const html = await response.text();
        const elapsed = performance.now() - start;
        if (response.status !== 200 || !html.includes(`Page ${index}`)) throw new Error(`GET ${pagePath(index)} answered ${response.status} without its page: ${html.slice(0, 300)}`);
        return { elapsed, bytes: Buffer.byteLength(html) };
      };
      // The first request of a page after a build reads the published files; then pages of all the site, in a spread order.
      started = performance.now();
      const first = await get(Math.floor(context.sources.length / 3));
      const firstMs = performance.now() - started;
      for (let i = 0; i < 30; i++) await get((i * 101) % context.sources.length);
      const times = [];
      let bytes = 0;
      for (let i = 0; i < readerRequests; i++) {
        const result = await get((i * 37 + 1) % context.sources.length);
        times.push(result.elapsed);
        bytes += result.bytes;
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      log(`reader pages: p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}`);
      return [
        `| Build through the service (GET /api/techdocs/sync, fresh server) | ${ms(buildMs)} | the builder plus publishing and search indexing of ${context.sources.length} pages |`,
        `| Reader page, first after the build | ${ms(firstMs)} | ${mb(first.bytes)} of HTML |`,
        `| Reader page p50 / p95 | ${ms(at(0.5))} / ${ms(at(0.95))} | ${readerRequests} sequential GETs over ${Math.min(readerRequests, context.sources.length)} pages as a guest, after 30 warm-ups; max ${ms(times.at(-1))}; ${(bytes / readerRequests / 1024).toFixed(0)} KB a page |`,
      ];
    } finally {
      if (!exited) {
        const exit = once(child, "exit");
        child.kill("SIGTERM");
        await exit;
      }
      rmSync(serverDir, { recursive: true, force: true });
    }
  },

  async search() {
    if (!searchFrom) throw new Error("the search part needs --search-from <dir kept by bench:catalog --keep>");
    const args = ["scripts/bench-docs-search.js", "--from", searchFrom, "--docs", argument("--search-docs", "20000"), "--requests", argument("--search-requests", "100")];
    const child = spawn(process.execPath, args, { cwd: rootDir, stdio: ["ignore", "pipe", "inherit"] });
    let report = "";
    child.stdout.on("data", (chunk) => (report += chunk));
    const [code] = await once(child, "exit");
    if (code !== 0) throw new Error(`bench:docs-search exited with ${code}`);
    // Its table follows this one: one row pointing at it.
    searchReport = report;
    return [`| Search p95 | see below | bench:docs-search over ${searchFrom} |`];
  },
};
let searchReport = "";

const folder = mkdtempSync(path.join(tmpdir(), "atrium-bench-docs-"));
try {
  log(`generating ${pages} pages in ${folder}`);
  const sources = generateSite(folder, pages);
  const rows = [];
  for (const part of only) {
    if (!PARTS[part]) throw new Error(`Unknown part '${part}': one of ${Object.keys(PARTS).join(", ")}`);
    log(`part ${part}`);
    rows.push(...(await PARTS[part]({ folder, sources })));
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${mb(totalmem())} memory, load average ${loadavg()[0].toFixed(1)}, Node ${process.version}`;
  process.stdout.write(`## TechDocs benchmark (${pages} pages)\n\n${machine}\n\n| Measure | Time | Notes |\n| --- | --- | --- |\n${rows.join("\n")}\n`);
  if (searchReport) process.stdout.write(`\n### Search\n\n${searchReport}`);
} finally {
  if (keep) log(`kept the site in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
