// Secrets never reach a log line or an event: every value of the task's
// secrets is replaced by *** wherever it appears, as Backstage's task logger
// redacts them. Values are matched as they are and as JSON would escape them
// (an event body is stored as JSON text).

const MASK = "***";

export type Redactor = {
  /** The text with every secret value masked. */
  text(value: string): string;
  /** A JSON-able value with every secret value masked in its strings. */
  value<T>(value: T): T;
};

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function createRedactor(secrets: Record<string, unknown> | undefined): Redactor {
  const values = new Set<string>();
  for (const secret of Object.values(secrets ?? {})) {
    if (typeof secret !== "string" || secret.length === 0) continue;
    values.add(secret);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) values.add(escaped);
  }
  // Longest first, so a secret that contains another is masked whole.
  const pattern = values.size
    ? new RegExp(
        [...values]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join("|"),
        "g",
      )
    : undefined;
  const text = (value: string) => (pattern ? value.replace(pattern, MASK) : value);
  return {
    text,
    value<T>(value: T): T {
      if (!pattern || value === undefined) return value;
      return JSON.parse(text(JSON.stringify(value))) as T;
    },
  };
}
