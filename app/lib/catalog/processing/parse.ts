import jsYaml from "js-yaml";
import { parseAllDocuments } from "yaml";
import { formatKeyPath } from "../../config/errors";
import { PROTOTYPE_KEY, prototypeKeyPath } from "../../prototype-keys";

// Catalog files are multi-document YAML. Each document parses on its own, so
// one broken document is one processing error, not a lost file; aliases are
// capped so a "billion laughs" file fails instead of exhausting memory.
//
// Two parsers, one behaviour: js-yaml reads a clean file about ten times
// faster than `yaml` (the difference between minutes and an hour for a
// catalog of a million entities), but it stops at the first error of a file
// and shares aliased nodes instead of counting them. So it only answers for
// files without errors and without aliases; every other file goes to `yaml`,
// which reports each broken document and refuses alias bombs. js-yaml is
// given the numbers of `yaml`'s YAML 1.2 core schema (js-yaml's own also
// reads 0b101, 1_000 and -0x1F as numbers), so a file both accept gives the
// same values: no timestamps, no merge keys. A document with a `__proto__`
// key is refused (../../prototype-keys.ts), by either parser.

export const MAX_ALIAS_COUNT = 100;
export const MAX_DOCUMENTS_PER_FILE = 1_000_000;

export type ParsedDocument = { value: unknown } | { error: string };

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOLEAN = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INTEGER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT = /^(?:[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*|(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+)|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

const CORE_SCHEMA = jsYaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    new jsYaml.Type("tag:yaml.org,2002:null", {
      kind: "scalar",
      resolve: (data: unknown) => data === null || (typeof data === "string" && NULL.test(data)),
      construct: () => null,
    }),
    new jsYaml.Type("tag:yaml.org,2002:bool", {
      kind: "scalar",
      resolve: (data: unknown) => typeof data === "string" && BOOLEAN.test(data),
      construct: (data: string) => data.toLowerCase() === "true",
    }),
    new jsYaml.Type("tag:yaml.org,2002:int", {
      kind: "scalar",
      resolve: (data: unknown) => typeof data === "string" && INTEGER.test(data),
      construct: (data: string) => (data.startsWith("0o") ? parseInt(data.slice(2), 8) : data.startsWith("0x") ? parseInt(data.slice(2), 16) : parseInt(data, 10)),
    }),
    new jsYaml.Type("tag:yaml.org,2002:float", {
      kind: "scalar",
      resolve: (data: unknown) => typeof data === "string" && FLOAT.test(data),
      construct: (data: string) => {
        const lower = data.toLowerCase();
        if (lower.endsWith(".nan")) return NaN;
        if (lower.endsWith(".inf")) return lower.startsWith("-") ? -Infinity : Infinity;
        return parseFloat(data);
      },
    }),
  ],
});

export function parseCatalogYaml(text: string, where: string): ParsedDocument[] {
  return parseCleanFile(text) ?? parseDocumentByDocument(text, where);
}

/** The documents of a file that js-yaml reads without error and without aliases; undefined otherwise. */
function parseCleanFile(text: string): ParsedDocument[] | undefined {
  let values: unknown[];
  try {
    values = jsYaml.loadAll(text, undefined, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
  if (values.length > MAX_DOCUMENTS_PER_FILE) return undefined;
  const results: ParsedDocument[] = [];
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (typeof value !== "object" || Array.isArray(value) || needsDocumentByDocument(value)) return undefined;
    results.push({ value });
  }
  return results;
}

/** Whether any object or array is reached twice, which only an alias makes, or has a `__proto__` key: `yaml` says which document. */
function needsDocumentByDocument(root: object): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (seen.has(node) || Object.hasOwn(node, PROTOTYPE_KEY)) return true;
    seen.add(node);
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

function parseDocumentByDocument(text: string, where: string): ParsedDocument[] {
  const results: ParsedDocument[] = [];
  let documents;
  try {
    documents = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    return [{ error: `YAML error at ${where}, ${(error as Error).message}` }];
  }
  if (!Array.isArray(documents)) documents = [documents];
  for (const document of documents) {
    if (results.length >= MAX_DOCUMENTS_PER_FILE) {
      results.push({ error: `${where} has more than ${MAX_DOCUMENTS_PER_FILE} documents; the rest were ignored` });
      break;
    }
    if (document.errors.length > 0) {
      results.push({ error: `YAML error at ${where}, ${document.errors[0].message}` });
      continue;
    }
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      results.push({ error: `YAML error at ${where}, ${(error as Error).message}` });
      continue;
    }
    if (value === null || value === undefined) continue; // an empty document, e.g. a trailing '---'
    if (typeof value !== "object" || Array.isArray(value)) {
      results.push({ error: `Expected object at root of ${where}, got ${Array.isArray(value) ? "array" : typeof value}` });
      continue;
    }
    const prototypeKey = prototypeKeyPath(value);
    if (prototypeKey) {
      results.push({ error: prototypeKeyProblem(prototypeKey, where) });
      continue;
    }
    results.push({ value });
  }
  return results;
}

/** A `__proto__` key, where it is: refused wherever catalog data is parsed. */
export function prototypeKeyProblem(keyPath: Array<string | number>, where: string): string {
  return `Invalid key '${PROTOTYPE_KEY}' at '${formatKeyPath(keyPath.slice(0, -1)) || "<root>"}' in ${where}: '${PROTOTYPE_KEY}' is not allowed as a key`;
}
