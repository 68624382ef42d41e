import { z } from "zod";
import { isValidEntityName } from "../catalog/validation";
import { isOpenIdConnectJwt } from "./identity";

// The sign-in page's forms, parsed with conform (app/routes/sign-in.tsx).
// Error messages are keys of the message catalogue (signIn.*), translated
// where they are shown.

export const signInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("guest"), redirectTo: z.string().optional() }),
  z.object({
    intent: z.literal("custom"),
    userId: z.string({ error: "signIn.custom.userIdInvalid" }).trim().refine(isValidEntityName, "signIn.custom.userIdInvalid"),
    idToken: z.string().trim().refine(isOpenIdConnectJwt, "signIn.custom.tokenInvalid").optional(),
    redirectTo: z.string().optional(),
  }),
  z.object({ intent: z.literal("provider"), provider: z.string().max(40), redirectTo: z.string().optional() }),
]);
