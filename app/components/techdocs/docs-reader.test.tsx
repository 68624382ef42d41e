import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { readerPageView, type ReaderPageData } from "~/lib/techdocs/reader-page";
import type { AtriumSite } from "~/lib/techdocs/site";
import { DocsReaderPage } from "./docs-reader";

// A site as the builder publishes it for docs/index.md, docs/guide.md and
// docs/ops/{index,deploy}.md with a nav of Home, Guide and an Operations section.
const site: AtriumSite = {
  version: 1,
  siteName: "Payments",
  siteDescription: "How the payments service works",
  repoUrl: "https://github.com/acme/payments",
  editBaseUrl: "https://github.com/acme/payments/edit/main/docs/",
  nav: [
    { title: "Home", path: "" },
    { title: "Guide", path: "guide/" },
    {
      title: "Operations",
      children: [
        { title: "Overview", path: "ops/" },
        { title: "Deploy", path: "ops/deploy/" },
      ],
    },
    { title: "Status page", url: "https://status.example.com" },
  ],
  pages: [
    { path: "", title: "Payments", toc: [], source: "index.md" },
    { path: "guide/", title: "Guide", toc: [{ id: "install", title: "Install", level: 2 }], source: "guide.md" },
    { path: "ops/", title: "Overview", toc: [], source: "ops/index.md" },
    {
      path: "ops/deploy/",
      title: "Deploy",
      toc: [
        { id: "steps", title: "Steps", level: 2 },
        { id: "rollback", title: "Rollback", level: 3 },
      ],
      source: "ops/deploy.md",
    },
  ],
  notes: [],
};

const entity = {
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name: "payments", namespace: "default", annotations: { "backstage.io/techdocs-ref": "dir:." } },
  spec: { type: "service", lifecycle: "production", owner: "team-a" },
  relations: [{ type: "ownedBy", targetRef: "group:default/team-a" }],
};
const header = {
  title: "payments",
  kind: "Component",
  entityRef: "component:default/payments",
  owners: ["group:default/team-a"],
  lifecycle: "production",
  entityPath: "/catalog/default/component/payments",
};

const BASE = "/docs/default/component/payments";

/** A ready page as the loader hands it over, for a reader at `readerBase` under `basePath`. */
function ready(overrides: Partial<Extract<ReaderPageData, { status: "ready" }>> = {}, { basePath = "", readerBase = BASE } = {}): ReaderPageData {
  const view = readerPageView(
    {
      entity,
      metadata: { site_name: "Payments", site_description: "How the payments service works", etag: "abc", build_timestamp: 1764000000000, files: [] },
      site,
      page: site.pages[3],
      html: '<h1 id="deploy">Deploy</h1><h2 id="steps">Steps</h2><p>Read <a href="../../guide/#install">the guide</a> first.</p><p><img alt="Flow" src="flow.png"></p><h3 id="rollback">Rollback</h3>',
      previous: site.pages[2],
      next: undefined,
      editUrl: "https://github.com/acme/payments/edit/main/docs/ops/deploy.md",
      sourceUrl: "https://github.com/acme/payments/tree/main/docs",
    },
    { readerBase: `${basePath}${readerBase}`, staticBase: `${basePath}/api/techdocs/static/docs/default/component/payments` },
  );
  return { status: "ready", updating: false, header, textSize: 115, view, ...overrides };
}

describe("the docs reader", () => {
  it("shows the site's header with the entity, its owner and lifecycle", async () => {
    const html = await renderPage(<DocsReaderPage data={ready()} readerBase={BASE} />);
    expect(html).toContain("<h1");
    expect(html).toContain("Payments</h1>");
    expect(html).toContain("How the payments service works");
    expect(html).toContain('href="/catalog/default/component/payments"');
    expect(html).toContain('href="/catalog/default/group/team-a"');
    expect(html).toContain("production");
  });

  it("labels the entity with its kind, as Backstage's reader header does", async () => {
    const system = await renderPage(<DocsReaderPage data={{ status: "notFound", emptyPath: false, header: { ...header, kind: "System", title: "Platform Core" } }} readerBase={BASE} />);
    expect(system).toMatch(/<dt[^>]*>System(<!-- -->)?:<\/dt>/);
    expect(system).not.toContain("Component:");
  });

  it("shows the navigation as a tree, the section holding the page open and the page current", async () => {
    const html = await renderPage(<DocsReaderPage data={ready()} readerBase={BASE} />);
    expect(html).toContain('<nav aria-label="Documentation navigation"');
    expect(html).toMatch(/<details open="" class="docs-nav-section"><summary[^>]*>Operations<\/summary>/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/docs\/default\/component\/payments\/ops\/deploy\/"[^>]*>Deploy<\/a>/);
    expect(html).toContain('href="/docs/default/component/payments/guide/"');
    expect(html).toContain('href="https://status.example.com"');
  });

  it("shows breadcrumbs, the table of contents, edit and source links and the previous page", async () => {
    const html = await renderPage(<DocsReaderPage data={ready()} readerBase={BASE} />);
    expect(html).toContain('<nav aria-label="Breadcrumbs"');
    expect(html).toMatch(/<li aria-current="page"><span aria-hidden="true">\/ <\/span>Deploy<\/li>/);
    expect(html).toContain('<aside aria-label="Table of contents"');
    expect(html).toContain('href="#rollback"');
    expect(html).toContain('href="https://github.com/acme/payments/edit/main/docs/ops/deploy.md"');
    expect(html).toContain("Edit this page");
    expect(html).toContain("View source");
    expect(html).toMatch(/<a rel="prev"[^>]*href="\/docs\/default\/component\/payments\/ops\/"[^>]*>.*Previous.*Overview/);
    expect(html).not.toContain('rel="next"');
  });

  it("shows the article with its links in the reader, its images from the published files, at the user's text size", async () => {
    const html = await renderPage(<DocsReaderPage data={ready()} readerBase={BASE} />);
    expect(html).toContain('style="font-size:115%"');
    expect(html).toContain('<a href="/docs/default/component/payments/guide/#install">the guide</a>');
    expect(html).toContain('src="/api/techdocs/static/docs/default/component/payments/ops/deploy/flow.png"');
    expect(html).toMatch(/<option value="115" selected="">115%<\/option>/);
    expect(html).toContain('action="/docs/text-size"');
  });

  it("keeps the reader's links under the base path", async () => {
    const html = await renderPage(<DocsReaderPage data={ready({}, { basePath: "/portal" })} readerBase={BASE} />, { root: rootData({ basePath: "/portal" }) });
    expect(html).toContain('<a href="/portal/docs/default/component/payments/guide/#install">the guide</a>');
    expect(html).toContain('src="/portal/api/techdocs/static/docs/default/component/payments/ops/deploy/flow.png"');
    expect(html).toContain('href="/portal/docs/default/component/payments/ops/"');
  });

  it("inside the entity page keeps links under the Docs tab and leaves the header to the entity page", async () => {
    const tab = "/catalog/default/component/payments/docs";
    const html = await renderPage(<DocsReaderPage data={ready({}, { readerBase: tab })} readerBase={tab} embedded />);
    expect(html).not.toContain(`data-page-theme="documentation"`);
    expect(html).toContain('<a href="/catalog/default/component/payments/docs/guide/#install">the guide</a>');
    expect(html).toContain('href="/catalog/default/component/payments/docs/ops/"');
  });

  it("says a page is not found, with a hint about index.md for the home page", async () => {
    const missingHome = await renderPage(<DocsReaderPage data={{ status: "notFound", emptyPath: true, header }} readerBase={BASE} />);
    expect(missingHome).toContain("Page not found.");
    expect(missingHome).toContain("add an index.md");
    const missingPage = await renderPage(<DocsReaderPage data={{ status: "notFound", emptyPath: false, header }} readerBase={BASE} />);
    expect(missingPage).toContain("Page not found.");
    expect(missingPage).not.toContain("index.md");
  });

  it("shows a failed build's message and log", async () => {
    const html = await renderPage(
      <DocsReaderPage data={{ status: "failed", message: "mkdocs.yml: nav entry 'missing.md' not found", log: ["Reading sources", "Build failed"], header }} readerBase={BASE} />,
    );
    expect(html).toContain("Could not generate documentation or an error in the TechDocs backend.");
    expect(html).toContain("mkdocs.yml: nav entry &#x27;missing.md&#x27; not found");
    expect(html).toContain("Reading sources\nBuild failed");
  });

  it("shows a first build running, and looks again without JavaScript", async () => {
    const html = await renderPage(<DocsReaderPage data={{ status: "building", log: ["Preparing"], header }} readerBase={BASE} />);
    expect(html).toContain("Documentation is being built.");
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="5"/></noscript>');
  });

  it("says when a newer build is being prepared", async () => {
    const html = await renderPage(<DocsReaderPage data={ready({ updating: true })} readerBase={BASE} />);
    expect(html).toContain("A newer version of this documentation is being prepared.");
  });
});
