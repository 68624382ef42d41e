import type { Element } from "hast";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { docsCodeLanguage, highlightDocsCode, MAX_DOCS_HIGHLIGHT_CHARS } from "./highlight-docs-code.server";

// Snippets with comments, strings, keywords, numbers, operators and
// punctuation: the token kinds whose colours a reader must be able to read.
const SAMPLES: Record<string, string> = {
  bash: '# comment\nfor f in *.md; do echo "$f" 42; done',
  console: "$ kubectl get pods # list\nNAME READY",
  python: "# comment\n@decorator\ndef f(x: int = 1) -> str:\n    return f'{x}' if x else None",
  go: '// comment\nfunc main() { fmt.Println("hi", 42) }',
  java: "/** doc */\npublic class A { private int x = 0x1F; }",
  kotlin: 'fun main() { val s = "x$y"; println(s) } // c',
  javascript: "// c\nconst re = /a+/g; let t = `x${1}`;",
  typescript: "type T<A> = { a?: A }; export default function f(): void {} // c",
  tsx: 'const A = () => <div className="x">{1}</div>; // c',
  json: '{ "a": [1, true, null, "s"] }',
  yaml: "# comment\nkey: value\nlist:\n  - 1\n  - 'two'\nanchor: &a { b: c }",
  toml: '# c\n[table]\nkey = "v"\nn = 1.5',
  sql: "-- c\nSELECT a, count(*) FROM t WHERE b = 'x' GROUP BY a;",
  dockerfile: '# c\nFROM node:24 AS build\nRUN echo "x"\nENV A=1',
  hcl: '# c\nresource "aws_s3_bucket" "b" {\n  bucket = "x"\n  count  = 2\n}',
  diff: "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n context",
  markdown: "# Title\n\n*em* **strong** `code` [link](x) > quote",
  html: "<!-- c --><a href=\"x\" class='y'>t</a><script>let a = 1;</script>",
  css: "/* c */\n.a > b:hover { color: #fff; margin: 0 1px !important; }",
  rust: '// c\nfn main() -> Result<(), E> { let s: &str = "x"; println!("{}", s); Ok(()) }',
  csharp: '// c\npublic async Task<int> F() { var s = $"x{1}"; return 0; }',
  ruby: '# c\ndef f(x) = x.map { |y| "#{y}" } if :sym',
  php: '<?php // c\nfunction f($x) { return "a{$x}"; }',
  ini: "; c\n[section]\nkey=value",
  graphql: "# c\nquery Q($id: ID!) { node(id: $id) { id } }",
  proto: 'syntax = "proto3"; // c\nmessage M { string a = 1; }',
};

const stringifier = unified().use(rehypeStringify);
const toHtml = (element: Element) => stringifier.stringify({ type: "root", children: [element] });

function luminance(hex: string): number {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? [...value].map((char) => char + char).join("") : value.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe("highlightDocsCode", () => {
  it("knows the languages docs are written in, by their usual names", () => {
    for (const name of [
      "bash",
      "sh",
      "shell",
      "console",
      "py",
      "golang",
      "kt",
      "js",
      "ts",
      "tsx",
      "yml",
      "toml",
      "postgresql",
      "Dockerfile",
      "terraform",
      "patch",
      "md",
      "htm",
      "css",
      "rs",
      "c#",
      "cs",
      "rb",
      "php",
      "ini",
    ]) {
      expect(docsCodeLanguage(name), name).toBeDefined();
    }
    expect(docsCodeLanguage("klingon")).toBeUndefined();
    expect(docsCodeLanguage(undefined)).toBeUndefined();
  });

  it("colours every token readably (WCAG AA, 4.5:1) on the light and the dark background", async () => {
    const failures: string[] = [];
    for (const [language, code] of Object.entries(SAMPLES)) {
      const pre = await highlightDocsCode({ code, language });
      const style = String(pre.properties.style);
      const lightBackground = /background-color:(#[0-9a-f]+)/i.exec(style)![1]!;
      const darkBackground = /--shiki-dark-bg:(#[0-9a-f]+)/i.exec(style)![1]!;
      const html = toHtml(pre);
      for (const [, light, dark] of html.matchAll(/style="color:(#[0-9a-f]+);--shiki-dark:(#[0-9a-f]+)/gi)) {
        if (contrast(light!, lightBackground) < 4.5) failures.push(`${language} light ${light} on ${lightBackground}: ${contrast(light!, lightBackground).toFixed(2)}`);
        if (contrast(dark!, darkBackground) < 4.5) failures.push(`${language} dark ${dark} on ${darkBackground}: ${contrast(dark!, darkBackground).toFixed(2)}`);
      }
    }
    expect([...new Set(failures)]).toEqual([]);
  });

  it("shows an unknown language and an oversized block as plain, escaped lines", async () => {
    const plain = toHtml(await highlightDocsCode({ code: "<b>\nline 2\n", language: "klingon", highlightLines: new Set([2]) }));
    expect(plain).toBe('<pre class="shiki"><code><span class="line">&#x3C;b></span>\n<span class="line hll">line 2</span></code></pre>');
    const big = await highlightDocsCode({ code: "x".repeat(MAX_DOCS_HIGHLIGHT_CHARS + 1), language: "python" });
    expect(big.properties.className).toEqual(["shiki"]);
  });

  it("gives a fresh tree for a remembered block, so a page cannot change another's", async () => {
    const first = await highlightDocsCode({ code: "x = 1", language: "python" });
    (first.children[0] as Element).children = [];
    const second = await highlightDocsCode({ code: "x = 1", language: "python" });
    expect(toHtml(second)).toContain("x");
  });
});
