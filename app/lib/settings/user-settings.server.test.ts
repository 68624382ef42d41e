import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { countUserSettings, deleteUserSetting, getUserSetting, listUserSettings, setUserSetting } from "./store.server";
import { createUserSettings, MAX_SETTING_VALUE_BYTES } from "./user-settings.server";

const ADA = "user:default/ada";
const BOB = "user:default/bob";

describe.each(TEST_ENGINES)("user settings on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  it("stores any JSON value per user, bucket and key, and replaces it on a second write", async () => {
    const db = database.db;
    const starred = ["component:default/listings-api", "api:default/payments"];
    await setUserSetting(db, { userEntityRef: ADA, bucket: "starredEntities", key: "entityRefs", value: starred });
    await setUserSetting(db, { userEntityRef: ADA, bucket: "user-settings", key: "theme", value: "dark" });
    await setUserSetting(db, { userEntityRef: ADA, bucket: "user-settings", key: "theme", value: "light" });
    await setUserSetting(db, { userEntityRef: BOB, bucket: "user-settings", key: "theme", value: { nested: [1, null, true] } });

    expect(await getUserSetting(db, { userEntityRef: ADA, bucket: "starredEntities", key: "entityRefs" })).toEqual({ bucket: "starredEntities", key: "entityRefs", value: starred });
    expect(await getUserSetting(db, { userEntityRef: ADA, bucket: "user-settings", key: "theme" })).toEqual({ bucket: "user-settings", key: "theme", value: "light" });
    expect(await getUserSetting(db, { userEntityRef: BOB, bucket: "user-settings", key: "theme" })).toMatchObject({ value: { nested: [1, null, true] } });
    expect(await getUserSetting(db, { userEntityRef: BOB, bucket: "starredEntities", key: "entityRefs" })).toBeUndefined();
    expect(await countUserSettings(db, ADA)).toBe(2);
  });

  it("lists one bucket of one user in key order, and deletes a single key", async () => {
    const db = database.db;
    await setUserSetting(db, { userEntityRef: ADA, bucket: "feature-flags", key: "zeta", value: true });
    await setUserSetting(db, { userEntityRef: ADA, bucket: "feature-flags", key: "alpha", value: true });
    await setUserSetting(db, { userEntityRef: ADA, bucket: "notifications", key: "dismissedBanners", value: ["b1"] });
    await setUserSetting(db, { userEntityRef: BOB, bucket: "feature-flags", key: "beta", value: true });
    expect((await listUserSettings(db, { userEntityRef: ADA, bucket: "feature-flags" })).map((s) => s.key)).toEqual(["alpha", "zeta"]);

    expect(await deleteUserSetting(db, { userEntityRef: ADA, bucket: "feature-flags", key: "alpha" })).toBe(true);
    expect(await deleteUserSetting(db, { userEntityRef: ADA, bucket: "feature-flags", key: "alpha" })).toBe(false);
    expect((await listUserSettings(db, { userEntityRef: ADA, bucket: "feature-flags" })).map((s) => s.key)).toEqual(["zeta"]);
    expect(await listUserSettings(db, { userEntityRef: BOB, bucket: "feature-flags" })).toHaveLength(1);
  });

  it("answers a missing setting with Backstage's not-found message and refuses oversized input", async () => {
    const settings = createUserSettings(database.db);
    await expect(settings.get({ userEntityRef: ADA, bucket: "b", key: "k" })).rejects.toMatchObject({ name: "NotFoundError", message: "Unable to find 'k' in bucket 'b'" });
    await expect(settings.set({ userEntityRef: ADA, bucket: "b", key: "k", value: undefined })).rejects.toMatchObject({ name: "InputError", message: 'Missing required field "value"' });
    await expect(settings.set({ userEntityRef: ADA, bucket: "b", key: "k", value: "x".repeat(MAX_SETTING_VALUE_BYTES) })).rejects.toMatchObject({ name: "PayloadTooLargeError" });
    await expect(settings.set({ userEntityRef: ADA, bucket: "b".repeat(256), key: "k", value: 1 })).rejects.toMatchObject({ name: "InputError" });
    expect(await settings.set({ userEntityRef: ADA, bucket: "b", key: "k", value: 0 })).toEqual({ bucket: "b", key: "k", value: 0 });
    expect(await settings.get({ userEntityRef: ADA, bucket: "b", key: "k" })).toEqual({ bucket: "b", key: "k", value: 0 });
  });
});
