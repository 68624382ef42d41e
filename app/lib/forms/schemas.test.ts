import { describe, expect, it } from "vitest";
import { loginRequestSchema } from "../auth/login-request-schema";
import { entityDialogSchema } from "../catalog/entity-dialogs-schema";
import { starSchema } from "../catalog/star-schema";
import { homeSettingsSchema } from "../home/home-widgets";
import { dismissBannerSchema } from "../settings/banner-schema";
import { featureFlagToggleSchema, sidebarSchema } from "../settings/schema";
import { parseForm } from "./submission";

// Each fixed form's schema as conform reads a post: what it accepts, and
// the catalogue key it refuses with, beside the field concerned.

const post = (fields: Array<[string, string]> | Record<string, string>) => new URLSearchParams(fields);
const errorsOf = (submission: ReturnType<typeof parseForm>) => (submission.status === "error" ? submission.error : undefined);

describe("the forms' schemas", () => {
  it("home settings: the widgets in order and the ticked ones; an unknown widget refused beside the list", () => {
    const saved = parseForm(
      post([
        ["intent", "save"],
        ["widget", "docs"],
        ["widget", "search"],
        ["show", "search"],
      ]),
      homeSettingsSchema,
    );
    expect(saved.status === "success" && saved.value).toEqual({ intent: "save", widget: ["docs", "search"], show: ["search"] });
    // Nothing ticked is a choice: an empty home.
    const empty = parseForm(
      post([
        ["intent", "save"],
        ["widget", "docs"],
      ]),
      homeSettingsSchema,
    );
    expect(empty.status === "success" && empty.value.show).toEqual([]);
    expect(
      errorsOf(
        parseForm(
          post([
            ["intent", "save"],
            ["show", "weather"],
          ]),
          homeSettingsSchema,
        ),
      ),
    ).toEqual({ show: ["home.customize.widgetInvalid"] });
    expect(errorsOf(parseForm(post({ intent: "bogus" }), homeSettingsSchema))).toEqual({ intent: ["home.customize.intentInvalid"] });
  });

  it("entity dialogs: unregister-location or delete-entity, nothing else", () => {
    expect(parseForm(post({ intent: "delete-entity" }), entityDialogSchema).status).toBe("success");
    expect(errorsOf(parseForm(post({ intent: "star" }), entityDialogSchema))).toEqual({ intent: ["entityDialogs.unregister.intentInvalid"] });
  });

  it("star: the ref normalised, anything else refused beside it", () => {
    const star = parseForm(post({ entityRef: "component:payments", returnTo: "/catalog", js: "1" }), starSchema);
    expect(star.status === "success" && star.value).toEqual({ entityRef: "component:default/payments", returnTo: "/catalog", js: "1" });
    expect(errorsOf(parseForm(post({ entityRef: "not a ref" }), starSchema))).toEqual({ entityRef: ["catalogCommon.star.entityRefInvalid"] });
    expect(errorsOf(parseForm(post({}), starSchema))).toEqual({ entityRef: ["catalogCommon.star.entityRefInvalid"] });
  });

  it("banners: an id of 1 to 200 characters, kept as posted", () => {
    const dismissed = parseForm(post({ bannerId: "welcome-2026" }), dismissBannerSchema);
    expect(dismissed.status === "success" && dismissed.value.bannerId).toBe("welcome-2026");
    expect(errorsOf(parseForm(post({ bannerId: "   " }), dismissBannerSchema))).toEqual({ bannerId: ["uiKit.banner.idInvalid"] });
    expect(errorsOf(parseForm(post({ bannerId: "x".repeat(201) }), dismissBannerSchema))).toEqual({ bannerId: ["uiKit.banner.idInvalid"] });
  });

  it("feature flags, sidebar and login requests refuse what they do not know with their own keys", () => {
    expect(errorsOf(parseForm(post({ intent: "toggle", name: "beta", active: "maybe" }), featureFlagToggleSchema))).toEqual({ active: ["settings.featureFlags.activeInvalid"] });
    expect(errorsOf(parseForm(post({ intent: "fold" }), sidebarSchema))).toEqual({ intent: ["shell.sidebarIntentInvalid"] });
    const login = parseForm(post({ intent: "login", provider: "oidc", returnTo: "/" }), loginRequestSchema);
    expect(login.status === "success" && login.value).toEqual({ intent: "login", provider: "oidc", returnTo: "/" });
    expect(errorsOf(parseForm(post({ intent: "reject" }), loginRequestSchema))).toEqual({ returnTo: ["signIn.loginFailed"] });
  });
});
