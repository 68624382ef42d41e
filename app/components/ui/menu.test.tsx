import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { DropdownMenu } from "./menu";
import { SupportButton } from "./support-button";

describe("DropdownMenu", () => {
  it("renders a <details> of plain links on the server, leaving out what needs a script", async () => {
    const html = await renderPage(
      <DropdownMenu
        label="More"
        button={<span aria-hidden="true">⋮</span>}
        buttonClassName="p-1"
        groups={[
          {
            entries: [
              { kind: "link", label: "Inspect entity", to: "/catalog/default/component/a?inspect" },
              { kind: "disabled", label: "Unregister entity", title: "You are not allowed to unregister this entity" },
              { kind: "action", label: "Copy entity URL", onSelect: () => undefined },
            ],
          },
        ]}
        testId="more"
      />,
    );
    expect(html).toMatch(/<details[^>]*data-testid="more"/);
    expect(html).toMatch(/<summary[^>]*aria-label="More"/);
    expect(html).toMatch(/<a[^>]*href="\/catalog\/default\/component\/a\?inspect"[^>]*>Inspect entity<\/a>/);
    expect(html).toMatch(/<span aria-disabled="true" title="You are not allowed to unregister this entity"[^>]*>Unregister entity<\/span>/);
    expect(html).not.toContain("Copy entity URL");
    // Without a script nothing answers arrow keys: no role="menu" is promised.
    expect(html).not.toContain('role="menu');
  });

  it("lists the support items as groups of links, or says support is not configured", async () => {
    const configured = await renderPage(<SupportButton />, {
      root: rootData({ supportItems: [{ title: "Chat", icon: "chat", links: [{ url: "https://chat.example/help", title: "#help" }] }] }),
    });
    expect(configured).toMatch(/<summary[^>]*>Support<\/summary>/);
    expect(configured).toContain(">Chat</p>");
    expect(configured).toMatch(/<a href="https:\/\/chat.example\/help" target="_blank"[^>]*>#help/);
    const missing = await renderPage(<SupportButton />);
    expect(missing).toContain("Support Not Configured");
    expect(missing).toContain('href="https://support.example"');
  });
});
