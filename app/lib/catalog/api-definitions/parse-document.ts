import { parse } from "yaml";
import { MAX_YAML_ALIASES } from "./limits";

/** A definition is invalid in a way worth telling its owner: the message is shown beside the raw text. */
export class DefinitionParseError extends Error {
  override name = "DefinitionParseError";
}

/** A YAML or JSON document (JSON is YAML), with alias expansion bounded against billion-laughs documents. */
export function parseYamlDocument(source: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = parse(source, { maxAliasCount: MAX_YAML_ALIASES, uniqueKeys: false, prettyErrors: true });
  } catch (error) {
    if (error instanceof RangeError) throw new DefinitionParseError("The document is nested too deeply to read");
    throw new DefinitionParseError(error instanceof Error ? error.message : String(error));
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) throw new DefinitionParseError("The definition is not a YAML or JSON object");
  return document as Record<string, unknown>;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function optionalText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}
