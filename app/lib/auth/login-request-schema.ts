import { z } from "zod";

// The login-request dialog's forms: log in to one provider, or reject them
// all. Parsed through conform (app/lib/forms/submission.ts); its fields are
// hidden, so any refusal reads as the one message the dialog has for it.
const error = "signIn.loginFailed";
export const loginRequestSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("login"),
      provider: z.string({ error }).max(40, { error }),
      scope: z.string({ error }).max(2000, { error }).optional(),
      returnTo: z.string({ error }).max(2048, { error }),
    }),
    z.object({ intent: z.literal("reject"), returnTo: z.string({ error }).max(2048, { error }) }),
  ],
  { error },
);
