import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { CopyTextButton } from "./copy-text-button";
import { TOOLTIP_DELAY } from "./tooltip";

describe("CopyTextButton", () => {
  it("is not offered before scripts run, since copying needs one", async () => {
    const html = await renderPage(
      <p>
        npm run dev
        <CopyTextButton text="npm run dev" />
      </p>,
    );
    expect(html).toContain("npm run dev");
    expect(html).not.toContain("<button");
  });

  it("keeps its tooltip for 1000 ms", () => {
    expect(TOOLTIP_DELAY.copy).toBe(1000);
  });
});
