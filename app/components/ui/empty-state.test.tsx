import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { EmptyState } from "./empty-state";

describe("EmptyState", () => {
  it("says what is missing, with a title, a description and an action", async () => {
    const html = await renderPage(<EmptyState title="No templates" description="Register one." missing="content" action={<a href="/x">Register</a>} />);
    expect(html).toContain('data-empty-state="content"');
    expect(html).toContain("There is no content here yet");
    expect(html).toContain(">No templates</h2>");
    expect(html).toContain("Register one.");
    expect(html).toContain('<a href="/x">Register</a>');
  });
});
