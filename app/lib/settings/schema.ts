import { z } from "zod";
import { LANGUAGES } from "../i18n/i18n";
import { THEMES } from "./preferences";

// The forms of the settings page and the sidebar, shared by client and server.

export const appearanceSchema = z.object({
  intent: z.literal("appearance"),
  theme: z.enum(THEMES, { message: "Choose Light, Dark or Auto" }),
  language: z.enum(LANGUAGES, { message: "Choose a supported language" }),
  sidebarPinned: z.literal("on").optional(),
});

export const sidebarSchema = z.object({
  intent: z.enum(["pin", "unpin", "dismiss-intro"]),
  redirectTo: z.string().optional(),
});
