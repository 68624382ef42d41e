import { describe, expect, it } from "vitest";
import { highlightCode, MAX_HIGHLIGHT_CHARS } from "./highlight-code.server";

describe("highlightCode", () => {
  it("colours code for the light and the dark theme", async () => {
    const result = await highlightCode("openapi: 3.0.3\n", "yaml");
    expect(result.highlighted).toBe(true);
    expect(result.html).toContain('class="shiki');
    expect(result.html).toContain("--shiki-dark:");
    expect(result.html).toContain("openapi");
  });

  it("escapes markup in the code", async () => {
    const result = await highlightCode('description: "<script>alert(1)</script>"', "yaml");
    expect(result.html).not.toContain("<script>");
  });

  it("shows a text too large to tokenise plain and escaped", async () => {
    const huge = `a: "<b>"\n`.repeat(MAX_HIGHLIGHT_CHARS / 8);
    const result = await highlightCode(huge, "yaml");
    expect(result.highlighted).toBe(false);
    expect(result.html).not.toContain("<b>");
  });

  it("highlights each supported language", async () => {
    for (const [code, language] of [
      ["{}", "json"],
      ["type Query { a: Int }", "graphql"],
      ['syntax = "proto3";', "proto"],
      ["const a = 1;", "typescript"],
    ] as const) {
      expect((await highlightCode(code, language)).highlighted).toBe(true);
    }
  });
});

describe("highlightCode cache", () => {
  it("answers the same code again from the cache, with the same HTML", async () => {
    const code = `type Query { cached${Date.now()}: Int }`;
    const first = await highlightCode(code, "graphql");
    const again = await highlightCode(code, "graphql");
    expect(again).toBe(first);
    expect((await highlightCode(code, "typescript")).html).not.toBe(first.html);
  });
});
