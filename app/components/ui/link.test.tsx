import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { Link } from "./link";

describe("Link", () => {
  it("gives in-app paths the base path", async () => {
    const html = await renderPage(<Link to="/settings">Settings</Link>, { root: rootData({ basePath: "/portal" }) });
    expect(html).toContain('href="/portal/settings"');
  });

  it("opens external http(s) links in a new window", async () => {
    const html = await renderPage(<Link to="https://example.com/docs">Docs</Link>);
    expect(html).toContain('href="https://example.com/docs" target="_blank" rel="noopener noreferrer"');
  });

  it("rejects a javascript: URL as a security precaution", async () => {
    const html = await renderPage(<Link to={" JavaScript:alert(document.cookie)"}>Click</Link>);
    expect(html).not.toMatch(/href=/);
    expect(html).toContain("Link rejected a javascript: URL as a security precaution");
    expect(html).toContain(">Click<");
  });
});
