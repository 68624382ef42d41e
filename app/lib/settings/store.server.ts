import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

// The user-settings table, one function per database operation. Values go in
// and come out as JSON; limits and messages live in user-settings.server.ts.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type UserSetting = { bucket: string; key: string; value: JsonValue };
export type SettingAddress = { userEntityRef: string; bucket: string; key: string };

export async function getUserSetting(db: Kysely<Database>, address: SettingAddress): Promise<UserSetting | undefined> {
  const row = await db
    .selectFrom("user_settings")
    .select(["bucket", "key", "value"])
    .where("user_entity_ref", "=", address.userEntityRef)
    .where("bucket", "=", address.bucket)
    .where("key", "=", address.key)
    .executeTakeFirst();
  return row && { bucket: row.bucket, key: row.key, value: JSON.parse(row.value) };
}

/** Every setting of one bucket, by key. */
export async function listUserSettings(db: Kysely<Database>, options: { userEntityRef: string; bucket: string }): Promise<UserSetting[]> {
  const rows = await db
    .selectFrom("user_settings")
    .select(["bucket", "key", "value"])
    .where("user_entity_ref", "=", options.userEntityRef)
    .where("bucket", "=", options.bucket)
    .orderBy("key")
    .execute();
  return rows.map((row) => ({ bucket: row.bucket, key: row.key, value: JSON.parse(row.value) }));
}

export async function setUserSetting(db: Kysely<Database>, setting: SettingAddress & { value: JsonValue }, now = Date.now()): Promise<void> {
  const value = JSON.stringify(setting.value);
  await db
    .insertInto("user_settings")
    .values({ user_entity_ref: setting.userEntityRef, bucket: setting.bucket, key: setting.key, value, updated_at: now })
    .onConflict((conflict) => conflict.columns(["user_entity_ref", "bucket", "key"]).doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** Whether there was a setting to delete. */
export async function deleteUserSetting(db: Kysely<Database>, address: SettingAddress): Promise<boolean> {
  const result = await db.deleteFrom("user_settings").where("user_entity_ref", "=", address.userEntityRef).where("bucket", "=", address.bucket).where("key", "=", address.key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many settings a user has in all buckets (the per-user cap). */
export async function countUserSettings(db: Kysely<Database>, userEntityRef: string): Promise<number> {
  const row = await db
    .selectFrom("user_settings")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_entity_ref", "=", userEntityRef)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
