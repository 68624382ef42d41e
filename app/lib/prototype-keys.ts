// YAML and JSON parsers keep a `__proto__` key as an ordinary own property;
// copied key by key (merging config files, resolving a catalog file's
// placeholders) it would replace the copy's prototype instead of becoming a
// value, and whatever it holds would show through as inherited fields. Data
// read from config files, the environment or catalog files is refused when
// it has one, naming where.

export const PROTOTYPE_KEY = "__proto__";

/** The path to the first `__proto__` key in `value`, that key last; undefined when there is none. */
export function prototypeKeyPath(value: unknown): Array<string | number> | undefined {
  const stack: Array<{ node: unknown; path: Array<string | number> }> = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push({ node: item, path: [...path, index] }));
      continue;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === PROTOTYPE_KEY) return [...path, key];
      stack.push({ node: child, path: [...path, key] });
    }
  }
  return undefined;
}
