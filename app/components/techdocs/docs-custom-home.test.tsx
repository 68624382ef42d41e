import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { techdocsConfigSchema } from "~/lib/techdocs/config";
import { customHomeSchema, selectedTab } from "~/lib/techdocs/custom-home";
import { DocsCustomHome } from "./docs-custom-home";

const row = (name: string, title: string) => ({
  entityRef: `component:default/${name}`,
  title,
  docsPath: `/docs/default/component/${name}/`,
  description: `About ${title}`,
  ownerRefs: ["group:default/platform-team"],
  type: "service",
  kind: "Component",
});

describe("the docs custom home", () => {
  it("reads techdocs.customHome: tabs of panels, owned, starred, all, featured refs or a filter", () => {
    const config = customHomeSchema.parse({
      tabs: [
        {
          label: "Overview",
          panels: [
            { title: "Golden path", filterPredicate: { entityRefs: ["component:default/rent-ledger-service"] } },
            { title: "Your docs", panelType: "DocsTable", filterPredicate: "owned" },
            { title: "Services", filterPredicate: { filter: { "spec.type": "service" } }, limit: 5 },
          ],
        },
        { label: "All", panels: [{ title: "Everything", panelType: "DocsTable" }] },
      ],
    });
    expect(config.tabs[0].panels[0]).toMatchObject({ panelType: "DocsCardGrid", limit: 10 });
    expect(config.tabs[1].panels[0].filterPredicate).toBe("all");
    expect(selectedTab(config, "1")).toBe(1);
    expect(selectedTab(config, "7")).toBe(0);
    expect(customHomeSchema.safeParse({ tabs: [{ label: "x", panels: [{ title: "y", filterPredicate: "mine" }] }] }).success).toBe(false);
    // The key lives in the techdocs config beside the backend's keys.
    expect(techdocsConfigSchema.parse({ customHome: { tabs: [{ label: "Docs", panels: [{ title: "All" }] }] } }).customHome?.tabs[0].panels[0]).toMatchObject({
      panelType: "DocsCardGrid",
      filterPredicate: "all",
    });
    expect(techdocsConfigSchema.safeParse({ customHome: { tabs: [] } }).success).toBe(false);
  });

  it("shows the tabs as links and each panel as cards or a table", async () => {
    const html = await renderPage(
      <DocsCustomHome
        home={{
          tabs: [
            { label: "Overview", href: "/docs?tab=0", selected: true },
            { label: "All", href: "/docs?tab=1", selected: false },
          ],
          panels: [
            { title: "Golden path", panelType: "DocsCardGrid", rows: [row("rent-ledger-service", "Rent ledger service")] },
            { title: "Your docs", panelType: "DocsTable", rows: [row("reader-handbook", "Reader handbook")] },
          ],
          presentations: {},
        }}
      />,
    );
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/docs\?tab=0"[^>]*>Overview<\/a>/);
    expect(html).toContain('href="/docs?tab=1"');
    expect(html).toMatch(/data-testid="docs-card-grid".*Rent ledger service.*href="\/docs\/default\/component\/rent-ledger-service\/"/);
    expect(html).toMatch(/data-testid="docs-table".*href="\/docs\/default\/component\/reader-handbook\/"[^>]*>Reader handbook<\/a>/);
  });
});
