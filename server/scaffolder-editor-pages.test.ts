import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BrowserSession } from "../tests/support/browser-session";
import { eventually } from "../tests/support/fake-scm";
import { useServer } from "../tests/support/server";

// The scaffolder's editor pages through HTTP, as a browser without
// JavaScript uses them: the intro's links, the template editor's forms
// (load from the catalog, paste, refusals beside their fields, the Publish
// dialog as a URL), and a user's dry-run results out of another's reach.
// Every visitor here is a guest of their own browser (no sign-in page).

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
