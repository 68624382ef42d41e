import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { Select } from "./select";
import { MAX_VISIBLE_ROWS, scrollToReveal, VIRTUAL_ITEM_HEIGHT, virtualWindow } from "./virtual-list";

const OPTIONS = Array.from({ length: 1000 }, (_, index) => ({ value: `v${index}`, label: `Option ${index}` }));

describe("Select", () => {
  it("renders every option in a native select on the server, so forms post without JavaScript", async () => {
    const html = await renderPage(<Select name="owner" label="Owner" options={OPTIONS} placeholder="All results" defaultValue="v999" />);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Owner<\/label><select id="[^"]+" name="owner"/);
    expect(html.match(/<option /g)).toHaveLength(1001);
    expect(html).toContain('<option value="v999" selected="">Option 999</option>');
  });
});

describe("virtual list", () => {
  it("is 36 px per item and at most ten and a half rows high", () => {
    expect(VIRTUAL_ITEM_HEIGHT).toBe(36);
    expect(MAX_VISIBLE_ROWS).toBe(10.5);
    expect(virtualWindow(0, 1000).viewportHeight).toBe(378);
    expect(virtualWindow(0, 3).viewportHeight).toBe(108);
  });

  it("renders only the rows in view and a few beyond", () => {
    const top = virtualWindow(0, 1000);
    expect(top.start).toBe(0);
    expect(top.end).toBeLessThan(20);
    expect(top.totalHeight).toBe(36000);
    const middle = virtualWindow(36 * 500, 1000);
    expect(middle.start).toBeLessThanOrEqual(500);
    expect(middle.end).toBeGreaterThan(510);
    expect(middle.end - middle.start).toBeLessThan(25);
    expect(virtualWindow(1e9, 1000).end).toBe(1000);
  });

  it("scrolls just enough to reveal the active row", () => {
    expect(scrollToReveal(0, 100, 378)).toBe(0);
    expect(scrollToReveal(20, 0, 378)).toBe(21 * 36 - 378);
    expect(scrollToReveal(3, 0, 378)).toBe(0);
  });
});
