import { parseEntityRef, stringifyEntityRef } from "../catalog/entity-ref";
import type { UserSettingsService } from "../settings/user-settings.server";
import { parseHomeWidgets, type HomeWidgetId } from "./home-widgets";

// What the home page keeps per user in the settings store (bucket 'home'):
// the widgets' arrangement, and the entity pages visited last.

export const HOME_BUCKET = "home";
export const HOME_WIDGETS_KEY = "widgets";
export const RECENTLY_VISITED_KEY = "recentlyVisited";
/** How many visited entities are remembered: the newest first, older ones fall off. */
export const MAX_RECENTLY_VISITED = 20;

export async function homeWidgets(settings: UserSettingsService, userEntityRef: string): Promise<HomeWidgetId[]> {
  const stored = await settings.find({ userEntityRef, bucket: HOME_BUCKET, key: HOME_WIDGETS_KEY });
  return parseHomeWidgets(stored?.value);
}

export async function saveHomeWidgets(settings: UserSettingsService, userEntityRef: string, widgets: HomeWidgetId[]): Promise<void> {
  await settings.set({ userEntityRef, bucket: HOME_BUCKET, key: HOME_WIDGETS_KEY, value: widgets });
}

/** Back to the default arrangement: the saved one is removed. */
export async function resetHomeWidgets(settings: UserSettingsService, userEntityRef: string): Promise<void> {
  await settings.delete({ userEntityRef, bucket: HOME_BUCKET, key: HOME_WIDGETS_KEY });
}

export type Visit = { entityRef: string; visitedAt: string };

export async function recentlyVisited(settings: UserSettingsService, userEntityRef: string): Promise<Visit[]> {
  const stored = await settings.find({ userEntityRef, bucket: HOME_BUCKET, key: RECENTLY_VISITED_KEY });
  const value = stored?.value;
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== "object" || Array.isArray(item)) return [];
    const { entityRef, visitedAt } = item as Record<string, unknown>;
    return typeof entityRef === "string" && typeof visitedAt === "string" ? [{ entityRef, visitedAt }] : [];
  });
}

/**
 * Records a visit of an entity page (called by its loader): the entity goes
 * to the top of the list, once, and the list keeps MAX_RECENTLY_VISITED.
 */
export async function recordEntityVisit(settings: UserSettingsService, userEntityRef: string, entityRef: string, now: Date = new Date()): Promise<void> {
  const ref = stringifyEntityRef(parseEntityRef(entityRef));
  const key = ref.toLocaleLowerCase("en-US");
  const earlier = (await recentlyVisited(settings, userEntityRef)).filter((visit) => visit.entityRef.toLocaleLowerCase("en-US") !== key);
  const visits = [{ entityRef: ref, visitedAt: now.toISOString() }, ...earlier].slice(0, MAX_RECENTLY_VISITED);
  await settings.set({ userEntityRef, bucket: HOME_BUCKET, key: RECENTLY_VISITED_KEY, value: visits });
}

/** recordEntityVisit for a page loader: a visit that cannot be recorded is logged, never the page's failure. */
export function recordEntityVisitQuietly(
  app: { userSettings: UserSettingsService; logger: { warn(object: object, message: string): void } },
  userEntityRef: string | undefined,
  entityRef: string,
): Promise<void> {
  if (!userEntityRef) return Promise.resolve();
  return recordEntityVisit(app.userSettings, userEntityRef, entityRef).catch((error: unknown) => {
    app.logger.warn({ err: error, entityRef }, "Could not record the entity page visit for the home page");
  });
}
