import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { InputError, NotFoundError, PayloadTooLargeError } from "../errors";
import { countUserSettings, deleteUserSetting, getUserSetting, listUserSettings, setUserSetting, type JsonValue, type SettingAddress, type UserSetting } from "./store.server";

// User settings as the API and the pages use them: Backstage's messages, and
// limits so that one user (the shared guest included) cannot fill the database.

/** Bucket and key names are at most this long (Backstage's columns are varchar(255)). */
export const MAX_SETTING_NAME_LENGTH = 255;
/** A value is at most this many bytes of JSON. */
export const MAX_SETTING_VALUE_BYTES = 64 * 1024;
/** A user keeps at most this many settings over all buckets. */
export const MAX_SETTINGS_PER_USER = 1000;

export type UserSettingsService = ReturnType<typeof createUserSettings>;

export function createUserSettings(db: Kysely<Database>) {
  return {
    /** The setting, or NotFoundError with Backstage's message. */
    async get(address: SettingAddress): Promise<UserSetting> {
      checkNames(address);
      const setting = await getUserSetting(db, address);
      if (!setting) throw new NotFoundError(`Unable to find '${address.key}' in bucket '${address.bucket}'`);
      return setting;
    },

    /** The setting, or undefined: for pages, where a missing setting means the default. */
    async find(address: SettingAddress): Promise<UserSetting | undefined> {
      checkNames(address);
      return getUserSetting(db, address);
    },

    async list(options: { userEntityRef: string; bucket: string }): Promise<UserSetting[]> {
      checkNames({ ...options, key: "" });
      return listUserSettings(db, options);
    },

    /** Stores the value and returns what is now stored. */
    async set(setting: SettingAddress & { value: unknown }): Promise<UserSetting> {
      checkNames(setting);
      if (setting.value === undefined) throw new InputError('Missing required field "value"');
      const bytes = Buffer.byteLength(JSON.stringify(setting.value));
      if (bytes > MAX_SETTING_VALUE_BYTES) {
        throw new PayloadTooLargeError(`A setting value may be at most ${MAX_SETTING_VALUE_BYTES} bytes of JSON, got ${bytes}`);
      }
      const existing = await getUserSetting(db, setting);
      if (!existing && (await countUserSettings(db, setting.userEntityRef)) >= MAX_SETTINGS_PER_USER) {
        throw new PayloadTooLargeError(`A user may keep at most ${MAX_SETTINGS_PER_USER} settings; delete some first`);
      }
      await setUserSetting(db, { ...setting, value: setting.value as JsonValue });
      return { bucket: setting.bucket, key: setting.key, value: setting.value as JsonValue };
    },

    async delete(address: SettingAddress): Promise<void> {
      checkNames(address);
      await deleteUserSetting(db, address);
    },
  };
}

function checkNames(address: { bucket: string; key: string }): void {
  if (!address.bucket) throw new InputError("A bucket name may not be empty");
  for (const [what, name] of [
    ["bucket", address.bucket],
    ["key", address.key],
  ] as const) {
    if (name.length > MAX_SETTING_NAME_LENGTH) {
      throw new InputError(`The ${what} name may be at most ${MAX_SETTING_NAME_LENGTH} characters, got ${name.length}`);
    }
  }
}
