import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { InfoCard } from "./info-card";

describe("InfoCard", () => {
  it("has a title, a subheader and a deep link at the bottom", async () => {
    const html = await renderPage(
      <InfoCard id="about" title="About" subheader="The basics" deepLink={{ title: "View all", link: "/catalog" }}>
        Body
      </InfoCard>,
      { root: rootData({ basePath: "/portal" }) },
    );
    expect(html).toContain('aria-labelledby="card-about-title"');
    expect(html).toContain('<h2 id="card-about-title" class="text-lg font-semibold">About</h2>');
    expect(html).toContain("The basics");
    expect(html.indexOf('href="/portal/catalog"')).toBeGreaterThan(html.indexOf("Body"));
  });
});
