import { describe, expect, it } from "vitest";
import { mkdocsSlug, SlugRegistry } from "./slug";

// Python-Markdown's toc.slugify and unique, which mkdocs uses: links written
// for a mkdocs site (`page.md#some-heading`) must find the same anchors.
describe("mkdocs' heading slugs", () => {
  it("keeps ASCII word characters, lower case, one hyphen for each run of spaces and hyphens", () => {
    expect(mkdocsSlug("Getting Started!")).toBe("getting-started");
    expect(mkdocsSlug("  API -- v2 (beta)  ")).toBe("api-v2-beta");
    expect(mkdocsSlug("Café & crème brûlée")).toBe("cafe-creme-brulee");
    expect(mkdocsSlug("snake_case stays")).toBe("snake_case-stays");
    expect(mkdocsSlug("日本語")).toBe("");
  });

  it("makes repeated and empty ids unique with _1, _2", () => {
    const slugs = new SlugRegistry();
    expect(["Intro", "Intro", "Intro", "日本語", "!!!"].map((text) => slugs.unique(text))).toEqual(["intro", "intro_1", "intro_2", "_1", "_2"]);
  });
});
