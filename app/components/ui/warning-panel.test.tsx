import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { ExpandableAlertPanel, WarningPanel } from "./warning-panel";

describe("WarningPanel", () => {
  it("shows its title and message as an alert", async () => {
    const html = await renderPage(<WarningPanel title="No owner" message="Set spec.owner." />);
    expect(html).toMatch(/<section role="alert" data-severity="warning"/);
    expect(html).toContain(">No owner</h2>");
    expect(html).toContain("Set spec.owner.");
  });

  it("folds its details under the title, closed unless asked", async () => {
    const closed = await renderPage(
      <WarningPanel title="Relations" severity="error">
        ghost is missing
      </WarningPanel>,
    );
    expect(closed).toMatch(/<details role="alert" data-severity="error"[^>]*>/);
    expect(closed).not.toMatch(/<details[^>]* open=""/);
    expect(closed).toContain("<summary");
    const open = await renderPage(
      <WarningPanel title="Relations" defaultExpanded>
        ghost is missing
      </WarningPanel>,
    );
    expect(open).toMatch(/<details[^>]* open=""/);
  });
});

describe("ExpandableAlertPanel", () => {
  it("keeps the summary in view and the rest behind 'Show more'", async () => {
    const html = await renderPage(
      <ExpandableAlertPanel title="Pods restarted" severity="info" summary="3 restarts">
        OOMKilled
      </ExpandableAlertPanel>,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain("3 restarts");
    expect(html).toContain("Show more");
    expect(html).toContain("Show less");
    expect(html.indexOf("OOMKilled")).toBeGreaterThan(html.indexOf("<details"));
  });
});
