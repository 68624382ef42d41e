import { readFileSync } from "node:fs";
import path from "node:path";
import { PROTOTYPE_KEY } from "../prototype-keys";
import { ConfigError } from "./errors";

export type ConfigContext = {
  env: Record<string, string | undefined>;
  /** Directory of the file being read: $file and $include are relative to it. */
  dir: string;
  /** The files being read, the outermost first: an $include of one of them would never end. */
  including: string[];
  readYaml: (text: string, file: string) => unknown;
};

// ${VAR} or ${VAR:-fallback}, where the fallback may itself hold ${...} once
// (app-config.yaml: `${ATRIUM_BASE_URL:-http://localhost:${PORT:-7007}}`).
const SUBSTITUTION = /\$?\$\{((?:[^{}]|\$\{[^{}]*\})*)\}/g;

/**
 * Applies Backstage's config transforms: `${VAR}` (and `${VAR:-default}`)
 * from the environment, `$${...}` as a literal, and the `$env`, `$file` and
 * `$include` directives. A value whose variable is unset becomes undefined,
 * so the key counts as missing rather than as an empty string.
 */
export function substituteValue(value: unknown, keyPath: string, context: ConfigContext): unknown {
  if (typeof value === "string") return substituteString(value, context.env);
  if (Array.isArray(value)) {
    return value.map((item, i) => substituteValue(item, `${keyPath}[${i}]`, context)).filter((item) => item !== undefined);
  }
  if (value === null || typeof value !== "object") return value;

  const record = value as Record<string, unknown>;
  const directive = Object.keys(record).find((key) => key.startsWith("$"));
  if (directive) return applyDirective(directive, record, keyPath, context);

  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(record)) {
    if (key === PROTOTYPE_KEY) throw new ConfigError([`Invalid config key '${key}' at '${keyPath || "<root>"}': '${PROTOTYPE_KEY}' is not allowed as a key`]);
    const next = substituteValue(child, keyPath ? `${keyPath}.${key}` : key, context);
    if (next !== undefined) result[key] = next;
  }
  return result;
}

function substituteString(value: string, env: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const result = value.replace(SUBSTITUTION, (match: string, expression: string) => {
    if (match.startsWith("$$")) return match.slice(1);
    const [name, fallback] = splitDefault(expression.trim());
    const resolved = env[name] ?? (fallback === undefined ? undefined : substituteString(fallback, env));
    if (resolved === undefined) missing = true;
    return resolved ?? "";
  });
  return missing ? undefined : result;
}

function splitDefault(expression: string): [string, string | undefined] {
  const index = expression.indexOf(":-");
  return index < 0 ? [expression, undefined] : [expression.slice(0, index), expression.slice(index + 2)];
}

function applyDirective(directive: string, record: Record<string, unknown>, keyPath: string, context: ConfigContext) {
  const where = keyPath || "<root>";
  if (Object.keys(record).length !== 1) {
    throw new ConfigError([`Config value at '${where}' mixes the directive '${directive}' with other keys`]);
  }
  const argument = record[directive];
  if (typeof argument !== "string") {
    throw new ConfigError([`Invalid type in config for key '${where}.${directive}', wanted string`]);
  }
  switch (directive) {
    case "$env":
      return context.env[argument];
    case "$file":
      return readReferencedFile(argument, where, context);
    case "$include": {
      const file = path.resolve(context.dir, argument);
      if (context.including.includes(file)) {
        throw new ConfigError([`Config key '${where}' includes '${argument}', which is already being read (${[...context.including, file].join(" -> ")}): an $include cannot include itself`]);
      }
      const text = readReferencedFile(argument, where, context);
      let included: unknown;
      try {
        included = file.endsWith(".json") ? JSON.parse(text) : context.readYaml(text, file);
      } catch (error) {
        const reason = error instanceof ConfigError ? error.problems.join("; ") : (error as Error).message;
        // Backstage's words: "failed to parse included file <file>, <reason>".
        throw new ConfigError([`Failed to parse included file '${argument}' for config key '${where}', ${reason}`]);
      }
      return substituteValue(included, keyPath, { ...context, dir: path.dirname(file), including: [...context.including, file] });
    }
    default:
      throw new ConfigError([`Unknown config directive '${directive}' at '${where}'`]);
  }
}

function readReferencedFile(file: string, where: string, context: ConfigContext): string {
  try {
    return readFileSync(path.resolve(context.dir, file), "utf8");
  } catch (error) {
    throw new ConfigError([`Unable to read file '${file}' for config key '${where}': ${(error as Error).message}`]);
  }
}
