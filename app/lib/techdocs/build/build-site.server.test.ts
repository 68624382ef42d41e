import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { articleOf, type AtriumSite, type TechDocsMetadata } from "../site";
import { type DocsSource, DocsBuildError, buildSite } from "./build-site.server";
import { MAX_SITE_FILES } from "./limits";

const fixture = fileURLToPath(new URL("../../../../tests/fixtures/techdocs/payments-service/", import.meta.url));

function readFolder(root: string): DocsSource {
  const files = new Map<string, Uint8Array>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(root, full).split(path.sep).join("/"), readFileSync(full));
    }
  };
  walk(root);
  return { files };
}

function source(files: Record<string, string>): DocsSource {
  return { files: new Map(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)])) };
}

async function build(docs: DocsSource, options: Partial<Parameters<typeof buildSite>[1]> = {}) {
  const log: string[] = [];
  const built = await buildSite(docs, { etag: "etag-1", log: (line) => log.push(line), now: () => 1_700_000_000_000, ...options });
  return { ...built, log };
}

function page(built: { files: Map<string, Uint8Array | string> }, file: string): string {
  const document = built.files.get(file);
  if (typeof document !== "string") throw new Error(`no page ${file}`);
  return document;
}

describe("a site written for Backstage's TechDocs with mkdocs-techdocs-core", () => {
  it("builds without changes", async () => {
    const built = await build(readFolder(fixture));
    expect(built.site.siteName).toBe("Payments Service");
    expect(built.site.editBaseUrl).toBe("https://github.com/acme/payments-service/edit/main/docs/");
    expect(built.site.nav).toEqual([
      { title: "Overview", path: "" },
      { title: "Getting started", path: "getting-started/" },
      {
        title: "Architecture",
        children: [
          { title: "Architecture", path: "architecture/" },
          { title: "Data model", path: "architecture/data-model/" },
        ],
      },
      {
        title: "Runbooks",
        children: [
          { title: "Deploying", path: "runbooks/deploy/" },
          { title: "Incidents", path: "runbooks/incidents/" },
        ],
      },
      { title: "API reference", url: "https://api.acme.example/payments" },
    ]);
    expect(built.site.pages.map((entry) => entry.path)).toEqual(["", "getting-started/", "architecture/", "architecture/data-model/", "runbooks/deploy/", "runbooks/incidents/"]);
    // Every extension it lists is rendered (pymdownx.emoji's gemoji shortcodes included, and its pages use no material
    // icons) but for the diagram its superfences' mermaid fence would draw.
    expect(built.site.notes).toEqual(["architecture/index.md has mermaid diagrams, which are not drawn: they are shown as their source."]);
    expect([...built.files.keys()].sort()).toEqual([
      "architecture/data-model/index.html",
      "architecture/index.html",
      "atrium_site.json",
      "getting-started/index.html",
      "images/overview.svg",
      "images/pipeline.png",
      "index.html",
      "runbooks/deploy/index.html",
      "runbooks/incidents/index.html",
      "search/search_index.json",
      "techdocs_metadata.json",
    ]);

    const home = articleOf(page(built, "index.html"))!;
    expect(home).toContain('<img src="images/overview.svg" alt="The payments service and its neighbours">');
    expect(home).toContain('<div class="admonition info"><p class="admonition-title">Where to start</p>');
    expect(home).toContain('<a href="getting-started/">Getting started</a>');
    expect(home).toContain('<a href="runbooks/deploy/#failover">the runbook</a>');
    expect(home).toContain("<td>PostgreSQL 16</td>");

    const started = articleOf(page(built, "getting-started/index.html"))!;
    expect(started).toContain('class="tabbed-set tabbed-alternate"');
    expect(started).toContain('<div class="highlight language-go">');
    expect(started).toContain('<span class="filename">config/local.yaml</span>');
    expect(started).not.toContain("description: Run");
    expect(built.site.pages[1]!.toc).toEqual([{ id: "configuration", title: "Configuration", level: 2 }]);

    const deploy = articleOf(page(built, "runbooks/deploy/index.html"))!;
    expect(deploy).toContain('<img src="../../images/pipeline.png" alt="pipeline">');
    expect(deploy).toContain('<details class="danger" open><summary>Only with the incident commander</summary>');
    expect(deploy).toMatch(/<ol>\n<li>\n<p>Merge to <code>main<\/code>.<\/p>\n<\/li>\n<li>\n<p>Watch the rollout:<\/p>\n<div class="highlight language-console">/);
  });

  it("writes Backstage's metadata, mkdocs' search index, the site and the search documents", async () => {
    const built = await build(readFolder(fixture));
    const metadata = JSON.parse(page(built, "techdocs_metadata.json")) as TechDocsMetadata;
    expect(metadata).toEqual({ ...built.metadata, files: [...built.files.keys()].sort() });
    expect(metadata).toMatchObject({ site_name: "Payments Service", site_description: "How the payments service works, and how to run it.", etag: "etag-1", build_timestamp: 1_700_000_000_000 });
    expect(JSON.parse(page(built, "atrium_site.json")) as AtriumSite).toEqual(built.site);

    const index = JSON.parse(page(built, "search/search_index.json")) as { config: unknown; docs: { location: string; title: string; text: string }[] };
    expect(index.config).toEqual({ lang: ["en"], separator: "[\\s\\-]+", pipeline: ["stopWordFilter"] });
    expect(index.docs).toContainEqual({ location: "architecture/data-model/#settlements", title: "Settlements", text: expect.stringContaining("Settlements are written by the worker only.") });

    const overview = built.search.find((entry) => entry.path === "")!;
    expect(overview).toMatchObject({ title: "Overview", headings: ["At a glance", "Service levels"] });
    expect(overview.text).toContain("settles them with our acquirers");
    expect(overview.text).not.toContain("<");
  });

  it("writes whole documents in mkdocs-material's structure with the article last", async () => {
    const built = await build(readFolder(fixture));
    const document = page(built, "architecture/data-model/index.html");
    expect(document).toMatch(
      /^<!doctype html>.*<div class="md-container"[^>]*><main class="md-main"[^>]*><div class="md-main__inner md-grid"><div class="md-sidebar md-sidebar--primary".*<nav class="md-nav md-nav--primary".*<div class="md-content"[^>]*>(<a [^>]*>Edit this page<\/a>)?<article class="md-content__inner md-typeset">.*<\/article><\/div><\/div><\/main><\/div><\/body><\/html>$/s,
    );
    expect(document.match(/<article class="md-content__inner md-typeset">/g)).toHaveLength(1);
    expect(document).toContain("<title>Data model - Payments Service</title>");
    // The nav links relative to the page, the current page marked, the sections on its way open.
    expect(document).toContain('<a href="../../" class="md-nav__link">Overview</a>');
    expect(document).toContain('<a href="./" class="md-nav__link md-nav__link--active" aria-current="page">Data model</a>');
    expect(document).toContain('<a href="https://api.acme.example/payments" class="md-nav__link" rel="noopener noreferrer">API reference</a>');
    expect(document).toContain('<div class="md-content" data-md-component="content"><a href="https://github.com/acme/payments-service/edit/main/docs/architecture/data-model.md"');
    expect(articleOf(document)).not.toContain("Edit this page");
    expect(articleOf(document)).toContain('<a href="../../">overview</a>');
  });
});

describe("navigation", () => {
  it("follows the folders without nav: index first, then files and folders by name, folders as sections", async () => {
    const built = await build(
      source({
        "mkdocs.yml": "site_name: Folders\n",
        "docs/index.md": "# Welcome\n",
        "docs/zebra.md": "No heading here.\n",
        "docs/about-us.md": "---\ntitle: About\n---\nText\n",
        "docs/guides/index.md": "# Guides\n",
        "docs/guides/setup_local.md": "# Set up\n",
        "docs/api/README.md": "# API\n",
      }),
    );
    expect(built.site.nav).toEqual([
      { title: "Welcome", path: "" },
      { title: "About", path: "about-us/" },
      { title: "Api", children: [{ title: "API", path: "api/" }] },
      {
        title: "Guides",
        children: [
          { title: "Guides", path: "guides/" },
          { title: "Set up", path: "guides/setup_local/" },
        ],
      },
      { title: "Zebra", path: "zebra/" },
    ]);
  });

  it("leaves out README.md next to an index.md, as mkdocs does, and shows a title for a page without H1", async () => {
    const built = await build(source({ "mkdocs.yml": "site_name: R\n", "docs/index.md": "# Home\n", "docs/README.md": "# Readme\n", "docs/plain.md": "Just text.\n" }));
    expect(built.site.pages.map((entry) => entry.source)).toEqual(["index.md", "plain.md"]);
    expect(built.site.notes).toEqual(["Both index.md and README.md are in the docs folder; README.md was left out, as mkdocs does."]);
    expect(articleOf(page(built, "plain/index.html"))).toBe("<h1>Plain</h1><p>Just text.</p>");
  });

  it("reads every nav form: a path, Title: path, nested sections and external links", async () => {
    const built = await build(
      source({
        "mkdocs.yml": "site_name: Forms\nnav:\n  - index.md\n  - 'Guide': guide.md\n  - Section:\n    - sub/a.md\n    - Deeper:\n      - B page: sub/b.md\n  - Elsewhere: https://example.com/docs\n",
        "docs/index.md": "# Home page\n",
        "docs/guide.md": "# Guide H1\n",
        "docs/sub/a.md": "# A\n",
        "docs/sub/b.md": "# B\n",
        "docs/orphan.md": "# Orphan\n",
      }),
    );
    expect(built.site.nav).toEqual([
      { title: "Home page", path: "" },
      { title: "Guide", path: "guide/" },
      {
        title: "Section",
        children: [
          { title: "A", path: "sub/a/" },
          { title: "Deeper", children: [{ title: "B page", path: "sub/b/" }] },
        ],
      },
      { title: "Elsewhere", url: "https://example.com/docs" },
    ]);
    // Pages the nav leaves out are still built, after the nav's pages.
    expect(built.site.pages.map((entry) => entry.path)).toEqual(["", "guide/", "sub/a/", "sub/b/", "orphan/"]);
    expect(built.files.has("orphan/index.html")).toBe(true);
  });

  it("notes a nav entry to a missing page, as mkdocs warns, and leaves it out", async () => {
    const built = await build(source({ "mkdocs.yml": "site_name: X\nnav:\n  - Gone: gone.md\n  - Bad: 'javascript:alert(1)'\n  - index.md\n", "docs/index.md": "# Home\n" }));
    expect(built.site.nav).toEqual([{ title: "Home", path: "" }]);
    expect(built.site.notes).toEqual([
      "The nav entry 'gone.md' in mkdocs.yml points to a page that is not in the docs folder; it was left out of the navigation.",
      "The nav link 'javascript:alert(1)' in mkdocs.yml is not an http(s) URL and was ignored.",
    ]);
    expect(built.log).toContain("WARNING: The nav entry 'gone.md' in mkdocs.yml points to a page that is not in the docs folder; it was left out of the navigation.");
  });

  it("refuses a nav path with '..'", async () => {
    await expect(build(source({ "mkdocs.yml": "site_name: X\nnav:\n  - Secret: ../secret.md\n", "docs/index.md": "# Home\n", "secret.md": "x" }))).rejects.toThrow(
      new DocsBuildError("The nav entry '../secret.md' in mkdocs.yml points outside the docs folder ('..' is not allowed in nav paths)."),
    );
  });
});

describe("mkdocs.yml", () => {
  it("is required", async () => {
    await expect(build(source({ "docs/index.md": "# Home\n" }))).rejects.toThrow("No mkdocs.yml found: the documentation folder needs an mkdocs.yml (or mkdocs.yaml) next to its docs folder.");
  });

  it("may be mkdocs.yaml, with another docs_dir", async () => {
    const built = await build(source({ "mkdocs.yaml": "site_name: Y\ndocs_dir: documentation\n", "documentation/index.md": "# Home\n" }));
    expect(built.site.pages).toEqual([{ path: "", title: "Home", toc: [], source: "index.md" }]);
  });

  it("explains bad YAML", async () => {
    await expect(build(source({ "mkdocs.yml": "site_name: [unclosed\n", "docs/index.md": "x" }))).rejects.toThrow(/^mkdocs.yml is not valid YAML: /);
  });

  it("refuses an alias bomb", async () => {
    const bomb = `a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nsite_name: bomb\n`;
    await expect(build(source({ "mkdocs.yml": bomb, "docs/index.md": "x" }))).rejects.toThrow(DocsBuildError);
  });

  it("refuses a docs_dir outside the folder and a missing docs folder", async () => {
    await expect(build(source({ "mkdocs.yml": "docs_dir: ../elsewhere\n", "docs/index.md": "x" }))).rejects.toThrow(
      "mkdocs.yml: docs_dir '../elsewhere' must be a folder inside the documentation's folder.",
    );
    await expect(build(source({ "mkdocs.yml": "site_name: X\n" }))).rejects.toThrow("The docs folder 'docs' named by mkdocs.yml is missing or empty.");
  });

  it("lists the features Atrium does not render, and builds anyway", async () => {
    const built = await build(
      source({
        "mkdocs.yml":
          "site_name: X\nplugins:\n  - search\n  - techdocs-core\n  - macros\n  - mermaid2:\n      version: 10\nmarkdown_extensions:\n  - admonition\n  - def_list\n  - pymdownx.snippets\nextra_css: [x.css]\nextra_javascript: [x.js]\ntheme:\n  name: material\n  custom_dir: overrides\n",
        "docs/index.md": "# Home\n\nVersion {{ config.version }}\n\n```\n{{ not a macro in code }}\n```\n",
      }),
    );
    expect(built.site.notes).toEqual([
      "The mkdocs plugin 'macros' is not supported by Atrium's builder and was ignored.",
      "The mkdocs plugin 'mermaid2' is not supported by Atrium's builder and was ignored.",
      "The Markdown extension 'pymdownx.snippets' is not supported by Atrium's builder and was ignored.",
      "Theme customisation in mkdocs.yml (custom_dir, overrides) is not supported: pages use Atrium's reader.",
      "extra_css is not supported: Atrium's reader does not load a site's style sheets.",
      "extra_javascript is not supported: Atrium's reader runs no script from a docs site.",
      "index.md uses {{ }} or {% %} macros (the macros plugin), which are not rendered: they are shown as written.",
    ]);
    expect(built.log.filter((line) => line.startsWith("WARNING: "))).toHaveLength(7);
  });

  it("uses mkdocs' default edit_uri for github.com and gitlab.com", async () => {
    const github = await build(source({ "mkdocs.yml": "repo_url: https://github.com/acme/x\n", "docs/index.md": "x" }));
    expect(github.site).toMatchObject({ repoUrl: "https://github.com/acme/x", editBaseUrl: "https://github.com/acme/x/edit/master/docs/" });
    const gitlab = await build(source({ "mkdocs.yml": "repo_url: https://gitlab.com/acme/x/\n", "docs/index.md": "x" }));
    expect(gitlab.site.editBaseUrl).toBe("https://gitlab.com/acme/x/edit/master/docs/");
    const other = await build(source({ "mkdocs.yml": "repo_url: https://git.acme.example/x\n", "docs/index.md": "x" }));
    expect(other.site.editBaseUrl).toBeUndefined();
    const unsafe = await build(source({ "mkdocs.yml": "repo_url: javascript:alert(1)\n", "docs/index.md": "x" }));
    expect(unsafe.site.repoUrl).toBeUndefined();
  });
});

describe("incremental rebuild", () => {
  const files = {
    "mkdocs.yml": "site_name: Inc\n",
    "docs/index.md": "# Home\n\n[Guide](guide.md) [New](new.md)\n",
    "docs/guide.md": "# Guide\n\n```python\nx = 1\n```\n",
    "docs/other.md": "# Other\n",
  };

  it("renders only the pages whose Markdown changed", async () => {
    const first = await build(source(files));
    expect(first.log.at(-1)).toMatch(/^Built 3 pages \(3 rendered, 0 unchanged\)/);
    const second = await build(source({ ...files, "docs/guide.md": "# Guide, revised\n" }), { cache: first.cache });
    expect(second.log.at(-1)).toMatch(/^Built 3 pages \(1 rendered, 2 unchanged\)/);
    expect(second.site.pages.find((entry) => entry.path === "guide/")!.title).toBe("Guide, revised");
    // Every document shows the new title in its navigation.
    expect(page(second, "other/index.html")).toContain(">Guide, revised</a>");
  });

  it("renders again the pages whose links change meaning when pages are added or removed", async () => {
    const first = await build(source(files));
    expect(articleOf(page(first, "index.html"))).toContain('<a href="new.md">New</a>');
    const added = await build(source({ ...files, "docs/new.md": "# New\n" }), { cache: first.cache });
    expect(added.log.at(-1)).toMatch(/^Built 4 pages \(2 rendered, 2 unchanged\)/);
    expect(articleOf(page(added, "index.html"))).toContain('<a href="new/">New</a>');
    expect(added.site.nav.map((item) => item.title)).toEqual(["Home", "Guide", "New", "Other"]);

    const { "docs/other.md": _removed, ...withoutOther } = { ...files, "docs/new.md": "# New\n" };
    const removed = await build(source(withoutOther), { cache: added.cache });
    expect(removed.log.at(-1)).toMatch(/^Built 3 pages \(0 rendered, 3 unchanged\)/);
    expect(removed.files.has("other/index.html")).toBe(false);
    expect(removed.site.nav.map((item) => item.title)).toEqual(["Home", "Guide", "New"]);
  });
});

describe("limits and cancelling", () => {
  it("refuses a site with too many files", async () => {
    const many: Record<string, string> = { "mkdocs.yml": "site_name: Many\n" };
    for (let i = 0; i < MAX_SITE_FILES; i++) many[`docs/${i}.md`] = "x";
    await expect(build(source(many))).rejects.toThrow(`The documentation has ${MAX_SITE_FILES + 1} files; at most ${MAX_SITE_FILES} are built.`);
  });

  it("stops between pages when the signal is aborted", async () => {
    const controller = new AbortController();
    const files: Record<string, string> = { "mkdocs.yml": "site_name: Abort\n" };
    for (let i = 0; i < 50; i++) files[`docs/page-${i}.md`] = `# Page ${i}\n`;
    const pending = buildSite(source(files), { etag: "x", signal: controller.signal, log: () => {} });
    controller.abort();
    await expect(pending).rejects.toThrow(new DocsBuildError("The build was cancelled."));
  });

  it("lets the server answer other requests while it renders, page after page", async () => {
    const files: Record<string, string> = { "mkdocs.yml": "site_name: Busy\n" };
    for (let i = 0; i < 40; i++) files[`docs/page-${i}.md`] = `# Page ${i}\n\nSome text.\n`;
    // A callback queued again on every turn of the event loop stands for requests waiting for the
    // server's one thread (a timer would count milliseconds, not turns, and so the machine's speed).
    let turns = 0;
    let building = true;
    const waiting = () => {
      turns++;
      if (building) setImmediate(waiting);
    };
    setImmediate(waiting);
    try {
      await build(source(files));
    } finally {
      building = false;
    }
    expect(turns).toBeGreaterThanOrEqual(40);
  });

  it("does not publish SVGs that could run script when opened on their own", async () => {
    const built = await build(
      source({
        "mkdocs.yml": "site_name: X\n",
        "docs/index.md": "# Home\n",
        "docs/ok.svg": '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
        "docs/script.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        "docs/onload.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        "docs/link.svg": '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
      }),
    );
    expect([...built.files.keys()].filter((name) => name.endsWith(".svg"))).toEqual(["ok.svg"]);
    expect(built.site.notes).toContain("script.svg is an SVG with scripts, event handlers or embedded documents and was not published.");
  });

  it("drops dot files and paths that try to climb out", async () => {
    const built = await build(source({ "mkdocs.yml": "site_name: X\n", "docs/index.md": "# Home\n", "docs/.secret.md": "# Secret\n", "docs/.git/config": "x", "docs/../escape.md": "# Escape\n" }));
    expect([...built.files.keys()].filter((name) => name.endsWith(".html"))).toEqual(["index.html"]);
  });
});
