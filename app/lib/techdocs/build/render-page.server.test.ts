import { describe, expect, it } from "vitest";
import { MAX_PAGE_BLOCKS, MAX_PAGE_MARKDOWN_BYTES } from "./limits";
import { resolveLink } from "./links";
import { renderPage } from "./render-page.server";

// What a reader sees of one page: the article's HTML, its table of contents
// and its text. The site has index.md, guide.md, ops/deploy.md and an image.
const site = {
  pages: new Map([
    ["index.md", ""],
    ["guide.md", "guide/"],
    ["ops/deploy.md", "ops/deploy/"],
  ]),
  assets: new Set(["img/diagram.png"]),
};

async function render(markdown: string, source = "guide.md") {
  const path = site.pages.get(source) ?? "guide/";
  return renderPage(source, markdown, Buffer.byteLength(markdown), (href) => resolveLink(href, source, path, site));
}

async function html(markdown: string, source?: string) {
  return (await render(markdown, source)).html;
}

describe("GitHub-flavoured Markdown", () => {
  it("renders tables, strikethrough, autolinks and footnotes", async () => {
    const out = await html("| a | b |\n|---|:-:|\n| 1 | 2 |\n\n~~gone~~ and www.example.com\n\nSee[^n].\n\n[^n]: The note.\n");
    expect(out).toContain("<table>");
    expect(out).toContain('<th align="center">b</th>');
    expect(out).toContain("<del>gone</del>");
    expect(out).toContain('<a href="http://www.example.com" rel="noopener noreferrer">www.example.com</a>');
    // The footnote reference and its definition point at each other after the sanitiser's id prefix.
    expect(out).toMatch(/<a href="#user-content-fn-n" id="user-content-fnref-n"/);
    expect(out).toContain('<li id="user-content-fn-n">');
    expect(out).toContain('href="#user-content-fnref-n"');
  });

  it("renders task lists with disabled checkboxes named by their text", async () => {
    const out = await html("- [x] done\n- [ ] todo\n");
    expect(out).toContain('<li class="task-list-item"><label class="task-list-control"><input type="checkbox" disabled checked><span class="task-list-indicator"></span>done</label></li>');
    expect(out).toContain('<input type="checkbox" disabled><span class="task-list-indicator"></span>todo</label>');
  });
});

describe("mkdocs-material blocks", () => {
  it("renders admonitions with a title, the type's name, or no title", async () => {
    expect(await html('!!! note "Heads up"\n    Some **text**.\n')).toContain('<div class="admonition note"><p class="admonition-title">Heads up</p>\n<p>Some <strong>text</strong>.</p>\n</div>');
    expect(await html("!!! warning\n    Careful.\n")).toContain('<div class="admonition warning"><p class="admonition-title">Warning</p>');
    expect(await html('!!! danger ""\n    No title.\n')).toContain('<div class="admonition danger">\n<p>No title.</p>');
  });

  it("renders every admonition type and alias as its class", async () => {
    for (const type of [
      "note",
      "abstract",
      "summary",
      "tldr",
      "info",
      "todo",
      "tip",
      "hint",
      "important",
      "success",
      "check",
      "done",
      "question",
      "help",
      "faq",
      "warning",
      "caution",
      "attention",
      "failure",
      "fail",
      "missing",
      "danger",
      "error",
      "bug",
      "example",
      "quote",
      "cite",
      "seealso",
    ]) {
      expect(await html(`!!! ${type}\n    Body.\n`)).toContain(`<div class="admonition ${type}">`);
    }
  });

  it("renders collapsible admonitions as details, open with ???+", async () => {
    expect(await html('??? tip "More"\n    Hidden.\n')).toContain('<details class="tip"><summary>More</summary>\n<p>Hidden.</p>\n</details>');
    expect(await html("???+ example\n    Shown.\n")).toContain('<details class="example" open><summary>Example</summary>');
  });

  it("nests admonitions and keeps code inside them", async () => {
    const out = await html('!!! note\n    Outer.\n\n    !!! bug "Inner"\n        ```python\n        x = 1\n        ```\n');
    expect(out).toMatch(/<div class="admonition note">[\s\S]*<div class="admonition bug"><p class="admonition-title">Inner<\/p>[\s\S]*<div class="highlight language-python"><pre class="shiki/);
  });

  it("leaves a fenced `!!!` line as code", async () => {
    const out = await html("```\n!!! note\n    not a block\n```\n");
    expect(out).not.toContain("admonition");
    expect(out).toContain("!!! note");
  });

  it("renders content tabs as radio buttons and labels that work without JavaScript", async () => {
    const out = await html('=== "macOS"\n    brew install x\n\n=== "Linux"\n    apt install x\n');
    expect(out).toContain(
      '<div class="tabbed-set tabbed-alternate" data-tabs="1:2"><input type="radio" name="__tabbed_1" id="__tabbed_1_1" checked><input type="radio" name="__tabbed_1" id="__tabbed_1_2">',
    );
    expect(out).toContain('<div class="tabbed-labels"><label for="__tabbed_1_1">macOS</label><label for="__tabbed_1_2">Linux</label></div>');
    expect(out).toMatch(/<div class="tabbed-content"><div class="tabbed-block">\n<p>brew install x<\/p>\n<\/div><div class="tabbed-block">\n<p>apt install x<\/p>/);
  });

  it("starts a new tab set with ===! and selects a tab with ===+", async () => {
    const out = await html('=== "A"\n    a\n\n===! "B"\n    b\n\n===+ "C"\n    c\n');
    expect(out.match(/class="tabbed-set/g)).toHaveLength(2);
    expect(out).toContain('<input type="radio" name="__tabbed_2" id="__tabbed_2_1"><input type="radio" name="__tabbed_2" id="__tabbed_2_2" checked>');
  });
});

describe("code blocks", () => {
  it("highlights with light colours inline and dark ones as variables", async () => {
    const out = await html("```python\nprint('hi')\n```\n");
    expect(out).toContain('<div class="highlight language-python"><pre class="shiki shiki-themes github-light-default github-dark-default"');
    expect(out).toMatch(/<span style="color:#0550AE;--shiki-dark:#79C0FF">print<\/span>/);
  });

  it("shows a title and marks hl_lines", async () => {
    const out = await html('```yaml title="app-config.yaml" hl_lines="2"\na: 1\nb: 2\n```\n');
    expect(out).toContain('<span class="filename">app-config.yaml</span>');
    expect(out.match(/<span class="line hll">/g)).toHaveLength(1);
    expect(out).toMatch(/<span class="line hll"><span[^>]*>b<\/span>/);
  });

  it("shows an unknown language as plain text", async () => {
    const out = await html("```klingon\n<qapla'>\n```\n");
    expect(out).toContain('<pre class="shiki"><code><span class="line">&#x3C;qapla\'></span></code></pre>');
  });

  it("highlights the languages docs are written in", async () => {
    for (const language of [
      "bash",
      "shell",
      "python",
      "go",
      "java",
      "kotlin",
      "javascript",
      "typescript",
      "tsx",
      "json",
      "yaml",
      "toml",
      "sql",
      "dockerfile",
      "hcl",
      "diff",
      "markdown",
      "html",
      "css",
      "rust",
      "csharp",
      "ruby",
      "php",
      "ini",
    ]) {
      const out = await html(`\`\`\`${language}\nx = "y" # z\n\`\`\`\n`);
      expect(out, language).toContain("shiki-themes github-light-default github-dark-default");
    }
  });
});

describe("headings", () => {
  it("gives mkdocs' slugs, unique with _1, and a table of contents of levels 2 to 6", async () => {
    const page = await render("# Title\n\n## Getting Started!\n\n### Café & crème\n\n## Getting Started!\n\n###### Six\n");
    expect(page.title).toBe("Title");
    expect(page.toc).toEqual([
      { id: "getting-started", title: "Getting Started!", level: 2 },
      { id: "cafe-creme", title: "Café & crème", level: 3 },
      { id: "getting-started_1", title: "Getting Started!", level: 2 },
      { id: "six", title: "Six", level: 6 },
    ]);
    expect(page.html).toContain(
      '<h2 id="getting-started">Getting Started!<a class="headerlink" href="#getting-started" title="Permanent link" aria-label="Permanent link to Getting Started!">¶</a></h2>',
    );
  });

  it("reads attr_list after a heading (its id) and after images and links (not shown)", async () => {
    const page = await render('## Install it {#install .wide}\n\n## Plain {: .x }\n\n![d](img/diagram.png){ width="300" } and [a](#install){: .button }\n');
    expect(page.toc).toEqual([
      { id: "install", title: "Install it", level: 2 },
      { id: "plain", title: "Plain", level: 2 },
    ]);
    expect(page.html).toContain('<p><img src="../img/diagram.png" alt="d"> and <a href="#install">a</a></p>');
  });

  it("takes the title from front matter before the first H1, and does not show the front matter", async () => {
    const page = await render("---\ntitle: From front matter\ndescription: About it\nhide:\n  - toc\n---\n# Heading\n\nBody\n");
    expect(page).toMatchObject({ title: "From front matter", description: "About it", hide: ["toc"] });
    expect(page.html).not.toContain("description");
    expect(page.html).not.toContain("---");
  });
});

describe("links and images", () => {
  it("rewrites links to Markdown files to page URLs", async () => {
    const out = await html("[a](ops/deploy.md#x) [b](index.md) [c](guide.md#here) [d](#local)");
    expect(out).toContain('<a href="../ops/deploy/#x">a</a>');
    expect(out).toContain('<a href="../">b</a>');
    expect(out).toContain('<a href="#here">c</a>');
    expect(out).toContain('<a href="#local">d</a>');
  });

  it("rewrites links from a nested page and from the home page", async () => {
    expect(await html("[home](../index.md) [guide](../guide.md)", "ops/deploy.md")).toContain('<a href="../../">home</a> <a href="../../guide/">guide</a>');
    expect(await html("[guide](guide.md) ![d](img/diagram.png)", "index.md")).toContain('<a href="guide/">guide</a> <img src="img/diagram.png" alt="d">');
  });

  it("rewrites relative images to the page's folder", async () => {
    expect(await html("![diagram](img/diagram.png)")).toContain('<img src="../img/diagram.png" alt="diagram">');
  });

  it("notes links to missing pages and outside the docs folder", async () => {
    const page = await render("[x](missing.md) [y](../../etc/passwd)");
    expect(page.notes).toEqual(["The link 'missing.md' in guide.md points to a page that is not in the docs folder.", "The link '../../etc/passwd' in guide.md points outside the docs folder."]);
  });

  it("marks links that leave the site", async () => {
    expect(await html("[out](https://example.com)")).toContain('<a href="https://example.com" rel="noopener noreferrer">out</a>');
  });
});

describe("sanitising", () => {
  const attacks: [string, string][] = [
    ["script element", "<script>alert(1)</script>"],
    ["inline event handler", '<img src="x.png" onerror="alert(1)">'],
    ["javascript: link in Markdown", "[click](javascript:alert(1))"],
    ["javascript: link in HTML", '<a href="javascript:alert(1)">click</a>'],
    ["entity-encoded javascript: link", '<a href="&#106;avascript:alert(1)">click</a>'],
    ["javascript: autolink", "<javascript:alert(1)>"],
    ["iframe", '<iframe src="https://evil.example"></iframe>'],
    ["object and embed", '<object data="x.swf"></object><embed src="x.swf">'],
    ["style element and attribute", '<style>body{display:none}</style><p style="position:fixed">x</p>'],
    ["form controls", '<form action="https://evil.example"><input name="password"><button>Go</button><textarea></textarea><select></select></form>'],
    ["SVG with script", '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ["SVG foreignObject", '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>'],
    ["data: image", '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ["math and template tricks", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ["base and link", '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">'],
    ["details ontoggle", '<details open ontoggle="alert(1)"><summary>x</summary></details>'],
    ["a forged admonition marker", "&#xE000;abc:open:0&#xE000;\n\nx\n\n&#xE000;abc:close:0&#xE000;"],
  ];

  for (const [name, attack] of attacks) {
    it(`removes ${name}`, async () => {
      const out = await html(`Before\n\n${attack}\n\nAfter\n`);
      expect(out).not.toMatch(/<(script|iframe|object|embed|style|form|textarea|select|button|svg|math|meta|base|link|foreignobject)\b/i);
      // Text that merely reads like an attack is harmless; the tags' attributes are what count.
      const tags = out.match(/<[a-z][^>]*>/gi) ?? [];
      for (const tag of tags) {
        expect(tag).not.toMatch(/\son[a-z]+=/i);
        expect(tag).not.toMatch(/=["']?\s*(javascript|data):/i);
        expect(tag).not.toMatch(/\sstyle=/i);
      }
      expect(out).not.toContain("<input");
      expect(out).not.toContain("admonition");
      expect(out).toContain("After");
    });
  }

  it("keeps safe raw HTML", async () => {
    const out = await html('<details><summary>More</summary>\n\nText\n\n</details>\n\n<kbd>Ctrl</kbd> <sub>2</sub> <img src="img/diagram.png" alt="d" width="100">\n');
    expect(out).toContain("<details><summary>More</summary>");
    expect(out).toContain("<kbd>Ctrl</kbd> <sub>2</sub>");
    expect(out).toContain('<img src="../img/diagram.png" alt="d" width="100">');
  });

  it("prefixes ids from the source against DOM clobbering", async () => {
    expect(await html('<a id="location" name="cookie">x</a>')).toContain('<a id="user-content-location" name="user-content-cookie">x</a>');
  });
});

describe("what mkdocs-techdocs-core turns on beyond GitHub-flavoured Markdown", () => {
  it("renders def_list terms and their definitions, several of each, with Markdown inside", async () => {
    const out = await html("Apple\nPomme\n:   A **fruit**.\n:   A company with `code`.\n\nBanana\n\n:   Yellow.\n\n    Second paragraph.\n");
    // One list: the second term's group joins the first; a definition after a blank line keeps its paragraphs.
    expect(out.match(/<dl>/g)).toHaveLength(1);
    expect(out.replace(/\s+/g, " ")).toContain(
      "<dl> <dt> Apple </dt> <dt> Pomme </dt> <dd> A <strong>fruit</strong>. </dd> <dd> A company with <code>code</code>. </dd> <dt> Banana </dt> <dd> <p>Yellow.</p> <p>Second paragraph.</p> </dd> </dl>",
    );
  });

  it("keeps a colon line that follows no term, and def_list syntax in code, as written", async () => {
    expect(await html("- item\n\n:   not a definition\n")).not.toContain("<dl>");
    expect(await html(":   alone\n")).not.toContain("<dl>");
    const code = await html("```\nTerm\n:   code\n```\n");
    expect(code).not.toContain("<dl>");
    expect(code).toContain(":   code");
  });

  it("renders definition lists inside admonitions, and admonitions inside definitions", async () => {
    const out = await html('!!! note\n\n    Term\n    :   Meaning.\n\nOther\n:   Text.\n\n    !!! tip "Hint"\n        Inside.\n');
    expect(out).toMatch(/<div class="admonition note">[\s\S]*<dl>\s*<dt>\s*Term\s*<\/dt>\s*<dd>\s*Meaning.\s*<\/dd>\s*<\/dl>\s*<\/div>/);
    expect(out).toMatch(/<dd>\s*Text.\s*<div class="admonition tip"><p class="admonition-title">Hint<\/p>\s*<p>Inside.<\/p>\s*<\/div>\s*<\/dd>/);
  });

  it("renders GitHub's alerts as admonitions of their type, as techdocs-core's gh-admonitions plugin does", async () => {
    for (const [marker, type, title] of [
      ["NOTE", "note", "Note"],
      ["TIP", "tip", "Tip"],
      ["IMPORTANT", "important", "Important"],
      ["WARNING", "warning", "Warning"],
      ["CAUTION", "caution", "Caution"],
    ]) {
      const out = await html(`> [!${marker}]\n> Read **this**.\n>\n> - one\n\nAfter.\n`);
      expect(out).toContain(`<div class="admonition ${type}"><p class="admonition-title">${title}</p>`);
      expect(out).toContain("<p>Read <strong>this</strong>.</p>");
      expect(out).toContain("<li>one</li>");
      expect(out).not.toContain("<blockquote>");
      expect(out).toContain("<p>After.</p>");
    }
    // Any other quote stays a quote.
    expect(await html("> [!SOMETHING]\n> text\n")).toContain("<blockquote>");
  });

  it("gives each occurrence of an abbreviation its title (abbr), not in code, and hides the definition", async () => {
    const out = await html('*[HTML]: Hyper Text Markup Language\n*[W3C]: World Wide Web "Consortium"\n\nThe HTML spec from the W3C, not HTMLX. `HTML` in code.\n');
    expect(out).toContain('The <abbr title="Hyper Text Markup Language">HTML</abbr> spec from the <abbr title="World Wide Web &#x22;Consortium&#x22;">W3C</abbr>, not HTMLX.');
    expect(out).toContain("<code>HTML</code>");
    expect(out).not.toContain("*[HTML]");
  });

  it("renders pymdownx caret, mark and tilde: inserted, marked, superscript, subscript and deleted text", async () => {
    const out = await html("^^new^^ ==hot== x^2^ H~2~O ~~gone~~, but a == b, 2 ^ 3 and `==code==`\n");
    expect(out).toContain("<p><ins>new</ins> <mark>hot</mark> x<sup>2</sup> H<sub>2</sub>O <del>gone</del>, but a == b, 2 ^ 3 and <code>==code==</code></p>");
  });

  it("renders Markdown inside HTML blocks marked markdown (md_in_html), still sanitised", async () => {
    const out = await html('<div markdown="1" onclick="alert(1)">\n**Bold** and [a link](javascript:alert(1)).\n<script>alert(1)</script>\n</div>\n');
    expect(out).toMatch(/<div>\s*<p><strong>Bold<\/strong> and <a>a link<\/a>./);
    expect(out).not.toMatch(/onclick|javascript|<script|markdown=/);
  });

  it("shows gemoji shortcodes as their emoji, and notes material's icon shortcodes, left as written", async () => {
    const page = await render("Done :smile: :+1: :not_an_emoji: :material-check: `:smile:`\n");
    expect(page.html).toContain("<p>Done 😄 👍 :not_an_emoji: :material-check: <code>:smile:</code></p>");
    expect(page.notes).toEqual(["guide.md uses icon shortcodes (:material-...:, :octicons-...:), which are not rendered: they are shown as written."]);
  });

  it("shows mermaid diagrams as their source, with a note", async () => {
    const page = await render("```mermaid\ngraph TD\n  A --> B\n```\n");
    expect(page.html).toContain("language-mermaid");
    expect(page.text).toContain("A --> B");
    expect(page.notes).toEqual(["guide.md has mermaid diagrams, which are not drawn: they are shown as their source."]);
  });

  it("reads hostile shapes of these syntaxes in bounded time", async () => {
    // Colon lines after a paragraph too long to be terms, unclosed `<div markdown>` blocks, a thousand abbreviations.
    const colons = `${"word\n".repeat(60)}${":   x\n".repeat(5_000)}`;
    const unclosed = "<div markdown>\ntext\n\n".repeat(1_000);
    const abbreviations = `${Array.from({ length: 1000 }, (_, i) => `*[A${i}]: x`).join("\n")}\n\n${"A1 A199 ".repeat(10_000)}`;
    for (const [name, markdown] of Object.entries({ colons, unclosed, abbreviations })) {
      const started = performance.now();
      await renderPage("hostile.md", markdown, Buffer.byteLength(markdown), (href) => ({ href }));
      expect(performance.now() - started, name).toBeLessThan(3000);
    }
  });

  it(`renders at most ${MAX_PAGE_BLOCKS} admonitions, tabs and definitions on a page, and notes the rest`, async () => {
    const page = await render("Term\n:   x\n\n".repeat(MAX_PAGE_BLOCKS / 2 + 10));
    expect(page.html.match(/<dd>/g)).toHaveLength(MAX_PAGE_BLOCKS / 2);
    expect(page.html).toContain("<p>Term\n:   x</p>");
    expect(page.notes).toEqual([`guide.md has more than ${MAX_PAGE_BLOCKS} admonitions, tabs and definitions: the rest are shown as written.`]);
  }, 30_000);
});

describe("text for search", () => {
  it("is the page's words without markup, anchors or code colours", async () => {
    const page = await render("# Title\n\nSome *text*.\n\n## Part\n\n```js\nlet x = 1;\n```\n");
    expect(page.text).toBe("Title Some text. Part let x = 1;");
    expect(page.sections).toEqual([
      { id: "title", title: "Title", text: "Some text." },
      { id: "part", title: "Part", text: "let x = 1;" },
    ]);
  });
});

describe("limits", () => {
  it("shows a page past its size as plain text, with a note", async () => {
    const markdown = `# Big\n\n${"word ".repeat(MAX_PAGE_MARKDOWN_BYTES / 5 + 10)}`;
    const page = await renderPage("big.md", markdown, Buffer.byteLength(markdown), (href) => ({ href }));
    expect(page.notes).toEqual([`big.md is larger than ${MAX_PAGE_MARKDOWN_BYTES} bytes: it is shown as plain text.`]);
    expect(page.html.startsWith('<pre class="atrium-plain-page"># Big')).toBe(true);
  });

  it("renders deeply nested lists and enormous tables in bounded time", async () => {
    const nested = Array.from({ length: 3000 }, (_, i) => `${"  ".repeat(i)}- item ${i}`).join("\n");
    const quotes = `${"> ".repeat(5000)}deep`;
    const table = `| a | b |\n|---|---|\n${"| x | y |\n".repeat(20_000)}`;
    const links = "[a](b) ".repeat(20_000);
    const items = "- item\n".repeat(10_000);
    for (const markdown of [nested, quotes, table, links, items]) {
      const started = performance.now();
      const page = await renderPage("hostile.md", markdown, Buffer.byteLength(markdown), (href) => ({ href }));
      // Shown plain, at once: parsing these would take from seconds to minutes.
      expect(performance.now() - started).toBeLessThan(1000);
      expect(page.html.startsWith('<pre class="atrium-plain-page">')).toBe(true);
      expect(page.notes[0]).toMatch(/^hostile\.md (nests lists|has more than|is larger than)/);
    }
  });
});
