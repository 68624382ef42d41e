import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { NoInformation, PermissionRequiredAlert } from "./notices";

describe("notices", () => {
  it("titles the permission alert 'Permission required' and names the permission", async () => {
    const html = await renderPage(<PermissionRequiredAlert permission="catalog.entity.delete">You may not unregister it.</PermissionRequiredAlert>);
    expect(html).toContain(">Permission required</h2>");
    expect(html).toContain("You may not unregister it.");
    expect(html).toContain("catalog.entity.delete");
  });

  it("says 'No information to display'", async () => {
    expect(await renderPage(<NoInformation />)).toContain("No information to display");
  });
});
