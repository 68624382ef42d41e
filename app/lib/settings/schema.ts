import { z } from "zod";
import { LANGUAGES } from "../i18n/i18n";
import { THEMES } from "./preferences";

// The forms of the settings page and the sidebar, shared by client and server
// and parsed through conform (app/lib/forms/submission.ts). Messages for
// invalid fields are keys of the message catalogue, translated where shown.

export const appearanceSchema = z.object({
  intent: z.literal("appearance"),
  theme: z.enum(THEMES, { error: "settings.themeInvalid" }),
  language: z.enum(LANGUAGES, { error: "settings.languageInvalid" }),
  // A checkbox: "on" when ticked, absent when not (conform reads "on" as true).
  sidebarPinned: z.boolean({ error: "settings.sidebarPinnedInvalid" }).optional(),
});

/** Settings > Feature Flags: one switch per registered flag, each its own form. */
export const featureFlagToggleSchema = z.object({
  intent: z.literal("toggle"),
  name: z.string({ error: "settings.featureFlags.unknown" }).max(150, { error: "settings.featureFlags.unknown" }),
  active: z.enum(["on", "off"], { error: "settings.featureFlags.activeInvalid" }),
});

export const sidebarSchema = z.object({
  intent: z.enum(["pin", "unpin", "dismiss-intro"], { error: "shell.sidebarIntentInvalid" }),
  redirectTo: z.string().optional(),
});
