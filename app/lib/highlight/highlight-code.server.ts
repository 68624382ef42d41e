import { createHash } from "node:crypto";
import type { HighlighterCore } from "shiki/core";

// Syntax highlighting on the server with shiki: the browser receives finished
// HTML and never a grammar. Fine-grained imports keep the server bundle to the
// five grammars and two themes Atrium uses: the docs' pair,
// github-light-default and github-dark-default, whose every token colour
// passes AA (highlight-docs-code.server.ts). The JavaScript regex engine
// avoids shipping and instantiating oniguruma's WebAssembly. The highlighter
// is created once per process, on first use.

export const CODE_LANGUAGES = ["yaml", "json", "graphql", "proto", "typescript"] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Above this size the text is shown plain: tokenising megabytes would hold a request for seconds. */
export const MAX_HIGHLIGHT_CHARS = 200_000;

export type HighlightedCode = { language: CodeLanguage; html: string; highlighted: boolean };

let highlighter: Promise<HighlighterCore> | undefined;

/**
 * Recent results by language and content hash: tokenising a 20 KB definition
 * takes over 100 ms, and the same definitions are shown again and again
 * (they change only when the catalog does). Bounded by total HTML size.
 */
const CACHE_MAX_CHARS = 20_000_000;
const cache = new Map<string, HighlightedCode>();
let cachedChars = 0;

function remember(key: string, result: HighlightedCode): HighlightedCode {
  cache.set(key, result);
  cachedChars += result.html.length;
  for (const [oldest, value] of cache) {
    if (cachedChars <= CACHE_MAX_CHARS) break;
    cache.delete(oldest);
    cachedChars -= value.html.length;
  }
  return result;
}

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import("shiki/core"), import("shiki/engine/javascript")]);
    return createHighlighterCore({
      themes: [import("shiki/themes/github-light-default.mjs"), import("shiki/themes/github-dark-default.mjs")],
      langs: [import("shiki/langs/yaml.mjs"), import("shiki/langs/json.mjs"), import("shiki/langs/graphql.mjs"), import("shiki/langs/proto.mjs"), import("shiki/langs/typescript.mjs")],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  highlighter.catch(() => (highlighter = undefined));
  return highlighter;
}

/**
 * The code as HTML: a <pre class="shiki"> whose spans carry the light colours
 * inline and the dark ones as --shiki-dark variables (app.css switches them
 * with the theme). Too large a text is escaped, not tokenised.
 */
export async function highlightCode(code: string, language: CodeLanguage): Promise<HighlightedCode> {
  if (code.length > MAX_HIGHLIGHT_CHARS) return { language, html: plainHtml(code), highlighted: false };
  const key = `${language}:${createHash("sha256").update(code).digest("base64")}`;
  const cached = cache.get(key);
  if (cached) {
    // Most recently used goes last, so eviction takes the least recently used.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const shiki = await getHighlighter();
  const html = shiki.codeToHtml(code, { lang: language, themes: { light: "github-light-default", dark: "github-dark-default" } });
  return remember(key, { language, html, highlighted: true });
}

function plainHtml(code: string): string {
  return `<pre class="shiki"><code>${escapeHtml(code)}</code></pre>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
