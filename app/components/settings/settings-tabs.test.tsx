import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { IdentityCard } from "./identity-card";
import { SettingsTabs } from "./settings-tabs";

describe("SettingsTabs", () => {
  it("renders each tab as a link under the base path, marking the current one", async () => {
    const html = await renderPage(<SettingsTabs />, { url: "/settings/feature-flags", root: rootData({ basePath: "/portal" }) });
    const links = [...html.matchAll(/<a([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) => ({
      text,
      href: /href="([^"]*)"/.exec(attributes)?.[1],
      current: attributes.includes('aria-current="page"'),
    }));
    expect(links).toEqual([
      { text: "General", href: "/portal/settings", current: false },
      { text: "Authentication Providers", href: "/portal/settings/auth-providers", current: false },
      { text: "Feature Flags", href: "/portal/settings/feature-flags", current: true },
    ]);
  });
});

describe("IdentityCard", () => {
  it("shows the picture, name and email, or an initial when there is no picture", async () => {
    const withPicture = await renderPage(
      <IdentityCard profile={{ userEntityRef: "user:default/dana", displayName: "Dana Whitfield", email: "dana@example.com", picture: "https://avatars.example/dana.png", guest: false }} />,
    );
    expect(withPicture).toContain('src="https://avatars.example/dana.png"');
    expect(withPicture).toContain('alt="Picture of Dana Whitfield"');
    expect(withPicture).toContain("dana@example.com");
    const guest = await renderPage(<IdentityCard profile={{ userEntityRef: "user:default/guest", displayName: "user:default/guest", guest: true }} />);
    expect(guest).not.toContain("<img");
    expect(guest).toContain(">G</span>");
    expect(guest).toContain("Guest: no verified identity, some features may be unavailable.");
  });
});
