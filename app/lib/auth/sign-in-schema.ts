import { z } from "zod";

// The sign-in page's forms, shared by client and server; messages come from
// the message catalogue (signIn.*).

export const signInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("guest"), redirectTo: z.string().optional() }),
  z.object({
    intent: z.literal("custom"),
    userId: z.string().trim(),
    idToken: z.string().trim().optional(),
    redirectTo: z.string().optional(),
  }),
  z.object({ intent: z.literal("provider"), provider: z.string().max(40), redirectTo: z.string().optional() }),
]);
