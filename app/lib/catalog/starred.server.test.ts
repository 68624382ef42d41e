import { beforeEach, describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { createUserSettings, type UserSettingsService } from "../settings/user-settings.server";
import { isStarred, STARRED_BUCKET, STARRED_KEY, starredEntityRefs, toggleStarred } from "./starred.server";

const ADA = "user:default/ada";

describe.each(TEST_ENGINES)("starred entities on %s", (engine) => {
  const database = useMigratedDatabase(engine);
  let settings: UserSettingsService;
  beforeEach(() => {
    settings = createUserSettings(database.db);
  });

  it("flips membership in Backstage's bucket, whatever the ref's case", async () => {
    expect(await toggleStarred(settings, ADA, "Component:default/Listings")).toBe(true);
    expect(await settings.get({ userEntityRef: ADA, bucket: STARRED_BUCKET, key: STARRED_KEY })).toMatchObject({ value: ["component:default/listings"] });
    const starred = await starredEntityRefs(settings, ADA);
    expect(isStarred(starred, "component:default/listings")).toBe(true);
    expect(await toggleStarred(settings, ADA, "component:default/listings")).toBe(false);
    expect(await starredEntityRefs(settings, ADA)).toEqual([]);
    // Another user's stars are their own.
    expect(await starredEntityRefs(settings, "user:default/bob")).toEqual([]);
  });

  it("moves legacy 'entity:kind:namespace:name' entries over once and drops what does not parse", async () => {
    await settings.set({ userEntityRef: ADA, bucket: STARRED_BUCKET, key: STARRED_KEY, value: ["component:default/c"] });
    await settings.set({ userEntityRef: ADA, bucket: "settings", key: "starredEntities", value: ["entity:Component:default:a", "entity:template:custom:b", "nonsense", 7] });
    expect(await starredEntityRefs(settings, ADA)).toEqual(["component:default/c", "component:default/a", "template:custom/b"]);
    expect(await settings.find({ userEntityRef: ADA, bucket: "settings", key: "starredEntities" })).toBeUndefined();
    await toggleStarred(settings, ADA, "component:default/a");
    expect(await starredEntityRefs(settings, ADA)).toEqual(["component:default/c", "template:custom/b"]);
  });
});
