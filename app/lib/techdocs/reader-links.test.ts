import { describe, expect, it } from "vitest";
import { docsRoute, pagePathOf, rewriteArticle, rewriteArticleUrl, type ArticleLinks } from "./reader-links";

const links: ArticleLinks = {
  readerBase: "/portal/docs/default/component/payments",
  staticBase: "/portal/api/techdocs/static/docs/default/component/payments",
  pagePath: "ops/deploy/",
  pages: new Set(["", "guide/", "ops/", "ops/deploy/"]),
};

describe("the reader's links", () => {
  it("names the reader of an entity with a lower-case kind", () => {
    expect(docsRoute({ namespace: "default", kind: "Component", name: "payments" })).toBe("/docs/default/component/payments");
  });

  it("reads a page path from the route's splat, with its trailing slash", () => {
    expect(pagePathOf(undefined)).toBe("");
    expect(pagePathOf("guide")).toBe("guide/");
    expect(pagePathOf("ops/deploy/")).toBe("ops/deploy/");
    expect(pagePathOf("ops/index.html")).toBe("ops/");
    expect(pagePathOf("../secret")).toBeUndefined();
  });

  it("sends links to other pages of the site to the reader, keeping their anchor", () => {
    expect(rewriteArticleUrl("../../guide/#install", "href", links)).toBe("/portal/docs/default/component/payments/guide/#install");
    expect(rewriteArticleUrl("../", "href", links)).toBe("/portal/docs/default/component/payments/ops/");
    expect(rewriteArticleUrl("../../", "href", links)).toBe("/portal/docs/default/component/payments/");
  });

  it("sends images and other files to the published files", () => {
    expect(rewriteArticleUrl("diagram.png", "src", links)).toBe("/portal/api/techdocs/static/docs/default/component/payments/ops/deploy/diagram.png");
    expect(rewriteArticleUrl("../../files/report.pdf", "href", links)).toBe("/portal/api/techdocs/static/docs/default/component/payments/files/report.pdf");
  });

  it("leaves anchors and outside links alone and drops javascript: URLs", () => {
    expect(rewriteArticleUrl("#rollback", "href", links)).toBe("#rollback");
    expect(rewriteArticleUrl("https://example.com/x", "href", links)).toBe("https://example.com/x");
    expect(rewriteArticleUrl(" javascript:alert(1)", "href", links)).toBeUndefined();
  });

  it("rewrites the article and wraps lone images in a link to themselves", () => {
    const html =
      '<h1 id="deploy">Deploy</h1><p>See <a href="../../guide/">the guide</a>.</p><p><img alt="Flow" src="flow.png"></p><a href="https://x.example"><img alt="Badge" src="https://x.example/b.svg"></a>';
    const out = rewriteArticle(html, links);
    expect(out).toContain('<a href="/portal/docs/default/component/payments/guide/">the guide</a>');
    expect(out).toContain(
      '<a href="/portal/api/techdocs/static/docs/default/component/payments/ops/deploy/flow.png" class="docs-lightbox" data-lightbox=""><img alt="Flow" src="/portal/api/techdocs/static/docs/default/component/payments/ops/deploy/flow.png"></a>',
    );
    // An image that is a link already stays that link.
    expect(out).toContain('<a href="https://x.example"><img alt="Badge" src="https://x.example/b.svg"></a>');
  });

  it("removes a javascript: href from the article", () => {
    expect(rewriteArticle('<a href="javascript:alert(1)">x</a>', links)).toBe("<a>x</a>");
  });
});
