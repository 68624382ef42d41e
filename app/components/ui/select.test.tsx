import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { Select } from "./select";
import { listViewportHeight, MAX_VISIBLE_ROWS, VIRTUAL_ITEM_HEIGHT } from "./virtual-list";

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
    expect(listViewportHeight(1000)).toBe(378);
    expect(listViewportHeight(3)).toBe(108);
    expect(listViewportHeight(0)).toBe(0);
  });
});
