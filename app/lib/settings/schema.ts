import { z } from "zod";
import { LANGUAGES } from "../i18n/i18n";
import { THEMES } from "./preferences";

// The forms of the settings page and the sidebar, shared by client and server.
// Messages for invalid fields come from the message catalogue (settings.*Invalid).

export const appearanceSchema = z.object({
  intent: z.literal("appearance"),
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  sidebarPinned: z.literal("on").optional(),
});

export const sidebarSchema = z.object({
  intent: z.enum(["pin", "unpin", "dismiss-intro"]),
  redirectTo: z.string().optional(),
});
