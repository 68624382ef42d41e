import { z } from "zod";
import { KEYED_MESSAGE } from "./errors";

// Sizes in config: a number of bytes, or a number with a unit as Express's
// body parsers take it ('512kb', '1mb', '1.5 MiB'). k, m and g count in 1024s.

const UNIT_BYTES: Record<string, number> = { b: 1, kb: 1024, kib: 1024, mb: 1024 ** 2, mib: 1024 ** 2, gb: 1024 ** 3, gib: 1024 ** 3 };

export function parseByteSize(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!match) return undefined;
  const unit = UNIT_BYTES[(match[2] || "b").toLowerCase()];
  const bytes = unit === undefined ? Number.NaN : Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** A positive size in bytes; anything else stops start-up with the key named. */
export const configByteSize = z.unknown().transform((value, ctx): number => {
  const bytes = parseByteSize(value);
  if (bytes !== undefined) return bytes;
  ctx.addIssue({ code: "custom", message: `${KEYED_MESSAGE}Invalid size in config for key '{key}', got ${JSON.stringify(value)}, wanted a number of bytes or a size such as '512kb' or '16mb'` });
  return z.NEVER;
});

/** A size as people read it: '1 MiB', '512 KiB', '100 bytes'. */
export function formatByteSize(bytes: number): string {
  for (const [unit, size] of [
    ["GiB", 1024 ** 3],
    ["MiB", 1024 ** 2],
    ["KiB", 1024],
  ] as const) {
    if (bytes >= size && bytes % (size / 1024) === 0) return `${Number((bytes / size).toFixed(2))} ${unit}`;
  }
  return `${bytes} bytes`;
}
