import { randomUUID } from "node:crypto";
import type { Element, ElementContent, Root, RootContent, Text } from "hast";
import type { Code, ListItem, Paragraph, Root as MdastRoot } from "mdast";
import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { parseDocument } from "yaml";
import { highlightDocsCode } from "../../highlight/highlight-docs-code.server";
import type { TocEntry } from "../site";
import { MAX_BLOCK_NESTING, MAX_PAGE_BLOCKS, MAX_PAGE_CONTAINER_LINES, MAX_PAGE_LINKS, MAX_PAGE_MARKDOWN_BYTES, MAX_PAGE_NESTING, MAX_PAGE_TABLE_ROWS } from "./limits";
import { decorateInline } from "./inline-extras";
import { type ResolvedLink } from "./links";
import { MARKER_CHAR, type MarkedBlock, markBlocks, splitFrontMatter } from "./markdown-blocks";
import { SlugRegistry } from "./slug";

// One Markdown page to the article of its published document. The order is
// the point: the author's Markdown and raw HTML are parsed and sanitised
// first (an allow-list: no script, iframe, object, embed, style, form
// controls, event handlers or style attributes; URLs only http(s), mailto,
// relative and fragments), and only then are the builder's own trusted
// transformations applied (admonitions, tabs, shiki's inline colours, heading
// anchors, task list checkboxes, rewritten links), so the sanitiser never
// strips them and the author can never produce them.

export type RenderedPage = {
  /** Front matter title, else the first H1; undefined when the page has neither. */
  title?: string;
  /** Whether the article has an H1: mkdocs-material shows the page's title as one when it does not. */
  hasH1: boolean;
  description?: string;
  /** Front matter `hide` (navigation, toc, footer): mkdocs-material's switches. */
  hide: string[];
  toc: TocEntry[];
  /** The article's inner HTML. */
  html: string;
  /** Plain text, for search. */
  text: string;
  /** Text per heading (id '' is the text before the first heading), for mkdocs' search index. */
  sections: { id: string; title: string; text: string }[];
  /** Every relative link and image as written, and what it became: a rebuild reuses the page only if they resolve the same. */
  links: [string, string][];
  notes: string[];
};

export type LinkResolver = (href: string) => ResolvedLink;

const schema = {
  ...defaultSchema,
  // Form controls come only from the builder (task list checkboxes, tab radios), never from the source.
  tagNames: (defaultSchema.tagNames ?? []).filter((name) => name !== "input"),
  attributes: { ...defaultSchema.attributes, input: [] },
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"], cite: ["http", "https"], longDesc: ["http", "https"] },
};

// pymdownx.tilde (on in techdocs-core) makes `~text~` a subscript, not GFM's single-tilde strikethrough.
const parser = unified().use(remarkParse).use(remarkGfm, { singleTilde: false }).freeze();
const toSafeHast = unified().use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: "" }).use(rehypeRaw).use(rehypeSanitize, schema).freeze();
// Most pages have no raw HTML: they skip rehype-raw's second parse of the whole tree with parse5.
const toSafeHastWithoutRaw = unified().use(remarkRehype, { clobberPrefix: "" }).use(rehypeSanitize, schema).freeze();
const stringifier = unified().use(rehypeStringify).freeze();

// One whitespace run per marker, so the pattern cannot split spaces between two quantifiers (no catastrophic backtracking).
const CONTAINER_PREFIX = new RegExp(`^(?:[ \\t]*(?:>|[*+-]|\\d{1,9}[.)])){${MAX_PAGE_NESTING + 1}}`, "m");
const CONTAINER_LINE = /^[ \t]*(?:>|[*+-]|\d{1,9}[.)])(?=[ \t]|$)/gm;
const DEEP_INDENT_ITEM = new RegExp(`^[ \\t]{${MAX_PAGE_NESTING * 4},}(?:[*+-]|\\d{1,9}[.)])(?=[ \\t]|$)`, "m");
const TABLE_LINE = /^[ \t]*\|/gm;
const LINK = /\]\(/g;

/** Why a page is shown as plain text instead of rendered, or undefined when it renders. */
export function pageTooComplex(markdown: string, byteLength: number): string | undefined {
  if (byteLength > MAX_PAGE_MARKDOWN_BYTES) return `is larger than ${MAX_PAGE_MARKDOWN_BYTES} bytes`;
  if (CONTAINER_PREFIX.test(markdown) || DEEP_INDENT_ITEM.test(markdown)) return `nests lists or quotes deeper than ${MAX_PAGE_NESTING} levels`;
  if ((markdown.match(CONTAINER_LINE) ?? []).length > MAX_PAGE_CONTAINER_LINES) return `has more than ${MAX_PAGE_CONTAINER_LINES} list items and quote lines`;
  if ((markdown.match(TABLE_LINE) ?? []).length > MAX_PAGE_TABLE_ROWS) return `has more than ${MAX_PAGE_TABLE_ROWS} table rows`;
  if ((markdown.match(LINK) ?? []).length > MAX_PAGE_LINKS) return `has more than ${MAX_PAGE_LINKS} links and images`;
  return undefined;
}

export async function renderPage(source: string, markdownText: string, byteLength: number, resolve: LinkResolver): Promise<RenderedPage> {
  const notes: string[] = [];
  const normalised = markdownText.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const { frontMatter, body } = splitFrontMatter(normalised);
  const meta = readFrontMatter(frontMatter, source, notes);

  const tooComplex = pageTooComplex(body, byteLength);
  if (tooComplex) {
    notes.push(`${source} ${tooComplex}: it is shown as plain text.`);
    const shown = body.length > MAX_PAGE_MARKDOWN_BYTES ? `${body.slice(0, MAX_PAGE_MARKDOWN_BYTES)}…` : body;
    const tree: Root = { type: "root", children: [h("pre", { className: ["atrium-plain-page"] }, [text(shown)])] };
    return {
      title: meta.title,
      hasH1: false,
      description: meta.description,
      hide: meta.hide,
      toc: [],
      html: stringifier.stringify(tree),
      text: shown,
      sections: [{ id: "", title: "", text: shown }],
      links: [],
      notes,
    };
  }

  const nonce = randomUUID().replace(/-/g, "");
  const { markdown, blocks, abbreviations, limited } = markBlocks(body, nonce, MAX_BLOCK_NESTING, MAX_PAGE_BLOCKS);
  if (limited) notes.push(`${source} has more than ${MAX_PAGE_BLOCKS} admonitions, tabs and definitions: the rest are shown as written.`);
  const mdast = parser.parse(markdown) as MdastRoot;
  const codes: Code[] = [];
  const tasks: boolean[] = [];
  let usesMacros = false;
  let hasHtml = false;
  replaceTrustedMdast(
    mdast,
    nonce,
    codes,
    tasks,
    () => (usesMacros = true),
    () => (hasHtml = true),
  );
  if (codes.some((code) => code.lang?.toLowerCase() === "mermaid")) notes.push(`${source} has mermaid diagrams, which are not drawn: they are shown as their source.`);
  if (usesMacros) notes.push(`${source} uses {{ }} or {% %} macros (the macros plugin), which are not rendered: they are shown as written.`);

  const tree = (await (hasHtml ? toSafeHast : toSafeHastWithoutRaw).run(mdast)) as Root;

  const context: TrustedContext = { nonce, blocks, codes, tasks, tabSets: 0 };
  await applyTrusted(tree, context);
  dropAttributeLists(tree);
  const headings = anchorHeadings(tree);
  if (decorateInline(tree, abbreviations).iconShortcodes) notes.push(`${source} uses icon shortcodes (:material-...:, :octicons-...:), which are not rendered: they are shown as written.`);
  const links = rewriteLinks(tree, resolve, notes);
  const { text: plain, sections } = textOf(tree);
  const firstH1 = headings.find((heading) => heading.level === 1)?.title;
  return {
    title: meta.title ?? firstH1,
    hasH1: firstH1 !== undefined,
    description: meta.description,
    hide: meta.hide,
    toc: headings.filter((heading) => heading.level >= 2),
    html: stringifier.stringify(tree),
    text: plain,
    sections,
    links,
    notes,
  };
}

type FrontMatter = { title?: string; description?: string; hide: string[] };

function readFrontMatter(yaml: string | undefined, source: string, notes: string[]): FrontMatter {
  if (yaml === undefined) return { hide: [] };
  const document = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false });
  let value: unknown;
  try {
    value = document.errors.length ? undefined : document.toJS({ maxAliasCount: 20 });
  } catch {
    value = undefined;
  }
  if (document.errors.length) notes.push(`The front matter of ${source} is not valid YAML and was ignored.`);
  if (!value || typeof value !== "object" || Array.isArray(value)) return { hide: [] };
  const record = value as Record<string, unknown>;
  const scalar = (field: unknown) => (typeof field === "string" || typeof field === "number" ? String(field) : undefined);
  return {
    title: scalar(record.title),
    description: scalar(record.description),
    hide: Array.isArray(record.hide) ? record.hide.filter((item): item is string => typeof item === "string") : [],
  };
}

// ---------------------------------------------------------------------------
// Before sanitising: the parts the builder renders itself become marker text

type MdastParent = { children: MdastNode[] };
type MdastNode = MdastRoot["children"][number] | ListItem | Paragraph | { type: string; children?: MdastNode[]; value?: string };

function marker(nonce: string, kind: string, id: number): string {
  return `${MARKER_CHAR}${nonce}:${kind}:${id}${MARKER_CHAR}`;
}

function replaceTrustedMdast(root: MdastRoot, nonce: string, codes: Code[], tasks: boolean[], sawMacro: () => void, sawHtml: () => void): void {
  const stack: MdastParent[] = [root as MdastParent];
  while (stack.length) {
    const parent = stack.pop()!;
    parent.children = parent.children.map((node) => {
      if (node.type === "code") {
        const id = codes.push(node as Code) - 1;
        return { type: "paragraph", children: [{ type: "text", value: marker(nonce, "code", id) }] } as Paragraph;
      }
      if (node.type === "listItem" && typeof (node as ListItem).checked === "boolean") {
        const item = node as ListItem;
        const id = tasks.push(item.checked!) - 1;
        item.checked = null;
        const first = item.children[0];
        if (first?.type === "paragraph") first.children.unshift({ type: "text", value: marker(nonce, "task", id) });
        else item.children.unshift({ type: "paragraph", children: [{ type: "text", value: marker(nonce, "task", id) }] });
      }
      if (node.type === "html") sawHtml();
      if (node.type === "text" && /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/.test((node as Text).value)) sawMacro();
      return node;
    });
    for (const child of parent.children) if ("children" in child && Array.isArray(child.children)) stack.push(child as MdastParent);
  }
}

// ---------------------------------------------------------------------------
// After sanitising: trusted markup

type TrustedContext = { nonce: string; blocks: MarkedBlock[]; codes: Code[]; tasks: boolean[]; tabSets: number };

type HParent = Root | Element;

function h(tagName: string, properties: Element["properties"], children: ElementContent[] = []): Element {
  return { type: "element", tagName, properties, children };
}
function text(value: string): Text {
  return { type: "text", value };
}

/** The marker a paragraph consists of: [kind, id], or undefined. */
function markerOf(node: RootContent | ElementContent, nonce: string): [string, number] | undefined {
  if (node.type !== "element" || node.tagName !== "p" || node.children.length !== 1) return undefined;
  const only = node.children[0]!;
  if (only.type !== "text") return undefined;
  return parseMarker(only.value.trim(), nonce);
}

function parseMarker(value: string, nonce: string): [string, number] | undefined {
  const prefix = `${MARKER_CHAR}${nonce}:`;
  if (!value.startsWith(prefix) || !value.endsWith(MARKER_CHAR)) return undefined;
  const [kind, id] = value.slice(prefix.length, -1).split(":");
  return kind && id !== undefined ? [kind, Number(id)] : undefined;
}

async function applyTrusted(parent: HParent, context: TrustedContext): Promise<void> {
  const children = parent.children as (RootContent | ElementContent)[];
  const output: (RootContent | ElementContent)[] = [];
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    const mark = markerOf(node, context.nonce);
    if (mark?.[0] === "code") {
      output.push(await codeBlock(context.codes[mark[1]]!));
      continue;
    }
    if (mark?.[0] === "open") {
      // Searched from the opening marker on, so a page of many blocks stays linear.
      let closeAt = -1;
      for (let at = i + 1; at < children.length && closeAt < 0; at++) {
        const candidate = markerOf(children[at]!, context.nonce);
        if (candidate?.[0] === "close" && candidate[1] === mark[1]) closeAt = at;
      }
      if (closeAt > i) {
        const inner: Element = h("div", {}, children.slice(i + 1, closeAt) as ElementContent[]);
        await applyTrusted(inner, context);
        output.push(blockElement(context.blocks[mark[1]]!, inner.children, context));
        i = closeAt;
        continue;
      }
    }
    if (mark) continue; // a marker whose pair the Markdown structure separated: dropped, its content stays
    if (node.type === "element") {
      if (node.tagName === "li") taskItem(node, context);
      await applyTrusted(node, context);
    }
    output.push(node);
  }
  parent.children = groupTabs(output, context) as Root["children"];
}

function taskItem(item: Element, context: TrustedContext): void {
  const holder = item.children[0]?.type === "element" && item.children[0].tagName === "p" ? item.children[0] : item;
  const first = holder.children.find((child) => child.type !== "text" || child.value.trim());
  if (first?.type !== "text") return;
  const trimmed = first.value.trimStart();
  const end = trimmed.indexOf(MARKER_CHAR, 1);
  const mark = end > 0 ? parseMarker(trimmed.slice(0, end + 1), context.nonce) : undefined;
  if (mark?.[0] !== "task") return;
  first.value = trimmed.slice(end + 1);
  const at = holder.children.indexOf(first);
  // The checkbox and the item's first line in one label: a checkbox without one is unnamed to a screen reader.
  let stop = at;
  while (stop < holder.children.length && !(holder.children[stop]!.type === "element" && BLOCK_TAGS.has((holder.children[stop] as Element).tagName))) stop++;
  const checkbox = h("input", { type: "checkbox", disabled: true, checked: context.tasks[mark[1]] ?? false });
  const label = h("label", { className: ["task-list-control"] }, [checkbox, h("span", { className: ["task-list-indicator"] }), ...holder.children.slice(at, stop)]);
  holder.children.splice(at, stop - at, label);
  item.properties.className = ["task-list-item"];
}

const BLOCK_TAGS = new Set(["ul", "ol", "p", "div", "pre", "blockquote", "table", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "details"]);

function blockElement(block: MarkedBlock, content: ElementContent[], context: TrustedContext): Element {
  if (block.kind === "tab") {
    // Grouped into a tab set by groupTabs; until then a placeholder with its title.
    return h(
      "div",
      { className: ["tabbed-block"], dataAtriumTab: context.nonce, title: block.title, dataNewSet: block.newSet ? "1" : undefined, dataSelected: block.selected ? "1" : undefined },
      content,
    );
  }
  if (block.kind === "dl") return h("dl", {}, content);
  if (block.kind === "dt") return h("dt", {}, unwrapParagraph(content));
  if (block.kind === "dd") return h("dd", {}, block.loose ? content : unwrapParagraph(content));
  const [type = "note", ...more] = block.types;
  const title = block.title ?? type.charAt(0).toUpperCase() + type.slice(1);
  if (block.collapsible) {
    return h("details", { className: [type, ...more], open: block.open || undefined }, [h("summary", {}, [text(title || type.charAt(0).toUpperCase() + type.slice(1))]), ...content]);
  }
  return h("div", { className: ["admonition", type, ...more] }, [...(title ? [h("p", { className: ["admonition-title"] }, [text(title)])] : []), ...content]);
}

/** A tight term or definition's first paragraph is inline, as Python-Markdown's def_list writes it. */
function unwrapParagraph(content: ElementContent[]): ElementContent[] {
  const first = content.findIndex((node) => node.type !== "text" || node.value.trim());
  const node = content[first];
  if (node?.type !== "element" || node.tagName !== "p") return content;
  return [...content.slice(0, first), ...node.children, ...content.slice(first + 1)];
}

/**
 * Consecutive tabs become one tab set in mkdocs-material's markup (radio
 * inputs, labels, blocks): it works without JavaScript through CSS
 * (`input:checked`), and the radios are a keyboard-accessible group whose
 * labels name them.
 */
function groupTabs(nodes: (RootContent | ElementContent)[], context: TrustedContext): (RootContent | ElementContent)[] {
  const isTab = (node: RootContent | ElementContent | undefined): node is Element => node?.type === "element" && node.properties.dataAtriumTab === context.nonce;
  const output: (RootContent | ElementContent)[] = [];
  for (let i = 0; i < nodes.length; i++) {
    if (!isTab(nodes[i])) {
      output.push(nodes[i]!);
      continue;
    }
    const tabs: Element[] = [nodes[i] as Element];
    let j = i + 1;
    for (;;) {
      let k = j;
      while (k < nodes.length && nodes[k]!.type === "text" && !(nodes[k] as Text).value.trim()) k++;
      const next = nodes[k];
      if (!isTab(next) || next.properties.dataNewSet) break;
      tabs.push(next);
      j = k + 1;
    }
    output.push(tabSet(tabs, ++context.tabSets));
    i = j - 1;
  }
  return output;
}

function tabSet(tabs: Element[], set: number): Element {
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.properties.dataSelected),
  );
  const name = `__tabbed_${set}`;
  const inputs = tabs.map((_, index) => h("input", { type: "radio", name, id: `${name}_${index + 1}`, checked: index === selected || undefined }));
  const labels = tabs.map((tab, index) => h("label", { htmlFor: [`${name}_${index + 1}`] }, [text(String(tab.properties.title ?? ""))]));
  const blocks = tabs.map((tab) => h("div", { className: ["tabbed-block"] }, tab.children));
  return h("div", { className: ["tabbed-set", "tabbed-alternate"], dataTabs: `${set}:${tabs.length}` }, [
    ...inputs,
    h("div", { className: ["tabbed-labels"] }, labels),
    h("div", { className: ["tabbed-content"] }, blocks),
  ]);
}

/** pymdownx.highlight's fence options: `title="file.py"`, `hl_lines="1 3-4"`, `linenums` ignored. */
async function codeBlock(code: Code): Promise<Element> {
  const meta = `${code.lang && /[{=]/.test(code.lang) ? code.lang : ""} ${code.meta ?? ""}`;
  let language = code.lang && !/[{=]/.test(code.lang) ? code.lang : undefined;
  // `{ .python title="x" }`: attribute-list fences.
  const braced = /^\{\s*\.?([\w+#-]+)?/.exec(`${code.lang ?? ""}${code.meta ?? ""}`);
  if (!language && braced?.[1]) language = braced[1];
  const title = /title="([^"]*)"/.exec(meta)?.[1];
  const lines = new Set<number>();
  for (const range of (/hl_lines="([^"]*)"/.exec(meta)?.[1] ?? "").split(/\s+/).filter(Boolean).slice(0, 1000)) {
    const [from, to = from] = range.split("-").map(Number);
    if (Number.isInteger(from) && Number.isInteger(to)) for (let line = from!; line <= Math.min(to!, from! + 10_000); line++) lines.add(line);
  }
  const pre = await highlightDocsCode({ code: code.value, language, highlightLines: lines });
  const className = ["highlight", ...(language ? [`language-${language.toLowerCase()}`] : [])];
  return h("div", { className }, [...(title ? [h("span", { className: ["filename"] }, [text(title)])] : []), pre]);
}

// ---------------------------------------------------------------------------
// Headings, links and text

function anchorHeadings(tree: Root): TocEntry[] {
  const slugs = new SlugRegistry();
  const headings: TocEntry[] = [];
  const visit = (parent: HParent) => {
    for (const node of parent.children) {
      if (node.type !== "element") continue;
      const level = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (level && !(node.properties.className as string[] | undefined)?.includes("sr-only")) {
        const attributes = takeAttributeList(node);
        const title = plainText(node).trim();
        const id = attributes.id ? slugs.unique(attributes.id, true) : slugs.unique(title);
        node.properties.id = id;
        node.children.push(h("a", { className: ["headerlink"], href: `#${id}`, title: "Permanent link", ariaLabel: `Permanent link to ${title}` }, [text("¶")]));
        headings.push({ id, title, level: Number(level) });
      } else visit(node);
    }
  };
  visit(tree);
  return headings;
}

/**
 * attr_list (on in mkdocs-techdocs-core) after a heading's text:
 * `## Setup {#install .wide}` gives the heading the id `install`; the list
 * itself is not shown. Only the id is used (classes and styles are the
 * author's CSS, which Atrium does not load).
 */
const ATTRIBUTE_LIST = /\s*\{:?\s*((?:[#.][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+))(?:\s+(?:[#.][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+)))*)\s*\}\s*$/;

function takeAttributeList(heading: Element): { id?: string } {
  const last = heading.children.at(-1);
  if (last?.type !== "text") return {};
  const match = ATTRIBUTE_LIST.exec(last.value);
  if (!match) return {};
  last.value = last.value.slice(0, match.index);
  return { id: /(?:^|\s)#([\w-]+)/.exec(match[1]!)?.[1] };
}

/** attr_list after an image or a link (`![x](y){ width="300" }`): not shown. */
function dropAttributeLists(parent: HParent): void {
  const children = parent.children;
  for (let i = 1; i < children.length; i++) {
    const node = children[i]!;
    const before = children[i - 1]!;
    if (node.type === "text" && before.type === "element" && (before.tagName === "img" || before.tagName === "a")) {
      node.value = node.value.replace(/^\{:?\s*(?:[#.][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+))(?:\s+(?:[#.][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+)))*\s*\}/, "");
    }
  }
  for (const child of children) if (child.type === "element") dropAttributeLists(child);
}

function rewriteLinks(tree: Root, resolve: LinkResolver, notes: string[]): [string, string][] {
  const links: [string, string][] = [];
  const noted = new Set<string>();
  // The sanitiser prefixes the source's ids (user-content-, against DOM clobbering); a fragment naming one is pointed at its new name.
  const ids = new Set<string>();
  const collectIds = (parent: HParent) => {
    for (const node of parent.children) {
      if (node.type !== "element") continue;
      if (typeof node.properties.id === "string") ids.add(node.properties.id);
      collectIds(node);
    }
  };
  collectIds(tree);
  const visit = (parent: HParent) => {
    for (const node of parent.children) {
      if (node.type !== "element") continue;
      const attribute = node.tagName === "a" ? "href" : node.tagName === "img" ? "src" : undefined;
      const value = attribute ? node.properties[attribute] : undefined;
      if (attribute && typeof value === "string") {
        if (/^(https?:)?\/\//i.test(value)) {
          if (node.tagName === "a") node.properties.rel = ["noopener", "noreferrer"];
        } else if (value.startsWith("#")) {
          const id = decodeFragment(value.slice(1));
          if (!ids.has(id) && ids.has(`user-content-${id}`)) node.properties[attribute] = `#user-content-${value.slice(1)}`;
        } else if (!/^mailto:/i.test(value)) {
          const resolved = resolve(value);
          node.properties[attribute] = resolved.href;
          links.push([value, resolved.href]);
          if (resolved.note && !noted.has(resolved.note)) {
            noted.add(resolved.note);
            notes.push(resolved.note);
          }
        }
      }
      visit(node);
    }
  };
  visit(tree);
  return links;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function plainText(node: Element | Root): string {
  let out = "";
  for (const child of node.children) {
    if (child.type === "text") out += child.value;
    else if (child.type === "element" && !(child.properties.className as string[] | undefined)?.includes("headerlink")) out += plainText(child);
  }
  return out;
}

const TEXT_BREAKS = new Set(["p", "li", "pre", "tr", "td", "th", "div", "br", "summary", "blockquote", "label", "dt", "dd"]);

/** The article's words, for search: all of it, and split by heading for mkdocs' index. */
function textOf(tree: Root): { text: string; sections: RenderedPage["sections"] } {
  const sections: RenderedPage["sections"] = [];
  let current = { id: "", title: "", parts: [] as string[] };
  const all: string[] = [];
  const visit = (parent: HParent) => {
    for (const node of parent.children) {
      if (node.type === "text") {
        current.parts.push(node.value);
        all.push(node.value);
      } else if (node.type === "element") {
        if (/^h[1-6]$/.test(node.tagName)) {
          sections.push({ id: current.id, title: current.title, text: squash(current.parts.join("")) });
          const title = plainText(node).trim();
          current = { id: String(node.properties.id ?? ""), title, parts: [] };
          all.push(` ${title} `);
          continue;
        }
        if (node.tagName === "input" || (node.properties.className as string[] | undefined)?.includes("headerlink")) continue;
        visit(node);
        if (TEXT_BREAKS.has(node.tagName)) {
          current.parts.push(" ");
          all.push(" ");
        }
      }
    }
  };
  visit(tree);
  sections.push({ id: current.id, title: current.title, text: squash(current.parts.join("")) });
  return { text: squash(all.join("")), sections: sections.filter((section) => section.id || section.text) };
}

function squash(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
