// The text size add-on (Backstage's techdocs-module-addons-contrib TextSize):
// the article's font size as a percentage, one of five steps, kept per user
// in the user-settings store (text-size.server.ts).

export const TEXT_SIZES = [90, 100, 115, 130, 150] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
export const DEFAULT_TEXT_SIZE: TextSize = 100;

export function isTextSize(value: unknown): value is TextSize {
  return typeof value === "number" && (TEXT_SIZES as readonly number[]).includes(value);
}
