import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

// GitHub-flavoured markdown to HTML that is safe to put in a page as is:
// raw HTML in the source is dropped (remark-rehype without allowDangerousHtml),
// rehype-sanitize keeps GitHub's allow-list (no scripts, styles, event
// handlers; hrefs only http, https, mailto and relative), and links that
// leave the portal open without handing it the opener or the referrer.
// Untrusted text (API descriptions, entity fields) goes through here.

/** Markdown past this size is cut: a description is not a book, and rendering is linear but not free. */
export const MAX_MARKDOWN_CHARS = 20_000;

type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

/** Marks links that leave the portal: no opener, no referrer, no ranking credit. */
function rehypeSafeLinks() {
  return (tree: HastNode) => {
    const stack: HastNode[] = [tree];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.type === "element" && node.tagName === "a" && node.properties) {
        const href = typeof node.properties.href === "string" ? node.properties.href : "";
        if (/^(https?:)?\/\//i.test(href)) {
          node.properties.rel = ["noopener", "noreferrer", "nofollow"];
          node.properties.target = "_blank";
        }
      }
      if (node.children) stack.push(...node.children);
    }
  };
}

const BLOCK_TAGS = new Set(["ul", "ol", "p", "div", "pre", "blockquote", "table", "h1", "h2", "h3", "h4", "h5", "h6", "hr"]);

/** A task list item's checkbox, with the item's text as its label (an input without one is unnamed to a screen reader). */
function rehypeLabelledTaskItems() {
  return (tree: HastNode) => {
    const stack: HastNode[] = [tree];
    while (stack.length) {
      const node = stack.pop()!;
      const children = node.children ?? [];
      const at = node.tagName === "label" ? -1 : children.findIndex((child) => child.type === "element" && child.tagName === "input" && child.properties?.type === "checkbox");
      if (at >= 0) {
        let end = at + 1;
        while (end < children.length && !(children[end]!.type === "element" && BLOCK_TAGS.has(children[end]!.tagName ?? ""))) end++;
        const label: HastNode = { type: "element", tagName: "label", properties: {}, children: children.slice(at, end) };
        node.children = [...children.slice(0, at), label, ...children.slice(end)];
      }
      stack.push(...(node.children ?? []));
    }
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, { ...defaultSchema, protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"] } })
  .use(rehypeSafeLinks)
  .use(rehypeLabelledTaskItems)
  .use(rehypeStringify)
  .freeze();

/** Deeper nesting of quotes and lists than this is hostile, not prose: mdast recurses, and slows down with depth. */
export const MAX_MARKDOWN_NESTING = 4;
// One whitespace run per marker, so the pattern cannot split spaces between two quantifiers (no catastrophic backtracking).
const CONTAINER_PREFIX = new RegExp(`^(?:[ \\t]*(?:>|[*+-]|\\d{1,9}[.)])){${MAX_MARKDOWN_NESTING + 1}}`, "m");

/** Lines that open a list item or quote: mdast's list handling grows faster than linearly with them (about 12 s for 2,000 nested items). */
export const MAX_MARKDOWN_CONTAINER_LINES = 300;
const CONTAINER_LINE = /^[ \t]*(?:>|[*+-]|\d{1,9}[.)])(?=[ \t]|$)/gm;

/** Sanitised HTML of a markdown text, for the Markdown component. */
export function renderMarkdown(markdown: string): string {
  const source = markdown.length > MAX_MARKDOWN_CHARS ? `${markdown.slice(0, MAX_MARKDOWN_CHARS)}…` : markdown;
  if (CONTAINER_PREFIX.test(source) || (source.match(CONTAINER_LINE) ?? []).length > MAX_MARKDOWN_CONTAINER_LINES) return plainParagraph(source);
  try {
    return String(processor.processSync(source));
  } catch (error) {
    if (error instanceof RangeError) return plainParagraph(source);
    throw error;
  }
}

function plainParagraph(text: string): string {
  return `<p>${text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}</p>`;
}
