import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { Pagination } from "./pagination";

describe("Pagination", () => {
  it("links the pages it can reach, each with its tooltip, and disables the others", async () => {
    const html = await renderPage(<Pagination links={{ previous: "/x?page=1", next: "/x?page=3" }}>11-20 of 42</Pagination>);
    expect(html).toContain('aria-label="Pagination"');
    expect(html).toContain("11-20 of 42");
    expect(html).toMatch(/<span role="link" aria-disabled="true" aria-label="First Page" title="First Page"/);
    expect(html).toMatch(/<a [^>]*aria-label="Previous Page" title="Previous Page"[^>]*href="\/x\?page=1"|<a [^>]*href="\/x\?page=1"[^>]*aria-label="Previous Page"/);
    expect(html).toContain('title="Next Page"');
    expect(html).not.toContain("Last Page");
  });
});
