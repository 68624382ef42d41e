import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { renderMarkdown } from "~/lib/markdown/render-markdown.server";
import { highlightCode } from "~/lib/highlight/highlight-code.server";
import { CodeBlock } from "./code-block";
import { Markdown } from "./markdown";

describe("CodeBlock", () => {
  it("places the server's highlighted HTML in a labelled figure; the copy button waits for JavaScript", async () => {
    const { html: highlighted } = await highlightCode("a: 1", "yaml");
    const html = await renderPage(<CodeBlock html={highlighted} language="yaml" label="Raw definition" />);
    expect(html).toMatch(/<figure aria-label="Raw definition" data-language="yaml"/);
    expect(html).toContain('<pre class="shiki shiki-themes github-light-default github-dark-default"');
    expect(html).not.toContain("Copy to clipboard");
  });
});

describe("Markdown", () => {
  it("renders sanitised markdown, with safe links", async () => {
    const html = await renderPage(<Markdown html={renderMarkdown("**Hi** [x](javascript:alert(1)) [docs](https://example.com) <script>alert(2)</script>")} />);
    expect(html).toContain("<strong>Hi</strong>");
    expect(html).not.toMatch(/javascript:|<script>alert/);
    expect(html).toContain('href="https://example.com" rel="noopener noreferrer nofollow" target="_blank"');
  });
});
