import { z } from "zod";

// The dismissible banner's form (app/components/ui/dismissible-banner.tsx),
// posted to /settings/banners/dismiss and parsed through conform
// (app/lib/forms/submission.ts). `returnTo` is where a post without
// JavaScript goes back to; `js=1` marks the script's background post.

export const MAX_BANNER_ID_LENGTH = 200;

export const dismissBannerSchema = z.object({
  bannerId: z
    .string({ error: "uiKit.banner.idInvalid" })
    .refine((id) => id.trim() !== "", { error: "uiKit.banner.idInvalid" })
    .max(MAX_BANNER_ID_LENGTH, { error: "uiKit.banner.idInvalid" }),
  returnTo: z.string().optional(),
  js: z.literal("1").optional(),
});
