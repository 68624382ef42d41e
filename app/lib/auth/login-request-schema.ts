import { z } from "zod";

// The login-request dialog's forms: log in to one provider, or reject them all.
export const loginRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), provider: z.string().max(40), scope: z.string().max(2000).optional(), returnTo: z.string().max(2048) }),
  z.object({ intent: z.literal("reject"), returnTo: z.string().max(2048) }),
]);
