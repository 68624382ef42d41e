import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { StatusBadge, STATUSES } from "./status-badge";

describe("StatusBadge", () => {
  it("has the six statuses, each named", async () => {
    expect(STATUSES).toEqual(["ok", "warning", "error", "pending", "running", "aborted"]);
    const html = await renderPage(
      <>
        {STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    for (const name of ["OK", "Warning", "Error", "Pending", "Running", "Aborted"]) expect(html).toContain(`<span>${name}</span>`);
  });

  it("shows a given text, with the status named for screen readers", async () => {
    const html = await renderPage(<StatusBadge status="error">Failed</StatusBadge>);
    expect(html).toContain('data-status="error"');
    expect(html).toContain('<span class="sr-only">Error<!-- -->: </span>Failed');
  });
});
