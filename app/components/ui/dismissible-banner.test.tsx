import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { DismissibleBanner } from "./dismissible-banner";

describe("DismissibleBanner", () => {
  it("stays hidden until the dismissed list is known, and once dismissed", async () => {
    expect(
      await renderPage(
        <DismissibleBanner id="b1" dismissed={undefined}>
          News
        </DismissibleBanner>,
      ),
    ).not.toContain("News");
    expect(
      await renderPage(
        <DismissibleBanner id="b1" dismissed={["b1"]}>
          News
        </DismissibleBanner>,
      ),
    ).not.toContain("News");
  });

  it("dismisses with a form post that works without JavaScript", async () => {
    const html = await renderPage(
      <DismissibleBanner id="b1" dismissed={["other"]}>
        News
      </DismissibleBanner>,
      { url: "/catalog?x=1" },
    );
    expect(html).toContain("News");
    expect(html).toMatch(/<form [^>]*action="\/settings\/banners\/dismiss" method="post"/);
    expect(html).toContain('name="bannerId" value="b1"');
    expect(html).toContain('name="returnTo" value="/catalog?x=1"');
    expect(html).toContain('aria-label="Dismiss"');
  });
});
