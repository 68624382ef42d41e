import type { JsonValue } from "./store.server";
import type { UserSettingsService } from "./user-settings.server";

// Dismissed banners and notification settings, where Backstage keeps them: the
// 'notifications' bucket of the user-settings store. Banners (and the
// notification UI) call these; they are the same rows the REST API serves.

export const NOTIFICATIONS_BUCKET = "notifications";
export const DISMISSED_BANNERS_KEY = "dismissedBanners";
export const NOTIFICATION_SETTINGS_KEY = "notificationSettings";

export async function dismissedBanners(settings: UserSettingsService, userEntityRef: string): Promise<string[]> {
  const stored = await settings.find({ userEntityRef, bucket: NOTIFICATIONS_BUCKET, key: DISMISSED_BANNERS_KEY });
  return Array.isArray(stored?.value) ? stored.value.filter((id): id is string => typeof id === "string") : [];
}

export async function dismissBanner(settings: UserSettingsService, userEntityRef: string, bannerId: string): Promise<void> {
  const dismissed = await dismissedBanners(settings, userEntityRef);
  if (dismissed.includes(bannerId)) return;
  await settings.set({ userEntityRef, bucket: NOTIFICATIONS_BUCKET, key: DISMISSED_BANNERS_KEY, value: [...dismissed, bannerId] });
}

export async function notificationSettings(settings: UserSettingsService, userEntityRef: string): Promise<JsonValue | undefined> {
  return (await settings.find({ userEntityRef, bucket: NOTIFICATIONS_BUCKET, key: NOTIFICATION_SETTINGS_KEY }))?.value;
}

export async function saveNotificationSettings(settings: UserSettingsService, userEntityRef: string, value: JsonValue): Promise<void> {
  await settings.set({ userEntityRef, bucket: NOTIFICATIONS_BUCKET, key: NOTIFICATION_SETTINGS_KEY, value });
}
