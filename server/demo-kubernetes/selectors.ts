// Label and field selectors as the API server parses them
// (k8s.io/apimachinery/pkg/labels/selector.go and pkg/fields/selector.go):
// comma-separated requirements that must all hold. A selector that does not
// parse is the caller's mistake, answered 400 like the real server.

export class SelectorError extends Error {}

type Labels = Record<string, string> | undefined;

type LabelRequirement =
  | { key: string; op: "exists" | "notexists" }
  | { key: string; op: "=" | "!="; value: string }
  | { key: string; op: "in" | "notin"; values: string[] }
  | { key: string; op: "gt" | "lt"; value: number };

const KEY = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;

/** Splits on the commas between requirements, not those inside `in (a,b)`. */
function splitRequirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of selector) {
    if (char === "(") depth += 1;
    if (char === ")") depth -= 1;
    if (char === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim());
}

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new SelectorError(`unable to parse requirement: invalid label key "${key}": name part must consist of alphanumeric characters, '-', '_' or '.'`);
  return key;
}

function checkValue(value: string): string {
  if (!VALUE.test(value) || value.length > 63)
    throw new SelectorError(`unable to parse requirement: invalid label value: "${value}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.'`);
  return value;
}

function parseLabelRequirement(text: string): LabelRequirement {
  if (text === "") throw new SelectorError("found '', expected: identifier");
  if (text.startsWith("!")) return { key: checkKey(text.slice(1).trim()), op: "notexists" };
  const set = /^(\S+)\s+(in|notin)\s*(.*)$/.exec(text);
  if (set) {
    const [, key, op, rest] = set;
    if (!rest.startsWith("(") || !rest.endsWith(")")) throw new SelectorError(`unable to parse requirement: found '${rest}', expected: '('`);
    const values = rest
      .slice(1, -1)
      .split(",")
      .map((value) => checkValue(value.trim()));
    return { key: checkKey(key), op: op as "in" | "notin", values };
  }
  const comparison = /^([^!=<>\s]+)\s*(==|=|!=|<|>)\s*(.*)$/.exec(text);
  if (comparison) {
    const [, key, op, value] = comparison;
    if (op === "<" || op === ">") {
      const number = Number(value);
      if (!Number.isInteger(number)) throw new SelectorError(`unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer`);
      return { key: checkKey(key), op: op === ">" ? "gt" : "lt", value: number };
    }
    return { key: checkKey(key), op: op === "!=" ? "!=" : "=", value: checkValue(value.trim()) };
  }
  if (/\s/.test(text)) throw new SelectorError(`unable to parse requirement: found '${text.split(/\s+/)[1]}', expected: in, notin, =, ==, !=, gt, lt`);
  return { key: checkKey(text), op: "exists" };
}

function holds(requirement: LabelRequirement, labels: Labels): boolean {
  const present = labels !== undefined && Object.hasOwn(labels, requirement.key);
  const value = present ? labels[requirement.key] : undefined;
  switch (requirement.op) {
    case "exists":
      return present;
    case "notexists":
      return !present;
    case "=":
      return value === requirement.value;
    case "!=":
      return value !== requirement.value;
    case "in":
      return value !== undefined && requirement.values.includes(value);
    case "notin":
      return value === undefined || !requirement.values.includes(value);
    case "gt":
      return value !== undefined && Number(value) > requirement.value;
    case "lt":
      return value !== undefined && Number(value) < requirement.value;
  }
}

/** A predicate over an object's labels; an empty or missing selector matches everything. */
export function parseLabelSelector(selector: string | null | undefined): (labels: Labels) => boolean {
  if (!selector || selector.trim() === "") return () => true;
  const requirements = splitRequirements(selector).map(parseLabelRequirement);
  return (labels) => requirements.every((requirement) => holds(requirement, labels));
}

type FieldRequirement = { field: string; op: "=" | "!="; value: string };

/** Reads a field selector's value from an object: dotted paths, with `source` meaning an event's `source.component`. */
function fieldValue(object: unknown, field: string): string {
  const path = field === "source" ? "source.component" : field;
  let current: unknown = object;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return "";
    current = (current as Record<string, unknown>)[part];
  }
  return current === undefined || current === null ? "" : String(current);
}

/**
 * A predicate over whole objects. `supported` is the field labels the resource
 * type allows (every type allows metadata.name and metadata.namespace); any
 * other is refused as the real server does.
 */
export function parseFieldSelector(selector: string | null | undefined, supported: readonly string[]): (object: unknown) => boolean {
  if (!selector || selector.trim() === "") return () => true;
  const requirements: FieldRequirement[] = selector.split(",").map((text) => {
    const match = /^([^!=]+?)\s*(==|=|!=)\s*(.*)$/.exec(text.trim());
    if (!match) throw new SelectorError(`invalid selector: '${selector}'; can't understand '${text}'`);
    const [, field, op, value] = match;
    if (!supported.includes(field) && field !== "metadata.name" && field !== "metadata.namespace") throw new SelectorError(`field label not supported: ${field}`);
    return { field, op: op === "!=" ? "!=" : "=", value };
  });
  return (object) => requirements.every(({ field, op, value }) => (fieldValue(object, field) === value) === (op === "="));
}
