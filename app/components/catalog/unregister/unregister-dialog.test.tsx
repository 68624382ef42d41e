import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../../tests/support/render";
import type { FormReply } from "~/lib/forms/reply";
import { UnregisterDialog, type UnregisterDialogState } from "./unregister-dialog";

// The unregister dialog's variants as the server renders them: Backstage's
// texts, form posts with the dialog's intents, and 'Advanced Options' as a
// <details> element that opens without JavaScript.

const render = (state: UnregisterDialogState, lastResult?: FormReply) =>
  renderPage(<UnregisterDialog state={state} lastResult={lastResult} />, { url: "/catalog/default/component/ledger?unregister&inspect=x" });

describe("UnregisterDialog", () => {
  it("lists the entities and the location, posts the unregister intent, and hides delete behind advanced options", async () => {
    const html = await render({
      type: "unregister",
      location: "url:https://example.com/catalog-info.yaml",
      colocatedEntityRefs: ["component:default/ledger", "component:default/billing"],
      presentations: { "component:default/ledger": { entityRef: "component:default/ledger", primaryTitle: "Rent ledger", secondaryTitle: "ledger | Component | service" } },
    });
    expect(html).toContain("Are you sure you want to unregister this entity?");
    expect(html).toContain("This action will unregister the following entities:");
    expect(html).toContain(">Rent ledger</a>");
    // A ref the page could not present reads as itself.
    expect(html).toContain(">component:billing</a>");
    expect(html).toContain("Located at the following location:");
    expect(html).toContain("url:https://example.com/catalog-info.yaml");
    expect(html).toContain("To undo, just re-register the entity in Test Portal.");
    expect(html).toContain('action="/catalog/default/component/ledger?unregister&amp;inspect=x" method="post"');
    expect(html).toContain('value="unregister-location" class');
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Advanced Options<\/summary>[\s\S]*value="delete-entity"[\s\S]*<\/details>/);
    // Cancel and Close drop ?unregister and keep the rest of the URL.
    expect(html).toContain('href="/catalog/default/component/ledger?inspect=x"');
  });

  it("offers only deletion when there is no registered location", async () => {
    const html = await render({ type: "only-delete" });
    expect(html).toContain("This entity does not seem to originate from a registered location. You therefore only have the option to delete it outright from the catalog.");
    expect(html).toContain('value="delete-entity"');
    expect(html).not.toContain("unregister-location");
    expect(html).not.toContain("<details");
  });

  it("keeps 'Advanced Options' open when the delete behind it was refused", async () => {
    const state: UnregisterDialogState = { type: "unregister", location: "url:https://example.com/a.yaml", colocatedEntityRefs: [], presentations: {} };
    expect(await render(state)).not.toMatch(/<details[^>]* open=""/);
    expect(await render(state, { status: "error", initialValue: { intent: "delete-entity" }, error: { "": ["Refused"] } })).toMatch(/<details[^>]* open=""/);
  });

  it("explains the protected bootstrap location, with deletion only behind advanced options", async () => {
    const html = await render({ type: "bootstrap", location: "bootstrap:bootstrap" });
    expect(html).toContain(
      "You cannot unregister this entity, since it originates from a protected Backstage configuration (location &quot;bootstrap:bootstrap&quot;). If you believe this is in error, please contact the Test Portal integrator.",
    );
    expect(html).toMatch(/<details[\s\S]*value="delete-entity"[\s\S]*<\/details>/);
    expect(html).not.toContain("unregister-location");
  });

  it("shows a loading bar, an error alert, the action's failure, and the unknown-state fallback", async () => {
    expect(await render({ type: "loading" })).toContain('role="progressbar"');
    expect(await render({ type: "error", message: "database is gone" })).toMatch(/role="alert"[^>]*>database is gone</);
    // A refused post: conform's reply, its error at the top of the dialog and named by the form and button that posted.
    const refused = await render({ type: "only-delete" }, { status: "error", initialValue: { intent: "delete-entity" }, error: { "": ["Refused: catalog.entity.delete"] } });
    expect(refused).toMatch(/id="entity-dialog-delete-entity-error" role="alert"[^>]*><p>Refused: catalog.entity.delete</);
    expect(refused).toMatch(/<form id="entity-dialog-delete-entity"[^>]*aria-describedby="entity-dialog-delete-entity-error"/);
    expect(refused).toMatch(/value="delete-entity"[^>]*aria-describedby="entity-dialog-delete-entity-error"/);
    expect(await render({ type: "something-new" } as unknown as UnregisterDialogState)).toContain("Internal error: Unknown state");
  });

  it("keeps links under the base path", async () => {
    const html = await renderPage(<UnregisterDialog state={{ type: "only-delete" }} />, {
      url: "/catalog/default/component/ledger?unregister",
      root: rootData({ basePath: "/portal" }),
    });
    expect(html).toContain('href="/portal/catalog/default/component/ledger"');
    expect(html).toContain('action="/portal/catalog/default/component/ledger?unregister"');
  });
});
