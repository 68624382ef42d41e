import { describe, expect, it } from "vitest";
import { DEFAULT_HOME_WIDGETS, draftFromForm, parseHomeWidgets, settingsOrder, widgetsFromForm } from "./home-widgets";

describe("home widgets", () => {
  it("shows every widget by default, and keeps a saved arrangement's known widgets once each", () => {
    expect(DEFAULT_HOME_WIDGETS).toEqual(["search", "starred", "recent", "owned", "docs"]);
    expect(parseHomeWidgets(undefined)).toEqual(DEFAULT_HOME_WIDGETS);
    expect(parseHomeWidgets("docs")).toEqual(DEFAULT_HOME_WIDGETS);
    expect(parseHomeWidgets(["docs", "gone", "docs", 3, "starred"])).toEqual(["docs", "starred"]);
    expect(parseHomeWidgets([])).toEqual([]);
  });

  it("reads the settings form: order, shown widgets and a one-step move", () => {
    const order = ["search", "starred", "recent", "owned", "docs"];
    expect(widgetsFromForm({ order, shown: ["docs", "search"] })).toEqual(["search", "docs"]);
    expect(draftFromForm({ order, shown: ["docs", "search"], move: "up:docs" })).toEqual({ order: ["search", "starred", "recent", "docs", "owned"], shown: ["search", "docs"] });
    expect(draftFromForm({ order, shown: [], move: "up:search" }).order).toEqual(order);
    expect(draftFromForm({ order: ["docs", "bogus"], shown: ["bogus"] })).toEqual({ order: ["docs", "search", "starred", "recent", "owned"], shown: [] });
    expect(settingsOrder(["docs"])).toEqual(["docs", "search", "starred", "recent", "owned"]);
  });
});
