import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { FieldError, FormErrors } from "./field-error";

describe("FieldError and FormErrors", () => {
  it("render nothing without errors, so a field names no error that is not there", async () => {
    expect(await renderPage(<FieldError id="f-name-error" errors={undefined} />)).not.toContain("f-name-error");
    expect(await renderPage(<FormErrors id="f-error" errors={[]} />)).not.toContain("f-error");
  });

  it("translate the catalogue's keys and show a service's sentence as written, under the id the field points at", async () => {
    const html = await renderPage(<FieldError id="appearance-theme-error" errors={["settings.themeInvalid", "You may not do that"]} />);
    expect(html).toMatch(/<div id="appearance-theme-error"[^>]*><p>Choose Light, Dark or Auto<\/p><p>You may not do that<\/p><\/div>/);
  });

  it("announce a whole form's errors as an alert", async () => {
    expect(await renderPage(<FormErrors id="home-settings-error" errors={["home.customize.intentInvalid"]} />)).toMatch(
      /id="home-settings-error" role="alert"[^>]*><p>Choose Save or Restore defaults<\/p>/,
    );
  });
});
