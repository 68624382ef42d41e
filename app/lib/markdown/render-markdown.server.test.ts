import { describe, expect, it } from "vitest";
import { MAX_MARKDOWN_CHARS, renderMarkdown } from "./render-markdown.server";

describe("renderMarkdown", () => {
  it("renders GitHub-flavoured markdown: emphasis, code, lists, tables, strikethrough, autolinks", () => {
    const html = renderMarkdown("Some **bold** and `code`.\n\n* one\n* two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ www.example.com");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<table>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain('href="http://www.example.com"');
  });

  it("labels a task list item's checkbox with the item's text, nested lists left outside the label", () => {
    const html = renderMarkdown("- [x] ship it\n- [ ] write *docs*\n  - a sub-item");
    expect(html).toContain('<label><input type="checkbox" checked disabled> ship it</label>');
    expect(html).toMatch(/<label><input type="checkbox" disabled> write <em>docs<\/em>\s*<\/label><ul>/);
  });

  it("drops raw HTML: scripts, event handlers, iframes", () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|onerror|<iframe/i);
    expect(html).toContain("Hello");
  });

  it("makes javascript: and data: links inert", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x"]) {
      const html = renderMarkdown(`[click](${href}) <${href}>`);
      expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
    }
  });

  it("opens outside links without opener or referrer and keeps relative ones", () => {
    const html = renderMarkdown("[out](https://example.com/a) [in](/catalog)");
    expect(html).toContain('href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank"');
    expect(html).toContain('<a href="/catalog">in</a>');
  });

  it("cuts a huge text at the limit", () => {
    const html = renderMarkdown("x".repeat(MAX_MARKDOWN_CHARS * 3));
    expect(html.length).toBeLessThan(MAX_MARKDOWN_CHARS + 100);
  });

  it("stays fast on hostile nesting: spaced-out markers, thousands of nested list items", () => {
    for (const line of [`${"  > ".repeat(30)}x\n`, `${"* ".repeat(4)}x\n`, `${"1. ".repeat(3)}x\n`, "- x\n"]) {
      const started = Date.now();
      const html = renderMarkdown(line.repeat(Math.ceil(MAX_MARKDOWN_CHARS / line.length)));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(html).toContain("x");
    }
  });

  it("survives deeply nested quotes and lists", () => {
    const html = renderMarkdown(`${"> ".repeat(2000)}deep\n\n${"* ".repeat(2000)}deep`);
    expect(html).toContain("deep");
  });
});
