import { z } from "zod";

// Config values that may arrive as strings from ${ENV} substitution.

/** A number that may arrive as a string (from ${ENV} substitution). */
export const configNumber = z.preprocess((value, ctx) => {
  if (typeof value !== "string") return value;
  const parsed = value.trim() === "" ? Number.NaN : Number(value);
  if (Number.isNaN(parsed)) ctx.addIssue({ code: "custom", message: `conversion:number:${value}` });
  return parsed;
}, z.number());

/** A boolean that may arrive as the strings 'true' or 'false'. */
export const configBoolean = z.preprocess((value, ctx) => {
  if (typeof value !== "string") return value;
  if (value === "true" || value === "false") return value === "true";
  ctx.addIssue({ code: "custom", message: `conversion:boolean:${value}` });
  return value;
}, z.boolean());

/** An absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
