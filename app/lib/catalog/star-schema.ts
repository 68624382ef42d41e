import { z } from "zod";
import { parseEntityRef } from "./entity-ref";

// The star button's form (app/components/catalog/star-button.tsx), posted to
// /catalog/star and parsed through conform (app/lib/forms/submission.ts).
// `returnTo` is where a post without JavaScript goes back to (checked by
// safeRedirectPath); `js=1` marks the script's background post.

export const starSchema = z.object({
  entityRef: z
    .string({ error: "catalogCommon.star.entityRefInvalid" })
    .max(512, { error: "catalogCommon.star.entityRefInvalid" })
    .transform((value, ctx) => {
      try {
        const { kind, namespace, name } = parseEntityRef(value);
        return `${kind}:${namespace}/${name}`;
      } catch {
        ctx.addIssue({ code: "custom", message: "catalogCommon.star.entityRefInvalid" });
        return z.NEVER;
      }
    }),
  returnTo: z.string().optional(),
  js: z.literal("1").optional(),
});
