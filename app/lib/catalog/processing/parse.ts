import { parseAllDocuments } from "yaml";

// Catalog files are multi-document YAML. Each document parses on its own, so
// one broken document is one processing error, not a lost file; aliases are
// capped so a "billion laughs" file fails instead of exhausting memory.

export const MAX_ALIAS_COUNT = 100;
export const MAX_DOCUMENTS_PER_FILE = 1_000_000;

export type ParsedDocument = { value: unknown } | { error: string };

export function parseCatalogYaml(text: string, where: string): ParsedDocument[] {
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
    results.push({ value });
  }
  return results;
}
