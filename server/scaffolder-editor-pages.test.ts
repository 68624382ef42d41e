import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/lib/db/client.server";
import { BrowserSession } from "../tests/support/browser-session";
import { eventually } from "../tests/support/fake-scm";
import { startServer, useServer, type RunningServer } from "../tests/support/server";

// The scaffolder's editor pages through HTTP, as a browser without
// JavaScript uses them: the intro's links, the template editor's forms
// (load from the catalog, paste, refusals beside their fields, the Publish
// dialog as a URL), and a user's dry-run results out of another's reach.
// Every visitor here is a guest of their own browser (no sign-in page).
// Last, the editor with two worker processes on one SQLite file: a user's
// draft and results are in the database, so both workers show them, and a
// dry-run's secrets are stored nowhere.

const dir = mkdtempSync(path.join(tmpdir(), "atrium-editor-pages-"));
const templates = path.join(dir, "templates.yaml");
writeFileSync(
  templates,
  `apiVersion: scaffolder.backstage.io/v1beta3
kind: Template
metadata:
  name: docs-site
  title: Documentation Site
  description: A TechDocs site
spec:
  owner: group:default/platform
  type: documentation
  parameters:
    - title: Name
      required: [name]
      properties:
        name: { type: string, title: Name }
  steps:
    - id: log
      name: Say hello
      action: debug:log
      input: { message: "Hello \${{ parameters.name }}" }
`,
);

const app = useServer(`
catalog:
  rules:
    - allow: [Component, API, Location, Template]
  locations:
    - type: file
      target: ${templates}
`);

const html = async (browser: BrowserSession, pathname: string) => {
  const response = await browser.request(`${app.server.url}${pathname}`);
  return { status: response.status, body: await response.text() };
};
const postForm = (browser: BrowserSession, pathname: string, fields: Record<string, string>) =>
  browser.request(`${app.server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.server.url },
    body: new URLSearchParams(fields).toString(),
  });
const decode = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

/** A browser that has its guest session. */
async function visitor() {
  const browser = new BrowserSession();
  await browser.follow(`${app.server.url}/create/edit`);
  return browser;
}

describe("template editor intro", () => {
  it("links to the editors and the field explorer", async () => {
    const page = await html(await visitor(), "/create/edit");
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Template Editor | ");
    for (const [href, label] of [
      ["/create/template?load=catalog", "Load Template from Catalog"],
      ["/create/template", "Template Editor"],
      ["/create/template-form", "Edit Template Form"],
      ["/create/custom-fields", "Custom Field Explorer"],
    ]) {
      expect(decode(page.body)).toMatch(new RegExp(`href="${href.replace(/[?]/g, "\\?")}"[^>]*><span[^>]*>${label}</span>`));
    }
  });
});

describe("template editor", () => {
  it("loads a template from the catalog into the editor through a GET form", async () => {
    const browser = await visitor();
    await eventually(async () => (await html(browser, "/create/template?load=catalog")).body.includes("template:default/docs-site"), "the template in the catalog");
    const chooser = await html(browser, "/create/template?load=catalog");
    expect(chooser.body).toMatch(/<option value="template:default\/docs-site">Documentation Site \(template:default\/docs-site\)<\/option>/);
    const loaded = decode((await html(browser, "/create/template?template=template%3Adefault%2Fdocs-site")).body);
    const textarea = /<textarea[^>]*name="template"[^>]*>([\s\S]*?)<\/textarea>/.exec(loaded)?.[1] ?? "";
    expect(textarea).toContain("kind: Template");
    expect(textarea).toContain("name: docs-site");
    expect(textarea).toContain("action: debug:log");
    // What the catalog adds is not the author's to publish.
    expect(textarea).not.toMatch(/uid:|etag:|managed-by-location/);
  });

  it("answers a template that does not parse with 400 and the message beside the field, keeping what was typed", async () => {
    const browser = await visitor();
    const response = await postForm(browser, "/create/template", { intent: "dry-run", template: "kind: [oops", values: "name: x", secrets: "TOKEN: s3cr3t-value" });
    expect(response.status).toBe(400);
    const body = decode(await response.text());
    expect(body).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*name="template"|<textarea[^>]*name="template"[^>]*aria-invalid="true"/);
    expect(body).toMatch(/data-field-error[^>]*><p>Template: /);
    expect(body).toContain("kind: [oops");
    expect(body).toContain("name: x");
    // Secrets are never sent back to the page.
    expect(body).not.toContain("s3cr3t-value");
  });

  it("refuses what is not a v1beta3 Template, values that are not a mapping, and a blank editor", async () => {
    const browser = await visitor();
    const notTemplate = decode(await (await postForm(browser, "/create/template", { intent: "dry-run", template: "apiVersion: backstage.io/v1alpha1\nkind: Component\n" })).text());
    expect(notTemplate).toContain("This is not a Template entity of apiVersion scaffolder.backstage.io/v1beta3");
    const badValues = await postForm(browser, "/create/template", {
      intent: "dry-run",
      template: "apiVersion: scaffolder.backstage.io/v1beta3\nkind: Template\nmetadata: { name: t }\nspec: { steps: [] }\n",
      values: "- a list\n",
    });
    expect(badValues.status).toBe(400);
    expect(decode(await badValues.text())).toContain("Values must be a YAML mapping");
    expect(decode(await (await postForm(browser, "/create/template", { intent: "dry-run", template: "" })).text())).toContain("Paste a template first");
  });

  it("refuses a directory with a path that climbs out of it", async () => {
    const browser = await visitor();
    const response = await postForm(browser, "/create/template", {
      intent: "dry-run",
      template: "apiVersion: scaffolder.backstage.io/v1beta3\nkind: Template\nmetadata: { name: t }\nspec: { steps: [] }\n",
      directory: JSON.stringify([{ path: "../../etc/cron.d/evil", base64Content: "" }]),
    });
    expect(response.status).toBe(400);
    expect(decode(await response.text())).toContain("The file path '../../etc/cron.d/evil' is not allowed");
  });

  it("opens the Publish dialog from the URL, explaining how to publish, with the template as it stands", async () => {
    const browser = await visitor();
    await postForm(browser, "/create/template", { intent: "dry-run", template: "apiVersion: scaffolder.backstage.io/v1beta3\nkind: Template\nmetadata:\n  name: kept-draft\n" + "spec: [\n" });
    const page = decode((await html(browser, "/create/template?publish=1")).body);
    expect(page).toMatch(/role="dialog"[^>]*aria-labelledby="[^"]+"[^>]*data-testid="publish-dialog"|data-testid="publish-dialog"/);
    expect(page).toContain("Publish changes");
    expect(page).toContain("register its URL in the catalog");
    // The dialog closes by a link back to the page without it.
    expect(page).toMatch(/<a aria-label="Close"[^>]*href="\/create\/template"/);
  });

  it("keeps a user's results to that user: another browser's result and zip are not found", async () => {
    const browser = await visitor();
    const zip = await browser.request(`${app.server.url}/create/template/results/00000000-0000-4000-8000-000000000000/zip`);
    expect(zip.status).toBe(404);
    const deleted = await postForm(browser, "/create/template", { intent: "delete", resultId: "00000000-0000-4000-8000-000000000000" });
    expect(deleted.status).toBe(404);
  });
});

const DRY_RUN_TEMPLATE = `apiVersion: scaffolder.backstage.io/v1beta3
kind: Template
metadata: { name: try-me, title: Try Me }
spec:
  type: service
  parameters:
    - properties:
        name: { type: string }
  steps:
    - id: greet
      name: Greet
      action: debug:log
      input: { message: "Hello \${{ parameters.name }}" }
    - id: move
      name: Move the readme
      action: fs:rename
      input:
        files:
          - from: README.md
            to: "docs/\${{ parameters.name }}.md"
  output:
    greeting: "Hello \${{ parameters.name }}"
`;

describe("a dry-run in the template editor", () => {
  it("runs the template with the directory's files, shows Files, Log and Output, downloads the zip and deletes the result", async () => {
    const browser = await visitor();
    const directory = JSON.stringify([{ path: "README.md", base64Content: Buffer.from("# Read me\n").toString("base64") }]);
    const posted = await postForm(browser, "/create/template", { intent: "dry-run", template: DRY_RUN_TEMPLATE, values: "name: ada", secrets: "", directory });
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/create\/template\?result=[0-9a-f-]{36}$/);
    const resultId = new URL(location, app.server.url).searchParams.get("result")!;

    const files = decode((await html(browser, location)).body);
    expect(files).toMatch(/Dry-run 1 of Try Me/);
    expect(files).toMatch(/<a [^>]*aria-current="page"[^>]*>Files<\/a>/);
    expect(files).toMatch(/>docs\/ada\.md<\/a>/);
    expect(files).toContain("# Read me");
    // The editor keeps what was typed, and the files, for the next run.
    expect(files).toContain("1 file loaded from the directory");
    expect(files).toContain("name: ada");

    const log = decode((await html(browser, `/create/template?result=${resultId}&tab=log`)).body);
    expect(log).toMatch(/data-testid="dry-run-log"[^>]*>[\s\S]*Hello ada/);
    const output = decode((await html(browser, `/create/template?result=${resultId}&tab=output`)).body);
    expect(output.replace(/<[^>]+>/g, "")).toContain('"greeting": "Hello ada"');

    const zip = await browser.request(`${app.server.url}/create/template/results/${resultId}/zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe('attachment; filename="dry-run-result-1.zip"');
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-dry-run-zip-"));
    writeFileSync(path.join(dir, "result.zip"), Buffer.from(await zip.arrayBuffer()));
    execFileSync("unzip", ["-q", "result.zip", "-d", "out"], { cwd: dir });
    expect(readFileSync(path.join(dir, "out/docs/ada.md"), "utf8")).toBe("# Read me\n");
    // Another browser cannot fetch it.
    expect((await (await visitor()).request(`${app.server.url}/create/template/results/${resultId}/zip`)).status).toBe(404);

    const deleted = await postForm(browser, "/create/template", { intent: "delete", resultId });
    expect(deleted.status).toBe(303);
    expect(decode((await html(browser, "/create/template")).body)).toContain("Run a dry-run to see its results here.");
  });

  it("returns values that fail the template's parameters to the form, never run", async () => {
    const browser = await visitor();
    const refused = await postForm(browser, "/create/template", { intent: "dry-run", template: DRY_RUN_TEMPLATE, values: "name: [not, a, string]" });
    expect(refused.status).toBe(400);
    expect(decode(await refused.text())).toMatch(/data-field-error[^>]*><p>[^<]*must be string/);
  });
});

describe("installed actions", () => {
  it("lists every action with Input, Output and Examples, and searches them with a GET form", async () => {
    const browser = await visitor();
    const all = decode((await html(browser, "/create/actions")).body);
    expect(all).toContain("<title>Installed actions | ");
    for (const id of ["fetch:plain", "fetch:template", "debug:log", "debug:wait", "catalog:register"]) expect(all).toContain(`data-testid="action-${id}"`);
    const wait = /data-testid="action-debug:wait"[\s\S]*?<\/section>/.exec(all)![0];
    expect(wait).toMatch(/<h3[^>]*>Input<\/h3>/);
    expect(wait).toMatch(/<th scope="row"[^>]*>milliseconds/);
    expect(wait).toContain("Waiting period in milliseconds.");
    expect(wait).toMatch(/<h3[^>]*>Output<\/h3>[\s\S]*No output/);
    expect(wait).toMatch(/<summary[^>]*>Examples<\/summary>/);
    expect(wait.replace(/<[^>]+>/g, "")).toContain("action: debug:wait");
    const found = decode((await html(browser, "/create/actions?q=debug")).body);
    expect(found).toContain('data-testid="action-debug:log"');
    expect(found).not.toContain('data-testid="action-fetch:plain"');
    expect(/<input [^>]*name="q"[^>]*>/.exec(found)![0]).toContain('value="debug"');
    expect(decode((await html(browser, "/create/actions?q=nothing-like-this")).body)).toContain("No actions match 'nothing-like-this'");
  });
});

describe("templating extensions", () => {
  it("shows the sections Filters, Functions and Values, Backstage's filters documented", async () => {
    const page = decode((await html(await visitor(), "/create/templating-extensions")).body);
    for (const section of ["Filters", "Functions", "Values"]) expect(page).toMatch(new RegExp(`<h2 id="[a-z]+-title"[^>]*>${section}</h2>`));
    for (const filter of ["parseRepoUrl", "parseEntityRef", "pick", "projectSlug"]) expect(page).toContain(`data-testid="filters-${filter}"`);
    const parseRepoUrl = /data-testid="filters-parseRepoUrl"[\s\S]*?<\/article>/.exec(page)![0];
    expect(parseRepoUrl).toContain("repo URL as collected from repository picker");
  });
});

describe("template form editor", () => {
  it("previews the form of pasted parameters with the wizard's renderer, refreshed by a post", async () => {
    const browser = await visitor();
    const first = decode((await html(browser, "/create/template-form")).body);
    expect(first).toContain('data-testid="form-preview"');
    expect(first).toContain("Step 1: Fill in some steps");
    const yaml = "parameters:\n  - title: About you\n    properties:\n      nickname:\n        type: string\n        title: Nickname\n        description: What friends call you\n";
    const refreshed = await postForm(browser, "/create/template-form", { yaml });
    expect(refreshed.status).toBe(200);
    const body = decode(await refreshed.text());
    expect(body).toContain("Step 1: About you");
    expect(body).toMatch(/<label[^>]*>Nickname/);
    expect(body).toContain("What friends call you");
    const broken = await postForm(browser, "/create/template-form", { yaml: "parameters: [\n" });
    expect(broken.status).toBe(400);
    expect(decode(await broken.text())).toMatch(/data-field-error[^>]*><p>Template: /);
  });
});

describe("custom field explorer", () => {
  it("lists the field extensions and previews one with the given ui:options", async () => {
    const browser = await visitor();
    const page = decode((await html(browser, "/create/custom-fields")).body);
    for (const name of ["EntityPicker", "OwnerPicker", "RepoUrlPicker", "EntityTagsPicker"]) expect(page).toContain(`<option value="${name}"`);
    const picked = decode((await html(browser, `/create/custom-fields?field=EntityNamePicker&options=${encodeURIComponent("placeholder: my-name")}`)).body);
    expect(picked).toMatch(/<option value="EntityNamePicker" selected="">/);
    expect(picked.replace(/<[^>]+>/g, "")).toContain("ui:field: EntityNamePicker");
    expect(picked).toContain('data-testid="preview-step-0"');
    const bad = decode((await html(browser, `/create/custom-fields?field=NoSuchPicker`)).body);
    expect(bad).toContain("Unknown field extension 'NoSuchPicker'");
  });
});

const SECRET = "s3cr3t-for-the-dry-run";
const SECRET_TEMPLATE = `apiVersion: scaffolder.backstage.io/v1beta3
kind: Template
metadata: { name: keep-secret, title: Keep Secret }
spec:
  type: service
  steps:
    - id: greet
      name: Greet
      action: debug:log
      input: { message: "Token \${{ secrets.TOKEN }}" }
    - id: write
      name: Write the catalog file
      action: catalog:write
      input:
        entity:
          apiVersion: backstage.io/v1alpha1
          kind: Component
          metadata: { name: kept, description: "Token \${{ secrets.TOKEN }}" }
          spec: { type: service, lifecycle: experimental, owner: group:default/platform }
`;

/** A GET on a connection of its own (so the primary hands it to whichever worker is free), with the browser's cookies and a request id of ours. */
function onNewConnection(browser: BrowserSession, url: string, requestId: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: false, headers: { cookie: browser.cookieHeader(url), "x-request-id": requestId, connection: "close" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the template editor with two worker processes on one SQLite file", () => {
  let directory: string;
  let server: RunningServer;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "atrium-editor-workers-"));
    server = await startServer(`catalog:\n  locations: []\nbackend:\n  workers: 2\n  database:\n    client: better-sqlite3\n    connection:\n      directory: ${directory}\n`);
    await eventually(async () => (server.output().includes('"msg":"Every worker process is ready"') ? true : undefined), "both workers", 60_000);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it("shows a user's draft and dry-run result whichever worker takes the request, and keeps the secrets nowhere", async () => {
    const browser = new BrowserSession();
    await browser.follow(`${server.url}/create/edit`);
    const posted = await browser.postForm(`${server.url}/create/template`, { intent: "dry-run", template: SECRET_TEMPLATE, values: "", secrets: `TOKEN: ${SECRET}` }, { origin: server.url });
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    const resultId = new URL(location, server.url).searchParams.get("result")!;

    const ids: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const id = randomUUID();
      ids.push(id);
      const tab = attempt % 2 ? "log" : "files";
      const page = await onNewConnection(browser, `${server.url}/create/template?result=${resultId}&tab=${tab}`, id);
      expect(page.status).toBe(200);
      const body = decode(page.body);
      expect(body).toMatch(/Dry-run 1 of Keep Secret/);
      expect(body).toContain("name: keep-secret");
      // The step's log and the file it wrote show the secret masked.
      expect(body.replace(/<[^>]+>/g, "")).toContain(tab === "log" ? "[greet] Token ***" : "description: Token ***");
      expect(body).not.toContain(SECRET);
    }
    // Both workers answered, each from the database.
    const workers = new Set(
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg: string; requestId?: string; worker?: number })
        .flatMap((line) => (line.msg === "request" && ids.includes(line.requestId ?? "") ? [line.worker] : [])),
    );
    expect([...workers].sort()).toEqual([1, 2]);

    // Neither the draft nor the result holds the secret, not even inside a file's base64.
    const database = await openDatabase({ client: "better-sqlite3", connection: { directory } }, directory);
    try {
      const drafts = await database.db.selectFrom("scaffolder_editor_drafts").selectAll().execute();
      const results = await database.db.selectFrom("scaffolder_editor_results").selectAll().execute();
      expect(results).toHaveLength(1);
      const files = (JSON.parse(results[0]!.body_json) as { files: Array<{ path: string; base64Content: string }> }).files;
      expect(files.map((file) => file.path)).toEqual(["catalog-info.yaml"]);
      const stored = JSON.stringify([drafts, results]) + files.map((file) => Buffer.from(file.base64Content, "base64").toString("utf8")).join("\n");
      expect(stored).toContain("Token ***");
      expect(stored).not.toContain(SECRET);
    } finally {
      await database.destroy();
    }
  }, 120_000);
});
