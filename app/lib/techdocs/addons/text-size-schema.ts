import { z } from "zod";
import { isTextSize } from "./text-size";

// The text size form's schema (text-size.ts), parsed by its action
// (app/routes/docs/text-size.ts); apart, so that the reader does not ship zod.

/** The settings form: the size and the page to go back to. */
export const textSizeSchema = z.object({
  textSize: z.coerce.number().refine(isTextSize, { message: "Choose one of the offered text sizes" }),
  returnTo: z.string().max(2048).optional(),
});
