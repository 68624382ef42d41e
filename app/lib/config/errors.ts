import type { z } from "zod";

/** The configuration could not be loaded; `problems` each name a key path. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** A custom issue whose message is whole, with `{key}` where the key path goes: `${KEYED_MESSAGE}Failed to read duration from config at '{key}', ...`. */
export const KEYED_MESSAGE = "keyed:";

/** Renders a key path the way Backstage does: backend.listen.port, catalog.locations[0].target. */
export function formatKeyPath(segments: ReadonlyArray<PropertyKey>): string {
  return segments.map((segment, i) => (typeof segment === "number" ? `[${segment}]` : i === 0 ? String(segment) : `.${String(segment)}`)).join("");
}

export function formatConfigIssues(issues: ReadonlyArray<z.core.$ZodIssue>): string[] {
  return issues.flatMap((issue) => {
    const key = formatKeyPath(issue.path);
    if (issue.code === "invalid_union") {
      // Report the branch that got furthest rather than "invalid input".
      const branches = issue.errors.map((branch) => branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
      const best = branches.reduce((a, b) => (deepest(b) > deepest(a) ? b : a), branches[0] ?? []);
      if (best.length > 0 && deepest(best) > issue.path.length) return formatConfigIssues(best);
      const wanted = [...new Set(issue.errors.flat().flatMap((inner) => (inner.code === "invalid_type" ? [inner.expected] : [])))];
      return [`Invalid type in config for key '${key}', got ${typeName(issue.input)}, wanted ${wanted.join(" or ")}`];
    }
    if (issue.code === "invalid_type") {
      if (!("input" in issue) || issue.input === undefined) return [`Missing required config value at '${key}'`];
      return [`Invalid type in config for key '${key}', got ${typeName(issue.input)}, wanted ${issue.expected}`];
    }
    if (issue.code === "custom" && issue.message.startsWith(KEYED_MESSAGE)) {
      return [issue.message.slice(KEYED_MESSAGE.length).replaceAll("{key}", key)];
    }
    if (issue.code === "custom" && issue.message.startsWith("conversion:")) {
      const [, wanted, ...rest] = issue.message.split(":");
      return [`Unable to convert config value for key '${key}' to a ${wanted}, got '${rest.join(":")}'`];
    }
    if (issue.code === "invalid_value") {
      return [`Invalid config value at '${key}': must be one of ${issue.values.map((v) => `'${String(v)}'`).join(", ")}`];
    }
    return [`Invalid config value at '${key}': ${issue.message}`];
  });
}

function deepest(issues: ReadonlyArray<z.core.$ZodIssue>): number {
  return Math.max(0, ...issues.map((issue) => issue.path.length));
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}
