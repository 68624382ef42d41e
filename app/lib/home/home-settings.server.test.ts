import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { createUserSettings } from "../settings/user-settings.server";
import { homeWidgets, MAX_RECENTLY_VISITED, recentlyVisited, recordEntityVisit, resetHomeWidgets, saveHomeWidgets } from "./home-settings.server";

describe.each(TEST_ENGINES)("home settings on %s", (engine) => {
  const database = useMigratedDatabase(engine);
  const user = "user:default/ada";

  it("saves, reads and resets the widgets' arrangement", async () => {
    const settings = createUserSettings(database.db);
    expect(await homeWidgets(settings, user)).toEqual(["search", "starred", "recent", "owned", "docs"]);
    await saveHomeWidgets(settings, user, ["docs", "search"]);
    expect(await homeWidgets(settings, user)).toEqual(["docs", "search"]);
    expect(await homeWidgets(settings, "user:default/other")).toHaveLength(5);
    await resetHomeWidgets(settings, user);
    expect(await homeWidgets(settings, user)).toHaveLength(5);
  });

  it("keeps the last visited entities, newest first, each once, at most 20", async () => {
    const settings = createUserSettings(database.db);
    for (let index = 0; index < 25; index++) await recordEntityVisit(settings, user, `component:default/c${index}`, new Date(Date.UTC(2026, 0, 1, 0, index)));
    await recordEntityVisit(settings, user, "Component:default/C10", new Date(Date.UTC(2026, 0, 2)));
    const visits = await recentlyVisited(settings, user);
    expect(visits).toHaveLength(MAX_RECENTLY_VISITED);
    expect(visits[0]).toEqual({ entityRef: "component:default/c10", visitedAt: "2026-01-02T00:00:00.000Z" });
    expect(visits.filter((visit) => visit.entityRef.toLowerCase() === "component:default/c10")).toHaveLength(1);
    expect(visits[1]?.entityRef).toBe("component:default/c24");
  });
});
