// mkdocs-material's block syntaxes that CommonMark does not know, found line
// by line before the Markdown parser runs: admonitions (`!!! note "Title"`),
// collapsible ones (`??? tip`, `???+ tip`, pymdownx.details) and content tabs
// (`=== "Tab"`, pymdownx.tabbed). Each block's indented body is dedented and
// put between two marker paragraphs, so the one Markdown parse of the page
// sees ordinary Markdown (footnotes and reference links still resolve across
// blocks) and the renderer later wraps what lies between the markers. A
// marker carries a random nonce per render, so text in the page (even a
// character reference) cannot forge one.
//
// The same pass reads the other line syntaxes of Python-Markdown that
// mkdocs-techdocs-core turns on (techdocs_core/core.py in
// backstage/mkdocs-techdocs-core): definition lists (def_list), GitHub's
// alerts (`> [!NOTE]`, its gh-admonitions plugin, which makes them
// admonitions), abbreviation definitions (abbr: `*[HTML]: ...`, taken out of
// the page and applied by the renderer) and `<div markdown>` blocks
// (md_in_html: blank lines around the inner Markdown make CommonMark parse it).

export type AdmonitionBlock = { kind: "admonition"; types: string[]; title: string | undefined; collapsible: boolean; open: boolean };
export type TabBlock = { kind: "tab"; title: string; newSet: boolean; selected: boolean };
/** A definition list and its parts: `loose` definitions (a blank line after their terms) keep their paragraphs. */
export type DefinitionBlock = { kind: "dl" } | { kind: "dt" } | { kind: "dd"; loose: boolean };
export type MarkedBlock = AdmonitionBlock | TabBlock | DefinitionBlock;

/** Abbreviations per page (abbr): more are ignored. */
export const MAX_ABBREVIATIONS = 200;
/** Lines of one definition's terms: a longer paragraph before a `:` line is prose, and the look back stays short. */
const MAX_TERM_LINES = 50;
/** Lines scanned in all for the closing tags of `<div markdown>` blocks, so unclosed ones cannot make a page quadratic. */
const MAX_HTML_SCAN_LINES = 100_000;

const ADMONITION = /^( *)(!!!|\?\?\?\+?)[ \t]+([\w-]+(?:[ \t]+[\w-]+)*)(?:[ \t]+"(.*)")?[ \t]*$/;
const ADMONITION_EMPTY_TITLE = /^( *)(!!!|\?\?\?\+?)[ \t]+"(.*)"[ \t]*$/;
const TAB = /^( *)===(!|\+)?[ \t]+"(.*)"[ \t]*$/;
const FENCE = /^( *)(`{3,}|~{3,})/;
// def_list: a colon, one to three spaces, the definition (Python-Markdown's DefListProcessor).
const DEFINITION = /^( {0,3}):[ ]{1,3}(\S.*)$/;
// A line that starts another block, so it cannot be a term.
const NOT_A_TERM = /^ {0,3}(?:[#>|<]|[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|`{3}|~{3}|!!!|\?\?\?|===)|^ {4}/;
const ALERT = /^( {0,3})> ?\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*$/i;
const ABBREVIATION = /^ {0,3}\*\[([^\]\n]{1,100})\]:[ \t]*(.{0,500})$/;
// md_in_html: a whole-line opening tag of a block element with a `markdown` attribute.
const MARKDOWN_HTML = /^( {0,3})<(div|section|article|aside|figure|figcaption|details|summary|blockquote|header|footer|main|nav)((?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>[ \t]*$/i;
const MARKDOWN_ATTRIBUTE = /\s+markdown(?:=(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/i;

export const MARKER_CHAR = "\uE000";

export function openMarker(nonce: string, id: number): string {
  return `${MARKER_CHAR}${nonce}:open:${id}${MARKER_CHAR}`;
}
export function closeMarker(nonce: string, id: number): string {
  return `${MARKER_CHAR}${nonce}:close:${id}${MARKER_CHAR}`;
}

/** Tabs as spaces (4 columns), as Python-Markdown does before its block parsing. */
function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let out = "";
  for (const char of line) out += char === "\t" ? " ".repeat(4 - (out.length % 4)) : char;
  return out;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

export function markBlocks(markdown: string, nonce: string, maxDepth: number, maxBlocks: number): { markdown: string; blocks: MarkedBlock[]; abbreviations: Map<string, string>; limited: boolean } {
  const blocks: MarkedBlock[] = [];
  const abbreviations = new Map<string, string>();
  const lines = markdown.split("\n").map(expandTabs);
  const scan = { budget: MAX_HTML_SCAN_LINES };

  const walk = (input: string[], depth: number): string[] => {
    const output: string[] = [];
    let fence: { indent: number; marker: string } | undefined;
    for (let i = 0; i < input.length; i++) {
      const line = input[i]!;
      const fenceMatch = FENCE.exec(line);
      if (fence) {
        output.push(line);
        if (fenceMatch && fenceMatch[2]![0] === fence.marker[0] && fenceMatch[2]!.length >= fence.marker.length && line.trim() === fenceMatch[2]) fence = undefined;
        continue;
      }
      if (fenceMatch) {
        fence = { indent: fenceMatch[1]!.length, marker: fenceMatch[2]! };
        output.push(line);
        continue;
      }
      const abbreviation = ABBREVIATION.exec(line);
      if (abbreviation) {
        if (abbreviations.size < MAX_ABBREVIATIONS) abbreviations.set(abbreviation[1]!.trim(), abbreviation[2]!.trim());
        continue;
      }
      if (depth < maxDepth && blocks.length < maxBlocks) {
        const definition = DEFINITION.exec(line);
        if (definition) {
          const end = definitionList(input, i, definition[2]!, output, depth);
          if (end > i) {
            i = end - 1;
            continue;
          }
        }
        const alert = ALERT.exec(line);
        if (alert) {
          let end = i + 1;
          while (end < input.length && input[end]!.startsWith(`${alert[1]}>`)) end++;
          const body = input.slice(i + 1, end).map((bodyLine) => bodyLine.slice(alert[1]!.length).replace(/^> ?/, ""));
          const id = blocks.push({ kind: "admonition", types: [alert[2]!.toLowerCase()], title: undefined, collapsible: false, open: false }) - 1;
          output.push("", alert[1] + openMarker(nonce, id), "", ...walk(body, depth + 1), "", alert[1] + closeMarker(nonce, id), "");
          i = end - 1;
          continue;
        }
        const html = MARKDOWN_HTML.exec(line);
        if (html && MARKDOWN_ATTRIBUTE.test(html[3] ?? "")) {
          const end = closingTagLine(input, i, html[2]!, scan);
          if (end > i) {
            output.push(line.replace(MARKDOWN_ATTRIBUTE, ""), "", ...walk(input.slice(i + 1, end), depth + 1), "", input[end]!);
            i = end;
            continue;
          }
        }
      }
      const block = depth < maxDepth && blocks.length < maxBlocks ? blockOf(line) : undefined;
      if (!block) {
        output.push(line);
        continue;
      }
      const indent = indentOf(line);
      let end = i + 1;
      while (end < input.length && (!input[end]!.trim() || indentOf(input[end]!) >= indent + 4)) end++;
      while (end > i + 1 && !input[end - 1]!.trim()) end--;
      const body = input.slice(i + 1, end).map((bodyLine) => (bodyLine.trim() ? " ".repeat(indent) + bodyLine.slice(indent + 4) : ""));
      const id = blocks.push(block) - 1;
      const pad = " ".repeat(indent);
      output.push("", pad + openMarker(nonce, id), "", ...walk(body, depth + 1), "", pad + closeMarker(nonce, id), "");
      i = end - 1;
    }
    return output;
  };

  /**
   * A definition at input[at]: its terms are the paragraph just written to
   * output (taken back), or, with none, it adds to the definition list just
   * written. Returns the line after the definition, or `at` when the line is
   * not a definition after all.
   */
  const definitionList = (input: string[], at: number, first: string, output: string[], depth: number): number => {
    let back = output.length;
    const loose = back > 0 && !output[back - 1]!.trim() && !output[back - 1]!.includes(MARKER_CHAR);
    while (back > 0 && !output[back - 1]!.trim()) back--;
    const lastLine = output[back - 1];
    let start = back;
    while (start > 0 && back - start <= MAX_TERM_LINES && output[start - 1]!.trim()) start--;
    const paragraph = output.slice(start, back);
    const isTerms =
      paragraph.length > 0 &&
      paragraph.length <= MAX_TERM_LINES &&
      (start === 0 || !output[start - 1]!.trim()) &&
      !paragraph.some((term) => term.includes(MARKER_CHAR)) &&
      !NOT_A_TERM.test(paragraph[0]!);
    const previous = lastLine ? /\uE000[^:]*:close:(\d+)\uE000/.exec(lastLine) : null;
    const previousList = previous && blocks[Number(previous[1])]?.kind === "dl" ? Number(previous[1]) : undefined;
    if (!isTerms && previousList === undefined) return at;

    let end = at + 1;
    while (end < input.length) {
      const next = input[end]!;
      if (next.trim() ? indentOf(next) >= 4 : end + 1 < input.length && (!input[end + 1]!.trim() || indentOf(input[end + 1]!) >= 4)) end++;
      else break;
    }
    while (end > at + 1 && !input[end - 1]!.trim()) end--;
    const body = [first, ...input.slice(at + 1, end).map((bodyLine) => (bodyLine.trim() ? bodyLine.slice(4) : ""))];

    let listId: number;
    let before: string[];
    if (isTerms) {
      // Terms right after a definition list join it, as Python-Markdown's do.
      let priorClose = start - 1;
      while (priorClose >= 0 && !output[priorClose]!.trim()) priorClose--;
      const prior = priorClose >= 0 ? /\uE000[^:]*:close:(\d+)\uE000/.exec(output[priorClose]!) : null;
      if (prior && blocks[Number(prior[1])]?.kind === "dl") {
        listId = Number(prior[1]);
        output.splice(priorClose);
      } else {
        listId = blocks.push({ kind: "dl" }) - 1;
        output.splice(start);
        output.push("", openMarker(nonce, listId), "");
      }
      before = paragraph.flatMap((term) => {
        const id = blocks.push({ kind: "dt" }) - 1;
        return [openMarker(nonce, id), "", term.trim(), "", closeMarker(nonce, id), ""];
      });
    } else {
      listId = previousList!;
      output.splice(back - 1);
      before = [];
    }
    const id = blocks.push({ kind: "dd", loose: isTerms && loose }) - 1;
    output.push("", ...before, openMarker(nonce, id), "", ...walk(body, depth + 1), "", closeMarker(nonce, id), "", closeMarker(nonce, listId), "");
    return end;
  };

  const marked = walk(lines, 0).join("\n");
  return { markdown: marked, blocks, abbreviations, limited: blocks.length >= maxBlocks };
}

/** The line of the tag that closes the one opened at input[at] (same tag name, nesting counted), or -1. */
function closingTagLine(input: string[], at: number, tag: string, scan: { budget: number }): number {
  const open = new RegExp(`<${tag}[\\s>]`, "gi");
  const close = new RegExp(`</${tag}\\s*>`, "gi");
  let depth = 0;
  for (let i = at; i < input.length; i++) {
    if (--scan.budget < 0) return -1;
    depth += (input[i]!.match(open) ?? []).length - (input[i]!.match(close) ?? []).length;
    if (depth <= 0) return /^\s*<\/[\w-]+\s*>\s*$/.test(input[i]!) ? i : -1;
  }
  return -1;
}

function blockOf(line: string): MarkedBlock | undefined {
  const tab = TAB.exec(line);
  if (tab) return { kind: "tab", title: tab[3]!, newSet: tab[2] === "!", selected: tab[2] === "+" };
  const empty = ADMONITION_EMPTY_TITLE.exec(line);
  if (empty) return admonition(empty[2]!, ["note"], empty[3]!);
  const match = ADMONITION.exec(line);
  if (match) return admonition(match[2]!, match[3]!.split(/[ \t]+/), match[4]);
  return undefined;
}

function admonition(marker: string, types: string[], title: string | undefined): AdmonitionBlock {
  return { kind: "admonition", types: types.map((type) => type.toLowerCase()), title, collapsible: marker !== "!!!", open: marker === "???+" };
}

/** Front matter (YAML between `---` lines at the very top), split from the Markdown. */
export function splitFrontMatter(markdown: string): { frontMatter: string | undefined; body: string; bodyLineOffset: number } {
  const match = /^---[ \t]*\n([\s\S]*?\n)?(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(markdown);
  if (!match) return { frontMatter: undefined, body: markdown, bodyLineOffset: 0 };
  return { frontMatter: match[1] ?? "", body: markdown.slice(match[0].length), bodyLineOffset: match[0].split("\n").length - 1 };
}
