import { beforeEach, describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { GUEST_IDENTITY } from "../auth/identity";
import { activeFeatureFlags, isFeatureFlagActive, setFeatureFlag } from "./feature-flags.server";
import { dismissBanner, dismissedBanners, notificationSettings, saveNotificationSettings } from "./notifications.server";
import { MIRROR_COOKIE, preferencesForPage, savePreferences } from "./user-preferences.server";
import { createUserSettings, type UserSettingsService } from "./user-settings.server";

const ADA = { userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada"], provider: "custom" };
const FLAGS = [
  { name: "new-graph", pluginId: "catalog-graph" },
  { name: "beta-docs", pluginId: "techdocs" },
];

describe.each(TEST_ENGINES)("settings buckets on %s", (engine) => {
  const database = useMigratedDatabase(engine);
  let settings: UserSettingsService;
  beforeEach(() => {
    settings = createUserSettings(database.db);
  });

  it("keeps a user's theme, language and sidebar on the server and mirrors them into a browser that lacks them", async () => {
    const written = await savePreferences(settings, ADA, { theme: "dark", sidebarPinned: false }, "/portal");
    expect(written).toEqual([expect.stringMatching(/^atrium-theme=dark; Path=\/portal;/), expect.stringMatching(/^atrium-sidebar-pinned=false; Path=\/portal;/)]);

    // Another browser: no cookies at all.
    const headers = new Headers();
    const preferences = await preferencesForPage(settings, ADA, null, "/portal", headers);
    expect(preferences).toMatchObject({ theme: "dark", sidebarPinned: false, language: "en" });
    const setCookies = headers.getSetCookie();
    expect(setCookies).toContainEqual(expect.stringMatching(/^atrium-theme=dark;/));
    expect(setCookies).toContainEqual(expect.stringMatching(new RegExp(`^${MIRROR_COOKIE}=user%3Adefault%2Fada%7C\\d+; Path=/portal;`)));

    // While the mirror is current the cookies are trusted and the store is not read.
    const mirror = (ref: string, syncedAt: number) => `${MIRROR_COOKIE}=${encodeURIComponent(`${ref}|${syncedAt}`)}`;
    const again = new Headers();
    const mirrored = await preferencesForPage(settings, ADA, `atrium-theme=light; ${mirror(ADA.userEntityRef, Date.now())}`, "/portal", again);
    expect(mirrored.theme).toBe("light");
    expect(again.getSetCookie()).toEqual([]);

    // Five minutes later the store is read again; what it does not hold keeps the cookies' values.
    const later = await preferencesForPage(settings, ADA, `atrium-theme=light; atrium-language=en; ${mirror(ADA.userEntityRef, Date.now() - 6 * 60_000)}`, "/portal", new Headers());
    expect(later).toMatchObject({ theme: "dark", sidebarPinned: false });
  });

  it("starts from the defaults when another user signed in on the same browser", async () => {
    const bob = { ...ADA, userEntityRef: "user:default/bob" };
    const cookies = `atrium-theme=dark; atrium-sidebar-pinned=false; ${MIRROR_COOKIE}=${encodeURIComponent(`${ADA.userEntityRef}|${Date.now()}`)}`;
    const headers = new Headers();
    expect(await preferencesForPage(settings, bob, cookies, "", headers)).toEqual({ theme: "auto", language: "en", sidebarPinned: true, sidebarIntroDismissed: false });
    expect(headers.getSetCookie()).toContainEqual(expect.stringMatching(/^atrium-theme=auto;/));
  });

  it("leaves the guest's look in its own browser", async () => {
    await savePreferences(settings, GUEST_IDENTITY, { theme: "dark" }, "");
    expect(await settings.list({ userEntityRef: GUEST_IDENTITY.userEntityRef, bucket: "user-settings" })).toEqual([]);
    const headers = new Headers();
    expect((await preferencesForPage(settings, GUEST_IDENTITY, "atrium-theme=light", "", headers)).theme).toBe("light");
    expect(headers.getSetCookie()).toEqual([]);
  });

  it("switches registered feature flags per user and refuses unregistered ones", async () => {
    await setFeatureFlag(settings, FLAGS, { userEntityRef: ADA.userEntityRef, name: "new-graph", active: true });
    expect([...(await activeFeatureFlags(settings, ADA.userEntityRef))]).toEqual(["new-graph"]);
    expect(await isFeatureFlagActive(settings, ADA.userEntityRef, "new-graph")).toBe(true);
    expect(await isFeatureFlagActive(settings, "user:default/bob", "new-graph")).toBe(false);
    await setFeatureFlag(settings, FLAGS, { userEntityRef: ADA.userEntityRef, name: "new-graph", active: false });
    expect(await activeFeatureFlags(settings, ADA.userEntityRef)).toEqual(new Set());
    await expect(setFeatureFlag(settings, FLAGS, { userEntityRef: ADA.userEntityRef, name: "made-up", active: true })).rejects.toMatchObject({ name: "InputError" });
  });

  it("keeps dismissed banners as a list of ids and notification settings, in the notifications bucket", async () => {
    expect(await dismissedBanners(settings, ADA.userEntityRef)).toEqual([]);
    await dismissBanner(settings, ADA.userEntityRef, "maintenance-2026-11");
    await dismissBanner(settings, ADA.userEntityRef, "maintenance-2026-11");
    await dismissBanner(settings, ADA.userEntityRef, "new-portal");
    expect(await settings.get({ userEntityRef: ADA.userEntityRef, bucket: "notifications", key: "dismissedBanners" })).toMatchObject({ value: ["maintenance-2026-11", "new-portal"] });
    await saveNotificationSettings(settings, ADA.userEntityRef, { channels: [{ id: "Web", origins: [{ id: "catalog", enabled: false }] }] });
    expect(await notificationSettings(settings, ADA.userEntityRef)).toEqual({ channels: [{ id: "Web", origins: [{ id: "catalog", enabled: false }] }] });
  });
});
