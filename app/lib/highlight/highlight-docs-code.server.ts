import { createHash } from "node:crypto";
import type { Element, Root } from "hast";
import type { HighlighterCore, LanguageRegistration } from "shiki/core";

// Code blocks of documentation pages, highlighted on the server with shiki in
// the way of highlight-code.server.ts (light colours inline, dark ones as
// --shiki-dark variables that app.css switches with the theme), but for the
// many languages docs are written in: each grammar is loaded on first use, so
// a build pays only for the languages its pages use. An unknown language is
// plain text, never a failure.
//
// Themes: github-light-default and github-dark-default, the pair whose
// every token colour passes WCAG AA (4.5:1) on its own background: github-dark's
// comments (#6a737d on #24292e) are 3.0:1 and github-light's orange
// (#e36209 on white) 3.5:1. highlight-docs-code.server.test.ts checks every
// colour emitted for samples of each language.

export const DOCS_CODE_THEMES = { light: "github-light-default", dark: "github-dark-default" } as const;

type LanguageModule = () => Promise<{ default: LanguageRegistration[] }>;

/** The grammars, by shiki's name; each import is separate so a bundle keeps them as lazy chunks. */
const GRAMMARS: Record<string, LanguageModule> = {
  shellscript: () => import("shiki/langs/shellscript.mjs"),
  shellsession: () => import("shiki/langs/shellsession.mjs"),
  powershell: () => import("shiki/langs/powershell.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  go: () => import("shiki/langs/go.mjs"),
  java: () => import("shiki/langs/java.mjs"),
  kotlin: () => import("shiki/langs/kotlin.mjs"),
  scala: () => import("shiki/langs/scala.mjs"),
  groovy: () => import("shiki/langs/groovy.mjs"),
  javascript: () => import("shiki/langs/javascript.mjs"),
  typescript: () => import("shiki/langs/typescript.mjs"),
  tsx: () => import("shiki/langs/tsx.mjs"),
  jsx: () => import("shiki/langs/jsx.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  jsonc: () => import("shiki/langs/jsonc.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
  toml: () => import("shiki/langs/toml.mjs"),
  ini: () => import("shiki/langs/ini.mjs"),
  xml: () => import("shiki/langs/xml.mjs"),
  sql: () => import("shiki/langs/sql.mjs"),
  graphql: () => import("shiki/langs/graphql.mjs"),
  proto: () => import("shiki/langs/proto.mjs"),
  docker: () => import("shiki/langs/docker.mjs"),
  hcl: () => import("shiki/langs/hcl.mjs"),
  terraform: () => import("shiki/langs/terraform.mjs"),
  diff: () => import("shiki/langs/diff.mjs"),
  markdown: () => import("shiki/langs/markdown.mjs"),
  html: () => import("shiki/langs/html.mjs"),
  css: () => import("shiki/langs/css.mjs"),
  scss: () => import("shiki/langs/scss.mjs"),
  rust: () => import("shiki/langs/rust.mjs"),
  csharp: () => import("shiki/langs/csharp.mjs"),
  ruby: () => import("shiki/langs/ruby.mjs"),
  php: () => import("shiki/langs/php.mjs"),
  c: () => import("shiki/langs/c.mjs"),
  cpp: () => import("shiki/langs/cpp.mjs"),
  swift: () => import("shiki/langs/swift.mjs"),
  make: () => import("shiki/langs/make.mjs"),
  nginx: () => import("shiki/langs/nginx.mjs"),
};

/** The names authors write (Pygments' and GitHub's aliases) to shiki's grammar names. */
const ALIASES: Record<string, string> = {
  bash: "shellscript",
  sh: "shellscript",
  shell: "shellscript",
  zsh: "shellscript",
  shellscript: "shellscript",
  console: "shellsession",
  "shell-session": "shellsession",
  shellsession: "shellsession",
  ps1: "powershell",
  pwsh: "powershell",
  powershell: "powershell",
  py: "python",
  python: "python",
  python3: "python",
  go: "go",
  golang: "go",
  java: "java",
  kotlin: "kotlin",
  kt: "kotlin",
  kts: "kotlin",
  scala: "scala",
  groovy: "groovy",
  gradle: "groovy",
  js: "javascript",
  javascript: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  node: "javascript",
  ts: "typescript",
  typescript: "typescript",
  tsx: "tsx",
  jsx: "jsx",
  json: "json",
  json5: "jsonc",
  jsonc: "jsonc",
  yaml: "yaml",
  yml: "yaml",
  toml: "toml",
  ini: "ini",
  cfg: "ini",
  properties: "ini",
  dosini: "ini",
  xml: "xml",
  sql: "sql",
  postgresql: "sql",
  mysql: "sql",
  graphql: "graphql",
  gql: "graphql",
  proto: "proto",
  protobuf: "proto",
  dockerfile: "docker",
  docker: "docker",
  hcl: "hcl",
  terraform: "terraform",
  tf: "terraform",
  diff: "diff",
  patch: "diff",
  markdown: "markdown",
  md: "markdown",
  html: "html",
  htm: "html",
  css: "css",
  scss: "scss",
  rust: "rust",
  rs: "rust",
  csharp: "csharp",
  "c#": "csharp",
  cs: "csharp",
  ruby: "ruby",
  rb: "ruby",
  php: "php",
  c: "c",
  h: "c",
  cpp: "cpp",
  "c++": "cpp",
  swift: "swift",
  make: "make",
  makefile: "make",
  nginx: "nginx",
};

/** The grammar for a fence's language, or undefined for plain text. */
export function docsCodeLanguage(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const language = ALIASES[name.toLowerCase()];
  return language && GRAMMARS[language] ? language : undefined;
}

/** Above this size a block is shown plain: tokenising megabytes would hold a build for seconds. */
export const MAX_DOCS_HIGHLIGHT_CHARS = 100_000;

let highlighter: Promise<HighlighterCore> | undefined;
const loading = new Map<string, Promise<void>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import("shiki/core"), import("shiki/engine/javascript")]);
    return createHighlighterCore({
      themes: [import("shiki/themes/github-light-default.mjs"), import("shiki/themes/github-dark-default.mjs")],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  highlighter.catch(() => (highlighter = undefined));
  return highlighter;
}

async function ensureLanguage(shiki: HighlighterCore, language: string): Promise<boolean> {
  if (shiki.getLoadedLanguages().includes(language)) return true;
  let pending = loading.get(language);
  if (!pending) {
    pending = GRAMMARS[language]!().then((module) => shiki.loadLanguage(module.default));
    loading.set(language, pending);
  }
  try {
    await pending;
    return true;
  } catch {
    loading.delete(language);
    return false;
  }
}

export type DocsCodeBlock = {
  code: string;
  /** As written after the fence (```python): an alias, or anything. */
  language?: string;
  /** 1-based line numbers to mark (pymdownx.highlight's hl_lines). */
  highlightLines?: ReadonlySet<number>;
};

/**
 * The block as a hast <pre class="shiki"> element with a <code> of line
 * spans, highlighted when its language is known; marked lines carry the
 * class `hll` (pymdownx.highlight's name).
 */
export async function highlightDocsCode(block: DocsCodeBlock): Promise<Element> {
  const language = docsCodeLanguage(block.language);
  const code = block.code.replace(/\n$/, "");
  if (language && code.length <= MAX_DOCS_HIGHLIGHT_CHARS) {
    const key = `${language}:${[...(block.highlightLines ?? [])].join(",")}:${createHash("sha256").update(code).digest("base64")}`;
    const cached = cache.get(key);
    if (cached) {
      // Most recently used goes last, so eviction takes the least recently used.
      cache.delete(key);
      cache.set(key, cached);
      return structuredClone(cached.element);
    }
    const element = await tokenise(code, language, block.highlightLines);
    if (element) {
      remember(key, element, code.length);
      return structuredClone(element);
    }
  }
  return plainBlock(code, block.highlightLines);
}

/**
 * Recent results by language, marked lines and content hash: a rebuild of a
 * site renders its changed pages again, and sites repeat their snippets
 * (install commands, configuration). Bounded by the code's total size.
 */
const CACHE_MAX_CHARS = 20_000_000;
const cache = new Map<string, { element: Element; chars: number }>();
let cachedChars = 0;

function remember(key: string, element: Element, chars: number): void {
  cache.set(key, { element, chars });
  cachedChars += chars;
  for (const [oldest, value] of cache) {
    if (cachedChars <= CACHE_MAX_CHARS) break;
    cache.delete(oldest);
    cachedChars -= value.chars;
  }
}

async function tokenise(code: string, language: string, highlightLines: ReadonlySet<number> | undefined): Promise<Element | undefined> {
  const shiki = await getHighlighter();
  if (!(await ensureLanguage(shiki, language))) return undefined;
  const root = shiki.codeToHast(code, {
    lang: language,
    themes: DOCS_CODE_THEMES,
    transformers: highlightLines?.size
      ? [
          {
            line(node, line) {
              if (highlightLines.has(line)) this.addClassToHast(node, "hll");
            },
          },
        ]
      : [],
  });
  return (root as Root).children.find((child): child is Element => child.type === "element" && child.tagName === "pre");
}

function plainBlock(code: string, marked: ReadonlySet<number> | undefined): Element {
  const lines = code.split("\n");
  const children: Element["children"] = [];
  lines.forEach((line, index) => {
    if (index > 0) children.push({ type: "text", value: "\n" });
    children.push({ type: "element", tagName: "span", properties: { className: marked?.has(index + 1) ? ["line", "hll"] : ["line"] }, children: [{ type: "text", value: line }] });
  });
  return { type: "element", tagName: "pre", properties: { className: ["shiki"] }, children: [{ type: "element", tagName: "code", properties: {}, children }] };
}
