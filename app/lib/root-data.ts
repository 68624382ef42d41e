import type { AlertMessage } from "./alerts/alerts";
import type { StarredLink } from "./catalog/starred-sidebar.server";
import type { PublicConfig } from "./config/runtime";
import type { Preferences } from "./settings/preferences";

/**
 * What the root loader (app/root.tsx) gives every page: the shape is written
 * out here, below the UI kit, so the kit and the shell read it without
 * importing the root module (which imports them). The loader checks its
 * answer against this type with `satisfies`.
 */
export type RootData = {
  config: PublicConfig;
  preferences: Preferences;
  /** Alerts flashed by the previous action, shown once. */
  alerts: AlertMessage[];
  requestId: string;
  /** The signed-in user; undefined for a visitor. */
  user: { userEntityRef: string; provider: string; canSignOut: boolean } | undefined;
  /** The user's starred entities for the sidebar; undefined for a visitor. */
  starred: StarredLink[] | undefined;
};
