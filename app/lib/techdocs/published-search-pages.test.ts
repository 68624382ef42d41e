import { describe, expect, it } from "vitest";
import { searchPagesOfIndex } from "./published-search-pages";

describe("searchPagesOfIndex", () => {
  it("gathers a published search index's sections back into its pages", () => {
    const json = JSON.stringify({
      config: { lang: ["en"] },
      docs: [
        { location: "", title: "Home", text: "Welcome." },
        { location: "guide/", title: "Guide", text: "Read this first." },
        { location: "guide/#configure", title: "Configure", text: "Set the port." },
        { location: "ops/#operations", title: "Operations", text: "How we run it." },
        { location: "ops/#deploy", title: "Deploy", text: "Tag and push." },
        { location: 7, title: "Not a page", text: "" },
      ],
    });
    expect(searchPagesOfIndex(json)).toEqual([
      { path: "", title: "Home", headings: [], text: "Welcome." },
      { path: "guide/", title: "Guide", headings: ["Configure"], text: "Read this first. Set the port." },
      { path: "ops/", title: "Operations", headings: ["Deploy"], text: "How we run it. Tag and push." },
    ]);
  });
});
