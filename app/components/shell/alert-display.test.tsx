import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { AlertDisplay } from "./alert-display";

describe("AlertDisplay", () => {
  it("shows the first alert with the count of newer ones appended", async () => {
    const alerts = [
      { message: "Removed entity payments-api", severity: "success", display: "transient" },
      { message: "Second", severity: "info", display: "transient" },
      { message: "Third", severity: "error", display: "permanent" },
    ] as const;
    const html = await renderPage(<AlertDisplay initial={[...alerts]}>page</AlertDisplay>);
    expect(html).toContain("Removed entity payments-api");
    expect(html).toContain("(2 newer messages)");
    expect(html).not.toContain("Second");
    expect(html).toContain('data-severity="success"');
  });

  it("shows nothing when the queue is empty", async () => {
    const html = await renderPage(<AlertDisplay initial={[]}>page</AlertDisplay>);
    expect(html).not.toContain("alert-display");
  });
});
