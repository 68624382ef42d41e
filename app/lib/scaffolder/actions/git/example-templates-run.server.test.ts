import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateKind } from "~/lib/catalog/kinds";
import { createLocationReader } from "~/lib/catalog/processing/readers.server";
import { validateEntity } from "~/lib/catalog/validation";
import { actionRun } from "../action-context.test-support";
import { createFetchTemplateAction } from "../builtin/fetch-template.server";
import { resolveScmUrl } from "../fetch/source.server";
import { templateRendererLoader } from "../renderer.server";
import type { JsonObject } from "../types";
import { createLocalGit, type LocalGit } from "./local-git.server";
import { createPublishGitAction } from "./publish-git.server";

// Each example template's skeleton through the real fetch:template (nunjucks
// with ${{ }}) and publish:git, with the values its fetch step passes; the
// published catalog-info.yaml is then read back the way catalog:register's
// location is read (repoContentsUrl + '/catalog-info.yaml', from disk) and
// must be a valid entity of the kind the template promises.

const examples = path.resolve(import.meta.dirname, "../../../../../examples/templates");
let dir: string;
let localGit: LocalGit;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "atrium-example-runs-"));
  localGit = createLocalGit({ root: path.join(dir, "repositories"), host: "localhost", baseUrl: "http://localhost:7007" });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fetchTemplate = createFetchTemplateAction({ reader: createLocationReader({}), loadRenderer: templateRendererLoader() });

/** Renders the template's skeleton with `values`, publishes it, and answers the published catalog file as an entity plus a reader of other files. */
async function scaffold(template: string, values: JsonObject) {
  const run = await actionRun(`task-${template}`);
  const templateInfo = { entityRef: `template:default/${template}`, baseUrl: pathToFileURL(path.join(examples, template, "template.yaml")).href };
  await run.run(fetchTemplate as never, { url: "./skeleton", values }, { templateInfo });
  await run.run(createPublishGitAction({ localGit }) as never, { repoUrl: `localhost?owner=platform-team&repo=${values.name}`, description: String(values.description) });
  const catalogInfoUrl = resolveScmUrl("/catalog-info.yaml", String(run.outputs.repoContentsUrl));
  const entity = validateEntity(yaml.load(await createLocationReader({ ownRepositories: localGit }).read({ type: "url", target: catalogInfoUrl })));
  validateKind(entity);
  const file = (name: string) => localGit.readUrl(`${run.outputs.repoContentsUrl}/${name}`);
  return { entity, file, outputs: run.outputs };
}

describe("the example templates, scaffolded and published", () => {
  it("node-service: a service component in its system, a package.json that parses, the port in the code", async () => {
    const { entity, file, outputs } = await scaffold("node-service", {
      name: "rent-reminder-service",
      description: 'Sends "rent due" reminders',
      owner: "group:default/payments-team",
      system: "system:default/rent-payments",
      lifecycle: "experimental",
      port: 8081,
      repoUrl: "localhost?owner=platform-team&repo=rent-reminder-service",
    });
    expect(entity).toMatchObject({
      kind: "Component",
      metadata: { name: "rent-reminder-service", description: 'Sends "rent due" reminders' },
      spec: { type: "service", lifecycle: "experimental", owner: "group:default/payments-team", system: "system:default/rent-payments" },
    });
    expect(JSON.parse(await file("package.json"))).toMatchObject({ name: "rent-reminder-service", description: 'Sends "rent due" reminders', scripts: { test: "node --test" } });
    expect(await file("src/index.js")).toContain("process.env.PORT ?? 8081");
    expect(await file("src/app.test.js")).toContain("`${base}/healthz`");
    expect(outputs.remoteUrl).toBe("http://localhost:7007/git/platform-team/rent-reminder-service.git");
  });

  it("node-service without a system leaves spec.system out", async () => {
    const { entity } = await scaffold("node-service", {
      name: "lonely-service",
      description: "On its own",
      owner: "group:default/platform-team",
      lifecycle: "production",
      port: 8080,
      repoUrl: "localhost?owner=platform-team&repo=lonely-service",
    });
    expect(entity.spec).toEqual({ type: "service", lifecycle: "production", owner: "group:default/platform-team" });
  });

  it("react-website: a website that consumes the chosen APIs, its title in the page", async () => {
    const { entity, file } = await scaffold("react-website", {
      name: "owner-statements-web",
      title: "Owner statements",
      description: "Monthly statements for property owners",
      owner: "group:default/renter-experience-team",
      consumesApis: ["api:default/lease-api"],
    });
    expect(entity).toMatchObject({ metadata: { name: "owner-statements-web", title: "Owner statements" }, spec: { type: "website", consumesApis: ["api:default/lease-api"] } });
    expect(JSON.parse(await file("package.json")).dependencies.react).toBeTruthy();
    expect(await file("index.html")).toContain("<title>Owner statements</title>");
    expect(await file("src/App.tsx")).toContain("<h1>Owner statements</h1>");
  });

  it("typescript-library: a library with the extra tags and the scoped package name", async () => {
    const { entity, file } = await scaffold("typescript-library", {
      name: "money-format",
      packageName: "@keystone-living/money-format",
      description: "Formats amounts of money",
      owner: "group:default/payments-team",
      tags: ["money", "i18n"],
    });
    expect(entity).toMatchObject({
      metadata: { name: "money-format", tags: ["typescript", "library", "money", "i18n"], annotations: { "npmjs.com/package-name": "@keystone-living/money-format" } },
      spec: { type: "library", owner: "group:default/payments-team" },
    });
    expect(JSON.parse(await file("package.json")).name).toBe("@keystone-living/money-format");
    expect(await file("README.md")).toContain("npm install @keystone-living/money-format");
  });

  it("docs-site: documentation with TechDocs, an mkdocs.yml that parses and lists the runbook when asked", async () => {
    const { entity, file } = await scaffold("docs-site", {
      name: "leasing-handbook",
      siteName: "Leasing handbook",
      description: "How leasing works, end to end",
      owner: "group:default/leasing-team",
      documents: "system:default/leasing",
      includeRunbook: true,
    });
    expect(entity).toMatchObject({
      metadata: { name: "leasing-handbook", title: "Leasing handbook", annotations: { "backstage.io/techdocs-ref": "dir:." } },
      spec: { type: "documentation", owner: "group:default/leasing-team", dependsOn: ["system:default/leasing"] },
    });
    const mkdocs = yaml.load(await file("mkdocs.yml")) as { site_name: string; nav: Array<Record<string, string>> };
    expect(mkdocs.site_name).toBe("Leasing handbook");
    expect(mkdocs.nav).toEqual([{ Overview: "index.md" }, { "Getting started": "getting-started.md" }, { Runbook: "runbook.md" }]);
    expect(await file("docs/index.md")).toContain("- [Runbook](runbook.md)");
  });

  it("docs-site without a runbook leaves it out of the navigation", async () => {
    const { file } = await scaffold("docs-site", {
      name: "plain-docs",
      siteName: "plain-docs",
      description: "Just docs",
      owner: "group:default/platform-team",
      includeRunbook: false,
    });
    expect((yaml.load(await file("mkdocs.yml")) as { nav: unknown[] }).nav).toHaveLength(2);
    expect(await file("docs/index.md")).not.toContain("Runbook");
  });
});
