import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { ModalDialog, UrlDialog } from "./dialog";

describe("UrlDialog and ModalDialog", () => {
  it("render open on the server, titled, with a Close link to the page without the dialog", async () => {
    const html = await renderPage(
      <UrlDialog title="Entity Inspector" closeTo="/catalog/default/component/a" testId="inspector">
        <p>Body</p>
      </UrlDialog>,
      { root: rootData({ basePath: "/portal" }), url: "/catalog/default/component/a?inspect" },
    );
    const labelledBy = /<div role="dialog" aria-labelledby="([^"]+)" data-testid="inspector"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}" class="text-xl font-semibold">Entity Inspector</h2>`);
    expect(html).toMatch(/<a aria-label="Close"[^>]*href="\/portal\/catalog\/default\/component\/a"/);
    expect(html).toContain("<p>Body</p>");
    // Without scripts the page loads with the focus on the dialog, so Tab goes on inside it.
    expect(html).toMatch(/<div role="dialog"[^>]* tabindex="-1" autofocus=""/);
  });

  it("renders an alertdialog without a Close link when closing is the caller's (a form, a timer)", async () => {
    const html = await renderPage(
      <ModalDialog title="Logging out due to inactivity" role="alertdialog" onClose={() => undefined} size="narrow">
        <button type="button">Stay</button>
      </ModalDialog>,
    );
    expect(html).toContain('role="alertdialog"');
    expect(html).not.toContain('aria-label="Close"');
  });
});
