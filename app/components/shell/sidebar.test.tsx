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

  it("offers Create... leading to the scaffolder's /create", async () => {
    const html = await renderPage(<Sidebar pinned introDismissed appTitle="Portal" />);
    expect(html).toMatch(/<a [^>]*href="\/create"[^>]*>.*?Create\.\.\.<\/span><\/a>/);
  });
});

describe("Sidebar's starred list", () => {
  it("links each starred entity by its title, with the ref, kind and type on hover", async () => {
    const starred = [{ entityRef: "component:default/payments", title: "Payment Gateway", hover: "component:payments | Component | service" }];
    const html = await renderPage(<Sidebar pinned introDismissed appTitle="Portal" user={{ userEntityRef: "user:default/ada", canSignOut: true }} starred={starred} />);
    expect(html).toContain(">Starred</span>");
    expect(html).toMatch(/<a [^>]*href="\/catalog\/default\/component\/payments"[^>]*>Payment Gateway<\/a>/);
    expect(html).toContain('title="component:payments | Component | service"');
    expect(html).not.toContain("Click the star beside an entity name");
  });

  it("invites a signed-in user with nothing starred to star, and is absent for visitors", async () => {
    const empty = await renderPage(<Sidebar pinned introDismissed appTitle="Portal" starred={[]} />);
    expect(empty).toContain("Click the star beside an entity name to add it to this list!");
    const visitor = await renderPage(<Sidebar pinned introDismissed appTitle="Portal" />);
    expect(visitor).not.toContain("sidebar-starred");
  });
});
