import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../i18n/i18n";
import { parseCookies } from "../http/cookies";

// Preferences the first byte of every page depends on (theme, language,
// sidebar), kept in cookies so the server renders them without a flash.

export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];

export const PREFERENCE_COOKIES = {
  theme: "atrium-theme",
  language: "atrium-language",
  sidebarPinned: "atrium-sidebar-pinned",
  sidebarIntroDismissed: "atrium-sidebar-intro-dismissed",
} as const;

export type Preferences = {
  theme: Theme;
  language: Language;
  sidebarPinned: boolean;
  sidebarIntroDismissed: boolean;
};

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function readPreferences(cookieHeader: string | null): Preferences {
  const cookies = parseCookies(cookieHeader);
  const theme = cookies[PREFERENCE_COOKIES.theme];
  const language = cookies[PREFERENCE_COOKIES.language];
  return {
    theme: isTheme(theme) ? theme : "auto",
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    sidebarPinned: cookies[PREFERENCE_COOKIES.sidebarPinned] !== "false",
    sidebarIntroDismissed: cookies[PREFERENCE_COOKIES.sidebarIntroDismissed] === "true",
  };
}
