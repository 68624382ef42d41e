import type { Element, ElementContent, Root, Text } from "hast";
import { gemoji } from "gemoji";

// The inline syntaxes of the Python-Markdown extensions mkdocs-techdocs-core
// turns on (techdocs_core/core.py in backstage/mkdocs-techdocs-core) that
// GitHub-flavoured Markdown lacks, applied to the sanitised tree's text (never
// inside code): pymdownx.caret (`^^inserted^^`, `^superscript^`),
// pymdownx.mark (`==marked==`), pymdownx.tilde (`~subscript~`; `~~deleted~~`
// is GFM's), pymdownx.emoji's gemoji shortcodes (`:smile:`) as the character
// itself, and abbr (`*[HTML]: Hyper Text Markup Language` gives each "HTML"
// on the page a title). A marked span holds plain text only: `==**x**==`
// stays as written, because the parser has already split it.

const SKIPPED = new Set(["code", "pre", "kbd", "samp", "script", "style", "abbr", "svg", "math"]);

// No space just inside the delimiters, as pymdownx requires (so `a == b` and `2^3 ^ 4` stay prose).
const SPANS = /\^\^([^\s^](?:[^^]{0,500}?[^\s^])?)\^\^|==([^\s=](?:[^=]{0,500}?[^\s=])?)==|\^([^\s^]{1,100})\^|~([^\s~]{1,100})~/g;
const SPAN_TAGS = ["ins", "mark", "sup", "sub"] as const;
const SHORTCODE = /:([a-z0-9_+-]{1,64}):/g;
const ICON_SHORTCODE = /:(?:material|octicons|fontawesome|simple)-[a-z0-9-]{1,64}:/;

let emojiByName: Map<string, string> | undefined;
function emojiOf(name: string): string | undefined {
  if (!emojiByName) {
    emojiByName = new Map();
    for (const entry of gemoji) for (const alias of entry.names) emojiByName.set(alias, entry.emoji);
  }
  return emojiByName.get(name);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Decorates the tree in place; says whether icon shortcodes (material's, octicons') were left as written. */
export function decorateInline(tree: Root, abbreviations: Map<string, string>): { iconShortcodes: boolean } {
  const names = [...abbreviations.keys()].filter(Boolean).sort((a, b) => b.length - a.length);
  const abbreviation = names.length ? new RegExp(`(?<![\\w])(?:${names.map(escapeRegExp).join("|")})(?![\\w])`, "g") : undefined;
  let iconShortcodes = false;

  const decorate = (value: string): ElementContent[] => {
    if (value.includes(":")) {
      value = value.replace(SHORTCODE, (whole, name: string) => emojiOf(name) ?? whole);
      if (ICON_SHORTCODE.test(value)) iconShortcodes = true;
    }
    const out: ElementContent[] = [];
    let last = 0;
    if (/[\^=~]/.test(value)) {
      for (const match of value.matchAll(SPANS)) {
        const group = [1, 2, 3, 4].find((index) => match[index] !== undefined)!;
        out.push(...abbreviated(value.slice(last, match.index)));
        out.push({ type: "element", tagName: SPAN_TAGS[group - 1]!, properties: {}, children: abbreviated(match[group]!) });
        last = match.index + match[0].length;
      }
    }
    out.push(...abbreviated(value.slice(last)));
    return out;
  };

  const abbreviated = (value: string): ElementContent[] => {
    if (!value) return [];
    if (!abbreviation) return [{ type: "text", value }];
    const out: ElementContent[] = [];
    let last = 0;
    for (const match of value.matchAll(abbreviation)) {
      if (match.index > last) out.push({ type: "text", value: value.slice(last, match.index) });
      out.push({ type: "element", tagName: "abbr", properties: { title: abbreviations.get(match[0]) ?? "" }, children: [{ type: "text", value: match[0] }] });
      last = match.index + match[0].length;
    }
    if (last < value.length) out.push({ type: "text", value: value.slice(last) });
    return out;
  };

  const visit = (parent: Root | Element) => {
    const children: (Root["children"][number] | ElementContent)[] = [];
    let changed = false;
    for (const node of parent.children) {
      if (node.type === "element") {
        const className = node.properties.className;
        if (!SKIPPED.has(node.tagName) && !(Array.isArray(className) && className.includes("headerlink"))) visit(node);
        children.push(node);
      } else if (node.type === "text" && (abbreviation || /[\^=~:]/.test(node.value))) {
        const decorated = decorate((node as Text).value);
        changed = true;
        children.push(...decorated);
      } else children.push(node);
    }
    if (changed) parent.children = children as Root["children"];
  };
  visit(tree);
  return { iconShortcodes };
}
