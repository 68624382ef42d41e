import type { UserSettingsService } from "../../settings/user-settings.server";
import { DEFAULT_TEXT_SIZE, isTextSize, type TextSize } from "./text-size";

// The text size follows the user: one setting in the user-settings store,
// where Backstage's add-on keeps it too (storage bucket 'techdocs-addons').

export const TEXT_SIZE_SETTING = { bucket: "techdocs-addons", key: "text-size" } as const;

export async function readTextSize(settings: UserSettingsService, settingsOwner: string): Promise<TextSize> {
  const stored = await settings.find({ userEntityRef: settingsOwner, ...TEXT_SIZE_SETTING });
  return isTextSize(stored?.value) ? stored.value : DEFAULT_TEXT_SIZE;
}

export async function saveTextSize(settings: UserSettingsService, settingsOwner: string, size: TextSize): Promise<void> {
  await settings.set({ userEntityRef: settingsOwner, ...TEXT_SIZE_SETTING, value: size });
}
