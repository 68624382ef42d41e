import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { Sidebar } from "./sidebar";

describe("Sidebar", () => {
  it("stays open when pinned and offers to unpin, with the intro until it is dismissed", async () => {
    const html = await renderPage(<Sidebar pinned introDismissed={false} appTitle="Portal" />, { url: "/settings" });
    expect(html).toContain('data-pinned="true"');
    expect(html).toContain("sm:w-[var(--sidebar-open-width)]");
    expect(html).toContain('value="unpin"');
    expect(html).toContain('data-testid="sidebar-intro"');
    expect(html).toContain('name="redirectTo" value="/settings"');
  });

  it("is narrow when unpinned, opening on hover or focus, and hides the intro", async () => {
    const html = await renderPage(<Sidebar pinned={false} introDismissed={false} appTitle="Portal" />);
    expect(html).toContain("sm:w-[var(--sidebar-closed-width)] sm:hover:w-[var(--sidebar-open-width)]");
    expect(html).toContain('value="pin"');
    expect(html).not.toContain("sidebar-intro");
  });

  it("posts its forms under the base path", async () => {
    const html = await renderPage(<Sidebar pinned introDismissed appTitle="Portal" />, { root: rootData({ basePath: "/portal" }) });
    expect(html).toContain('action="/portal/shell/sidebar"');
    expect(html).toContain('href="/portal/settings"');
  });
});
