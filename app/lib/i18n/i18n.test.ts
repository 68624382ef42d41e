import { describe, expect, it } from "vitest";
import { createTranslator, validateLanguages } from "./i18n";

describe("createTranslator", () => {
  const t = createTranslator("en");
  it("interpolates values", () => {
    expect(t("errorPage.subtitle", { status: 404, statusMessage: "PAGE NOT FOUND" })).toBe("ERROR 404: PAGE NOT FOUND");
    expect(t("pluginError.title", { plugin: "catalog" })).toBe("Error in catalog");
  });
  it("picks the plural form from count", () => {
    expect(t("alertDisplay.newer", { count: 1 })).toBe("(1 newer message)");
    expect(t("alertDisplay.newer", { count: 3 })).toBe("(3 newer messages)");
  });
  it("falls back to English for an unknown language", () => {
    expect(createTranslator("xx")("errorBoundary.title")).toBe("Something Went Wrong");
  });
});

describe("validateLanguages", () => {
  it("refuses duplicates", () => {
    expect(() => validateLanguages(["en", "de", "en"], "en")).toThrow(/duplicates/);
  });
  it("requires the default language", () => {
    expect(() => validateLanguages(["de"], "en")).toThrow(/must include the default language 'en'/);
  });
});
