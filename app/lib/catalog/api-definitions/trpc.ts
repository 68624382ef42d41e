import { MAX_LISTED_ITEMS } from "./limits";
import type { TrpcProcedure, TrpcView } from "./model";
import { DefinitionParseError } from "./parse-document";

// tRPC has no schema language: Backstage's api-docs plugin shows a trpc
// definition (the router's TypeScript source) as highlighted code, and so do
// we. Beside it, a list of the procedures read from that source without
// running or compiling it: the object literals passed to router(...) (or
// t.router, createTRPCRouter), their keys as dotted paths, nested routers
// (inline, or a const of the same file referenced by name) followed, and
// each procedure's kind from its .query( / .mutation( / .subscription( call.

const ROUTER_CALL = /\b(?:[A-Za-z_$][\w$]*\.)?(?:router|createTRPCRouter|createRouter)\s*\(\s*\{/g;
const NAMED_ROUTER = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:[A-Za-z_$][\w$]*\.)?(?:router|createTRPCRouter|createRouter)\s*\(\s*\{/g;
const PROCEDURE_KIND = /\.\s*(query|mutation|subscription)\s*\(/;
const MAX_ROUTERS = 500;

/** The source three ways, offsets shared: as written, without comments (keys are read here), without comments and strings (braces are counted here). */
type Source = { original: string; uncommented: string; code: string };

export function trpcView(source: string): TrpcView {
  const text: Source = { original: source, uncommented: blankCommentsAndStrings(source, { strings: false }), code: blankCommentsAndStrings(source) };
  const named = new Map<string, number>();
  for (const match of text.code.matchAll(NAMED_ROUTER)) named.set(match[1], match.index + match[0].length - 1);
  const routers = [...text.code.matchAll(ROUTER_CALL)].slice(0, MAX_ROUTERS).map((match) => match.index + match[0].length - 1);
  if (!routers.length) throw new DefinitionParseError("No tRPC router found: expected a router({ ... }) call in the definition");

  const procedures: TrpcProcedure[] = [];
  const lineStarts = [0];
  for (let at = source.indexOf("\n"); at !== -1; at = source.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  const nestedStarts = new Set<number>();
  const walk = (open: number, prefix: string, visiting: Set<number>) => {
    if (visiting.has(open) || procedures.length >= MAX_LISTED_ITEMS) return;
    visiting.add(open);
    const close = matchingClose(text.code, open);
    for (const entry of topLevelEntries(text, open + 1, close)) {
      const path = prefix ? `${prefix}.${entry.key}` : entry.key;
      const value = text.code.slice(entry.valueStart, entry.valueEnd).trim();
      const nestedCall = new RegExp(ROUTER_CALL.source, "y");
      nestedCall.lastIndex = entry.valueStart + Math.max(0, text.code.slice(entry.valueStart, entry.valueEnd).search(/\S/));
      const inline = nestedCall.exec(text.code);
      if (inline) {
        const start = inline.index + inline[0].length - 1;
        nestedStarts.add(start);
        walk(start, path, visiting);
      } else if (/^[A-Za-z_$][\w$]*$/.test(value) && named.has(value)) {
        nestedStarts.add(named.get(value)!);
        walk(named.get(value)!, path, visiting);
      } else {
        const kind = PROCEDURE_KIND.exec(value)?.[1] as TrpcProcedure["kind"] | undefined;
        if (kind) procedures.push({ path, kind, input: inputOf(text, entry.valueStart, entry.valueEnd), line: lineOf(lineStarts, entry.keyStart) });
      }
    }
    visiting.delete(open);
  };
  // Roots: routers that are not some other router's child (the app router, usually the last).
  const all = routers.map((open) => ({ open, procedures: [] as TrpcProcedure[] }));
  for (const router of all) {
    const before = procedures.length;
    walk(router.open, "", new Set());
    router.procedures = procedures.splice(before);
  }
  // Routers that only refer to each other have no root: show the first one's tree, cut where it loops.
  const independent = all.filter((router) => !nestedStarts.has(router.open));
  const roots = independent.length ? independent : all.slice(0, 1);
  return { format: "trpc", procedures: roots.flatMap((router) => router.procedures).slice(0, MAX_LISTED_ITEMS) };
}

/** The source with comments and string contents blanked (same length, newlines kept), so braces in them do not count. */
export function blankCommentsAndStrings(source: string, { strings = true } = {}): string {
  const out = source.split("");
  let index = 0;
  const blank = (from: number, to: number) => {
    for (let at = from; at < to && at < out.length; at += 1) if (out[at] !== "\n") out[at] = " ";
  };
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === "/" && next === "/") {
      const end = source.indexOf("\n", index);
      const stop = end === -1 ? source.length : end;
      blank(index, stop);
      index = stop;
    } else if (char === "/" && next === "*") {
      const end = source.indexOf("*/", index + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(index, stop);
      index = stop;
    } else if (char === '"' || char === "'" || char === "`") {
      let at = index + 1;
      while (at < source.length && source[at] !== char) at += source[at] === "\\" ? 2 : 1;
      if (strings) blank(index + 1, at);
      index = at + 1;
    } else index += 1;
  }
  return out.join("");
}

const OPENERS: Record<string, string> = { "{": "}", "(": ")", "[": "]" };

function matchingClose(code: string, open: number): number {
  let depth = 0;
  for (let at = open; at < code.length; at += 1) {
    const char = code[at];
    if (char in OPENERS) depth += 1;
    else if (char === "}" || char === ")" || char === "]") {
      depth -= 1;
      if (depth === 0) return at;
    }
  }
  return code.length;
}

/** The `key: value` entries at the top level of an object literal's body (spreads and methods skipped). */
function topLevelEntries(text: Source, from: number, to: number): Array<{ key: string; keyStart: number; valueStart: number; valueEnd: number }> {
  const entries = [];
  let start = from;
  let depth = 0;
  for (let at = from; at <= to; at += 1) {
    const char = text.code[at];
    if (char in OPENERS) depth += 1;
    else if (char === "}" || char === ")" || char === "]") depth -= 1;
    if ((char === "," && depth === 0) || at === to) {
      const entry = /^\s*(?:([A-Za-z_$][\w$]*)|(["'])(.*?)\2)\s*:/s.exec(text.uncommented.slice(start, at));
      if (entry) {
        const keyStart = start + entry[0].search(/\S/);
        entries.push({ key: entry[1] ?? entry[3], keyStart, valueStart: start + entry[0].length, valueEnd: at });
      }
      start = at + 1;
    }
  }
  return entries;
}

function inputOf(text: Source, from: number, to: number): string | undefined {
  const match = /\.\s*input\s*\(/.exec(text.code.slice(from, to));
  if (!match) return undefined;
  const open = from + match.index + match[0].length - 1;
  const close = Math.min(matchingClose(text.code, open), to);
  const input = text.original
    .slice(open + 1, close)
    .replace(/\s+/g, " ")
    .trim();
  return input.length > 300 ? `${input.slice(0, 300)}…` : input;
}

/** The 1-based line of an offset, by binary search over the offsets where lines start. */
function lineOf(lineStarts: readonly number[], index: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle] <= index) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
