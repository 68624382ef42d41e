import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCatalogYaml } from "~/lib/catalog/processing/parse";
import { type AtriumSite, type NavItem, articleOf, pageFile } from "../site";
import { type BuiltSite, buildSite } from "./build-site.server";

// The example documentation of the embedded default (examples/docs/ and the
// components with their own docs in examples/catalog/components/), built as
// the portal builds it: what a reader of each site would notice - its pages,
// its navigation, its images and links, and the build notes for what the
// builder does not render - and that every techdocs annotation of the example
// catalog leads to one of these sites (examples/README.md lists them).

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
const examples = path.join(repoRoot, "examples");

/** Every file under a folder, by POSIX path relative to it. */
async function readTree(root: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, absolute).split(path.sep).join("/"), new Uint8Array(await readFile(absolute)));
  }
  return files;
}

async function siteFolders(): Promise<string[]> {
  const folders: string[] = [];
  for (const parent of [path.join(examples, "docs"), path.join(examples, "catalog", "components")]) {
    for (const entry of await readdir(parent, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const names = await readdir(path.join(parent, entry.name));
      if (names.includes("mkdocs.yml")) folders.push(path.join(parent, entry.name));
    }
  }
  return folders.sort();
}

const built = new Map<string, { result: BuiltSite; log: string[] }>();
const siteOf = (folder: string): AtriumSite => built.get(path.join(examples, folder))!.result.site;
const notesOf = (folder: string): string[] => siteOf(folder).notes;
function articleAt(folder: string, pagePath: string): string {
  const document = built.get(path.join(examples, folder))!.result.files.get(pageFile(pagePath));
  const html = typeof document === "string" ? document : new TextDecoder().decode(document);
  return articleOf(html) ?? "";
}
// Every site lists the extensions techdocs-core users list; attribute lists are the one the builder leaves out.
const titles = (items: NavItem[]) => items.map((item) => item.title);
const pagesIn = (items: NavItem[]): NavItem[] => items.flatMap((item) => (item.children ? pagesIn(item.children) : item.path !== undefined ? [item] : []));

beforeAll(async () => {
  for (const folder of await siteFolders()) {
    const log: string[] = [];
    const result = await buildSite({ files: await readTree(folder) }, { etag: "examples", log: (line) => log.push(line) });
    built.set(folder, { result, log });
  }
}, 60_000);

describe("the example documentation", () => {
  it("builds every site, each page a published document with its article", () => {
    expect([...built.keys()].map((folder) => path.relative(examples, folder))).toEqual([
      "catalog/components/maintenance-requests-service",
      "catalog/components/rent-ledger-service",
      "catalog/components/sensor-ingest-gateway",
      "docs/keystone-service-kit",
      "docs/keystone-web",
      "docs/platform-core",
      "docs/rent-payments",
      "docs/warehouse-models",
    ]);
    for (const [folder, { result }] of built) {
      expect(result.site.pages.length, folder).toBeGreaterThan(1);
      for (const page of result.site.pages) {
        const article = articleAt(path.relative(examples, folder), page.path);
        expect(article, `${folder} ${page.path}`).toMatch(/<h1[\s>]/);
      }
      // Every page in the navigation is one of the site's pages.
      const paths = new Set(result.site.pages.map((page) => page.path));
      for (const item of pagesIn(result.site.nav)) expect(paths.has(item.path!), `${folder} nav ${item.title}`).toBe(true);
    }
  });

  it("gives the platform handbook 38 pages in sections two levels deep, an external link, and no notes", () => {
    const site = siteOf("docs/platform-core");
    expect(site.siteName).toBe("Keystone engineering platform handbook");
    expect(site.repoUrl).toBe("https://github.com/keystone-living/platform-handbook");
    expect(site.pages).toHaveLength(38);
    expect(titles(site.nav)).toEqual(["Home", "Getting started", "Architecture", "Building services", "Delivery", "Operations", "Security", "Reference", "Status page"]);
    const architecture = site.nav[2].children!;
    expect(titles(architecture)).toEqual(["Overview", "Runtime platform", "Event bus", "Data stores"]);
    expect(titles(architecture[1].children!)).toEqual(["Kubernetes clusters", "Networking and ingress", "Secrets"]);
    expect(architecture[2].children!.map((item) => item.path)).toEqual(["architecture/event-bus/", "architecture/event-bus/topics/", "architecture/event-bus/outbox/"]);
    expect(site.nav[8]).toEqual({ title: "Status page", url: "https://status.keystone-living.example" });
    // The reading order is the navigation's.
    expect(site.pages.slice(0, 3).map((page) => page.path)).toEqual(["", "getting-started/first-week/", "getting-started/access/"]);
    // Every extension it lists is rendered (def_list included); code that looks like a template (Sloth's {{.window}}
    // in operations/slos.md) is code, not a macro.
    expect(site.notes).toEqual([]);
  });

  it("publishes the handbook's images and resolves its links between pages, anchors included", () => {
    const files = built.get(path.join(examples, "docs/platform-core"))!.result.files;
    for (const image of ["assets/platform-overview.svg", "assets/outbox.svg", "assets/escalation.svg", "assets/keystone-mark.png"]) expect(files.has(image), image).toBe(true);

    const overview = articleAt("docs/platform-core", "architecture/");
    expect(overview).toMatch(/<img[^>]+src="\.\.\/assets\/platform-overview\.svg"/);
    expect(overview).toMatch(/href="\.\.\/building\/service-kit\/configuration\/#service-to-service-auth"/);
    expect(overview).toMatch(/href="event-bus\/outbox\/"/);

    const home = articleAt("docs/platform-core", "");
    expect(home).toMatch(/href="operations\/on-call\/incidents\/#the-first-five-minutes"/);
  });

  it("renders the handbook's admonitions, collapsible blocks, tabs, task lists, footnotes and highlighted code", () => {
    const secrets = articleAt("docs/platform-core", "architecture/runtime/secrets/");
    expect(secrets).toMatch(/class="admonition failure"/);
    const access = articleAt("docs/platform-core", "getting-started/access/");
    expect(access).toMatch(/<details class="question"/);
    const workstation = articleAt("docs/platform-core", "getting-started/workstation/");
    expect(workstation).toMatch(/tabbed-set/);
    for (const label of ["macOS", "Ubuntu 24.04", "Windows (WSL 2)"]) expect(workstation).toContain(`>${label}</label>`);
    const firstWeek = articleAt("docs/platform-core", "getting-started/first-week/");
    expect(firstWeek.match(/type="checkbox"/g)?.length).toBe(14);
    expect(firstWeek).toMatch(/type="checkbox"[^>]*checked/);
    // A footnote: a superscript link to the note's text at the end of the page.
    const slos = articleAt("docs/platform-core", "operations/slos/");
    const reference = /<sup><a href="#([^"]+)"/.exec(slos)?.[1];
    expect(reference).toBeDefined();
    expect(slos.slice(slos.indexOf(`id="${reference}"`))).toContain("30 days × 24 hours × 60 minutes");
    const languages = new Set<string>();
    for (const page of siteOf("docs/platform-core").pages) {
      for (const match of articleAt("docs/platform-core", page.path).matchAll(/class="[^"]*\blanguage-([a-z]+)/g)) languages.add(match[1]);
    }
    for (const language of ["typescript", "python", "go", "sql", "yaml", "bash", "json", "dockerfile", "hcl"]) expect(languages, language).toContain(language);
  });

  it("renders the glossary and the incident roles as definition lists", () => {
    const glossary = articleAt("docs/platform-core", "getting-started/glossary/");
    expect(glossary).toMatch(
      /<dl>\s*<dt>\s*Unit\s*<\/dt>\s*<dd>\s*One rentable home: an apartment, a townhouse or a single-family house.\s+A <strong>property<\/strong> \(building\) has one or more units.\s*<\/dd>/,
    );
    expect(glossary).toMatch(/<dt>\s*Ledger\s*<\/dt>\s*<dd>\s*The rent ledger \(<code>rent-ledger-service<\/code>\)/);
    expect(glossary).not.toContain("<p>: ");
    const incidents = articleAt("docs/platform-core", "operations/on-call/incidents/");
    const roles = /<dl>[\s\S]*?<\/dl>/.exec(incidents)?.[0] ?? "";
    expect([...roles.matchAll(/<dt>\s*([^<]+?)\s*<\/dt>/g)].map((match) => match[1])).toEqual(["Incident commander", "Operations lead", "Communications"]);
    expect(roles).toContain("<code>#support-escalations</code>");
  });

  it("notes what the service kit's site uses that the builder does not run: two plugins and the macros of one page", () => {
    expect([...notesOf("docs/keystone-service-kit")].sort()).toEqual(
      [
        "The mkdocs plugin 'macros' is not supported by Atrium's builder and was ignored.",
        "The mkdocs plugin 'git-revision-date-localized' is not supported by Atrium's builder and was ignored.",
        "versions.md uses {{ }} or {% %} macros (the macros plugin), which are not rendered: they are shown as written.",
      ].sort(),
    );
    // Shown as written, escaped as text.
    expect(articleAt("docs/keystone-service-kit", "versions/")).toContain("{{ kit_version }}");
    const log = built.get(path.join(examples, "docs/keystone-service-kit"))!.log;
    expect(log.filter((line) => line.startsWith("WARNING: "))).toHaveLength(3);
  });

  it("builds the warehouse models' navigation from its folders, without notes for dbt's {{ ref() }} in code", () => {
    const site = siteOf("docs/warehouse-models");
    expect(site.pages.map((page) => page.path).sort()).toEqual([
      "",
      "conventions/",
      "marts/finance/",
      "marts/maintenance/",
      "marts/occupancy/",
      "operations/backfills/",
      "operations/schedule-and-freshness/",
      "staging/",
    ]);
    const sections = site.nav.filter((item) => item.children);
    expect(titles(sections)).toEqual(["Marts", "Operations", "Staging"]);
    expect(titles(sections[0].children!)).toEqual(["Finance mart", "Maintenance mart", "Occupancy mart"]);
    expect(site.notes).toEqual([]);
  });

  it("leaves no notes on the other sites", () => {
    for (const folder of [
      "docs/keystone-web",
      "docs/rent-payments",
      "catalog/components/rent-ledger-service",
      "catalog/components/maintenance-requests-service",
      "catalog/components/sensor-ingest-gateway",
    ]) {
      expect(notesOf(folder), folder).toEqual([]);
    }
  });
});

describe("the example catalog's techdocs annotations", () => {
  type Annotated = { ref: string; file: string; annotations: Record<string, string> };
  async function annotatedEntities(): Promise<Annotated[]> {
    const root = parseCatalogYaml(await readFile(path.join(examples, "catalog-info.yaml"), "utf8"), "catalog-info.yaml");
    const targets = ((root[0] as { value: { spec: { targets: string[] } } }).value.spec.targets ?? []).filter((target) => !target.includes("/broken/"));
    const entities: Annotated[] = [];
    for (const target of targets) {
      const file = path.join(examples, target);
      for (const document of parseCatalogYaml(await readFile(file, "utf8"), target)) {
        if ("error" in document) throw new Error(document.error);
        const entity = document.value as { kind: string; metadata: { name: string; annotations?: Record<string, string> } };
        entities.push({ ref: `${entity.kind.toLowerCase()}:default/${entity.metadata.name}`, file, annotations: entity.metadata.annotations ?? {} });
      }
    }
    return entities;
  }

  it("points every techdocs-ref at one of the sites, relative to the entity's file", async () => {
    const refs = new Map<string, string>();
    for (const entity of await annotatedEntities()) {
      const ref = entity.annotations["backstage.io/techdocs-ref"];
      if (!ref) continue;
      expect(ref, entity.ref).toMatch(/^dir:/);
      refs.set(entity.ref, path.relative(examples, path.resolve(path.dirname(entity.file), ref.slice("dir:".length))));
    }
    expect(Object.fromEntries(refs)).toEqual({
      "system:default/platform-core": "docs/platform-core",
      "system:default/rent-payments": "docs/rent-payments",
      "component:default/keystone-web": "docs/keystone-web",
      "component:default/warehouse-models": "docs/warehouse-models",
      "component:default/keystone-service-kit": "docs/keystone-service-kit",
      "component:default/rent-ledger-service": "catalog/components/rent-ledger-service",
      "component:default/maintenance-requests-service": "catalog/components/maintenance-requests-service",
      "component:default/sensor-ingest-gateway": "catalog/components/sensor-ingest-gateway",
    });
    for (const folder of refs.values()) expect(built.has(path.join(examples, folder)), folder).toBe(true);
  });

  it("shows the autopay scheduler the Rent Payments system's docs, at a page that exists", async () => {
    const autopay = (await annotatedEntities()).find((entity) => entity.ref === "component:default/autopay-scheduler")!;
    expect(autopay.annotations["backstage.io/techdocs-ref"]).toBeUndefined();
    expect(autopay.annotations["backstage.io/techdocs-entity"]).toBe("system:default/rent-payments");
    const entityPath = autopay.annotations["backstage.io/techdocs-entity-path"];
    const page = siteOf("docs/rent-payments").pages.find((candidate) => `/${candidate.path}` === entityPath);
    expect(page?.title).toBe("Autopay scheduler");
  });
});
