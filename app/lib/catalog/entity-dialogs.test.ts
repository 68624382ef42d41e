import { describe, expect, it } from "vitest";
import { parseInspectTab, withSearchParams } from "./entity-dialogs";

describe("the inspector's tab parameter", () => {
  it("picks the tab a value names, and the first tab for an empty, missing or unknown value", () => {
    expect(["overview", "ancestry", "colocated", "json", "yaml"].map(parseInspectTab)).toEqual(["overview", "ancestry", "colocated", "json", "yaml"]);
    for (const value of [null, "", "YAML", "raw", "json ", "<script>"]) expect(parseInspectTab(value)).toBe("overview");
  });
});

describe("same-page links that change a dialog's parameter", () => {
  const location = { pathname: "/catalog/default/component/ledger/api", search: "?inspect=json&tab=x%20y" };

  it("sets a parameter and keeps the path and every other parameter", () => {
    expect(withSearchParams(location, { inspect: "yaml" })).toBe("/catalog/default/component/ledger/api?inspect=yaml&tab=x+y");
    expect(withSearchParams({ pathname: "/p", search: "" }, { unregister: "" })).toBe("/p?unregister=");
  });

  it("removes a parameter, leaving no dangling question mark", () => {
    expect(withSearchParams(location, { inspect: null })).toBe("/catalog/default/component/ledger/api?tab=x+y");
    expect(withSearchParams({ pathname: "/p", search: "?inspect" }, { inspect: null })).toBe("/p");
  });
});
