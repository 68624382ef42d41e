import { describe, expect, it } from "vitest";
import { FULL_NAV_ENTRIES, pruneNav } from "./reader-nav";
import type { NavItem } from "./site";

function section(name: string, pages: number): NavItem {
  return { title: name, children: Array.from({ length: pages }, (_, i) => ({ title: `${name} ${i}`, path: `${name}/${i}/` })) };
}

describe("the navigation a reader page shows", () => {
  it("is the whole navigation for a site of ordinary size, every section expandable", () => {
    const nav = [{ title: "Home", path: "" }, section("guide", 10), section("ops", 10)];
    expect(pruneNav(nav, "guide/3/")).toEqual(nav);
  });

  it("keeps only the page's branch of a large site, other sections linking to their first page", () => {
    const nav = [{ title: "Home", path: "" }, section("guide", FULL_NAV_ENTRIES), section("ops", 10), { title: "Status", url: "https://status.example" }];
    const pruned = pruneNav(nav, "ops/4/");
    expect(pruned).toEqual([{ title: "Home", path: "" }, { title: "guide", path: "guide/0/" }, section("ops", 10), { title: "Status", url: "https://status.example" }]);
    expect(JSON.stringify(pruned).length).toBeLessThan(JSON.stringify(nav).length / 10);
  });
});
