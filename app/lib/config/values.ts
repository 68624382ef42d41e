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
