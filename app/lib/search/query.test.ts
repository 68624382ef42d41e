import { describe, expect, it } from "vitest";
import { decodePageCursor, encodePageCursor, highlightParts, highlightText, parseSearchParams, searchParamsOf, snippetOf, termWords } from "./query";

describe("search queries", () => {
  it("reads Backstage's query parameters as its client writes them, and writes them back for links", () => {
    const params = new URLSearchParams("term=rent+ledger&types[0]=techdocs&filters[kind]=Component&filters[lifecycle][0]=production&filters[lifecycle][1]=experimental&pageCursor=MQ==&pageLimit=10");
    const request = parseSearchParams(params);
    expect(request).toEqual({
      term: "rent ledger",
      types: ["techdocs"],
      filters: { kind: "Component", lifecycle: ["production", "experimental"] },
      pageCursor: "MQ==",
      pageLimit: 10,
    });
    expect(parseSearchParams(searchParamsOf(request as never))).toEqual(request);
    // A form's "All" is an empty value: no filter.
    expect(parseSearchParams(new URLSearchParams("term=x&types[0]=&filters[kind]="))).toEqual({ term: "x" });
  });

  it("names what is wrong with a bad parameter", () => {
    expect(parseSearchParams(new URLSearchParams("types[0]=people"))).toEqual({ problem: 'Invalid query string: unknown type "people"' });
    expect(parseSearchParams(new URLSearchParams("pageLimit=ten"))).toEqual({ problem: 'Invalid query string: pageLimit must be a number, got "ten"' });
    expect(parseSearchParams(new URLSearchParams("pageLimit=101"))).toEqual({ problem: 'The page limit "101" is greater than "100"' });
    expect(parseSearchParams(new URLSearchParams("color=blue"))).toEqual({ problem: 'Invalid query string: unknown parameter "color"' });
    expect(parseSearchParams(new URLSearchParams("pageCursor=bm9wZQ=="))).toEqual({ problem: "Invalid query string: pageCursor is not a page cursor" });
  });

  it("pages with Backstage's cursor, the page number in base64", () => {
    expect(encodePageCursor(1)).toBe("MQ==");
    expect(decodePageCursor("MQ==")).toBe(1);
    expect(decodePageCursor(undefined)).toBe(0);
    expect(decodePageCursor("%%%")).toBeUndefined();
  });

  it("highlights words that start with a term's words, and cuts a snippet around the first", () => {
    const words = termWords("Ledger, PAY!");
    expect(words).toEqual(["ledger", "pay"]);
    const field = highlightText("The rent ledger applies payments", words, "<t>", "</t>");
    expect(field).toBe("The rent <t>ledger</t> applies <t>payments</t>");
    expect(highlightParts(field, "<t>", "</t>")).toEqual([
      { text: "The rent ", match: false },
      { text: "ledger", match: true },
      { text: " applies ", match: false },
      { text: "payments", match: true },
    ]);
    const long = `${"word ".repeat(100)}ledger ${"tail ".repeat(100)}`;
    const snippet = snippetOf(long, words, 20);
    expect(snippet.startsWith("… ")).toBe(true);
    expect(snippet).toContain("ledger");
    expect(snippet.split(" ").length).toBeLessThan(25);
  });
});
