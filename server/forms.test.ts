import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, startServer, type RunningServer } from "../tests/support/server";

// Every fixed form through HTTP, as a browser without JavaScript posts it:
// a refused post answers 400 (or the status the refusal deserves) with the
// form's reply, so the page shows the values as posted and the error beside
// the field it is about, wired to it with aria-describedby and aria-invalid
// (app/lib/forms/submission.ts). Forms whose action has no page of its own
// (star, banners, sidebar, login requests) answer the reply as data.

const config = `
auth:
  signInPage: [guest]
app:
  featureFlags:
    - name: forms-flag
      pluginId: user-settings
permission:
  enabled: true
  policy:
    roles:
      - name: readers
        members: ['*']
        permissions:
          - permission: catalog.entity.read
          - permission: catalog.location.read
`;

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer(config);
  await eventually(async () => (await fetch(`${server.url}/api/catalog/entities/by-name/component/default/listing-search-service`, { headers: API_AUTHORIZATION })).ok, "the example catalog", 30_000);
  const response = await fetch(`${server.url}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: "intent=guest",
  });
  cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("atrium-session="))!
    .split(";")[0]!;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const post = async (path: string, fields: Array<[string, string]> | Record<string, string>) => {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
};
const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  return { status: response.status, body: await response.text() };
};
/** The opening tag of the element with this id (there must be one). */
const tagWithId = (html: string, id: string) => {
  const tag = new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  expect(tag, `an element with id ${id}`).toBeDefined();
  return tag!;
};
/** The text of the element with this id (an error beside a field). */
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>(.*?)</div>`).exec(html)?.[1]?.replace(/<[^>]*>/g, "");

describe("settings > General", () => {
  it("refuses an unknown language with 400, the error beside the select and the other choices kept", async () => {
    const { status, body } = await post("/settings", { intent: "appearance", theme: "dark", language: "xx", sidebarPinned: "on" });
    expect(status).toBe(400);
    expect(textOf(body, "appearance-language-error")).toBe("Choose a supported language");
    const select = tagWithId(body, "appearance-language");
    expect(select).toContain('aria-invalid="true"');
    expect(select).toContain('aria-describedby="appearance-language-error"');
    // The values as posted: Dark stays chosen and the box ticked, though the saved theme is still Auto.
    expect(tagWithId(body, "appearance-theme-dark")).toContain('checked=""');
    expect(tagWithId(body, "appearance-theme-auto")).not.toContain("checked");
    expect(tagWithId(body, "appearance-sidebarPinned")).toContain('checked=""');
    expect(body).toContain('data-theme="auto"');
  });

  it("refuses a theme it does not know beside the theme choices", async () => {
    const { status, body } = await post("/settings", { intent: "appearance", theme: "purple", language: "en" });
    expect(status).toBe(400);
    expect(textOf(body, "appearance-theme-error")).toBe("Choose Light, Dark or Auto");
    expect(tagWithId(body, "appearance-theme-light")).toContain('aria-describedby="appearance-theme-error"');
    expect(tagWithId(body, "appearance-sidebarPinned")).not.toContain("checked");
  });
});

describe("settings > Feature Flags", () => {
  it("refuses a flag that is not registered with 400 and says so above the list", async () => {
    const { status, body } = await post("/settings/feature-flags", { intent: "toggle", name: "made-up", active: "on" });
    expect(status).toBe(400);
    expect(body).toMatch(/id="feature-flags-error" role="alert"[^>]*><p>No feature flag of that name is registered<\/p>/);
  });

  it("refuses a registered flag's bad value beside its switch", async () => {
    const { status, body } = await post("/settings/feature-flags", { intent: "toggle", name: "forms-flag", active: "maybe" });
    expect(status).toBe(400);
    expect(textOf(body, "flag-forms-flag-error")).toBe("A feature flag is either on or off");
    expect(body).toMatch(/role="switch" aria-checked="false" aria-label="forms-flag" aria-describedby="flag-forms-flag-error"/);
  });
});

describe("settings > Access (a GET form)", () => {
  it("refuses a bad question with 400, each error beside its field and the values kept", async () => {
    const { status, body } = await get("/settings/access?user=user%3Adefault%2Fguest&permission=made.up&entity=component%3A");
    expect(status).toBe(400);
    expect(textOf(body, "access-permission-error")).toBe("Choose one of the listed permissions");
    expect(textOf(body, "access-entity-error")).toBe("Enter an entity ref, such as component:default/payments");
    expect(tagWithId(body, "access-entity")).toContain('value="component:"');
    expect(tagWithId(body, "access-entity")).toContain('aria-describedby="access-entity-error access-entity-description"');
    expect(tagWithId(body, "access-user")).not.toContain("aria-invalid");
  });
});

describe("the entity page's dialogs", () => {
  it("refuses an intent that is not the dialogs' with 400, beside the dialog's buttons", async () => {
    const { status, body } = await post("/catalog/default/component/listing-search-service?unregister", { intent: "obliterate" });
    expect(status).toBe(400);
    expect(body).toMatch(/id="entity-dialog-obliterate-error" role="alert"[^>]*><p>Choose Unregister Location or Delete Entity<\/p>/);
  });

  it("shows the permission's refusal (403) in the dialog, named by the delete form and button", async () => {
    const { status, body } = await post("/catalog/default/component/listing-search-service?unregister", { intent: "delete-entity" });
    expect(status).toBe(403);
    expect(textOf(body, "entity-dialog-delete-entity-error")).toContain("catalog.entity.delete");
    expect(body).toMatch(/value="delete-entity"[^>]*aria-describedby="entity-dialog-delete-entity-error"/);
    expect((await fetch(`${server.url}/api/catalog/entities/by-name/component/default/listing-search-service`, { headers: API_AUTHORIZATION })).status).toBe(200);
  });
});

describe("the home page's settings", () => {
  it("refuses a widget the product does not have with 400, the boxes kept as ticked", async () => {
    const fields: Array<[string, string]> = [
      ["intent", "save"],
      ["customize", "1"],
      ["widget", "search"],
      ["widget", "starred"],
      ["widget", "weather"],
      ["show", "starred"],
    ];
    const { status, body } = await post("/?index&customize=1", fields);
    expect(status).toBe(400);
    expect(textOf(body, "home-settings-show-error")).toBe("Choose among the listed widgets");
    expect(tagWithId(body, "home-settings-show-starred")).toContain('checked=""');
    expect(tagWithId(body, "home-settings-show-search")).not.toContain("checked");
    expect(tagWithId(body, "home-settings-show-search")).toContain('aria-describedby="home-settings-show-error"');
  });

  it("refuses an unknown intent with 400 at the top of the form", async () => {
    const { status, body } = await post("/?index&customize=1", { intent: "bogus", customize: "1" });
    expect(status).toBe(400);
    expect(textOf(body, "home-settings-error")).toBe("Choose Save or Restore defaults");
  });
});

describe("forms whose action has no page (answered as data)", () => {
  it("star: a bad ref is 400 with the form's reply", async () => {
    const bad = await post("/catalog/star", { entityRef: "not a ref", returnTo: "/catalog" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ status: "error", initialValue: { entityRef: "not a ref", returnTo: "/catalog" }, error: { entityRef: ["catalogCommon.star.entityRefInvalid"] } });
  });

  it("banners: an empty id is 400 with the form's reply", async () => {
    const bad = await post("/settings/banners/dismiss", { bannerId: "  ", returnTo: "/" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ initialValue: { bannerId: "  " }, error: { bannerId: ["uiKit.banner.idInvalid"] } });
  });

  it("sidebar and login requests: an unknown intent is 400 with the form's reply", async () => {
    const sidebar = await post("/shell/sidebar", { intent: "fold", redirectTo: "/settings" });
    expect(sidebar.status).toBe(400);
    expect(JSON.parse(sidebar.body)).toMatchObject({ initialValue: { intent: "fold" }, error: { intent: ["shell.sidebarIntentInvalid"] } });
    const login = await post("/auth/login-request", { intent: "login", provider: "nowhere", returnTo: "/" });
    expect(login.status).toBe(400);
    expect(JSON.parse(login.body)).toMatchObject({ initialValue: { provider: "nowhere" }, error: { provider: ["signIn.loginFailed"] } });
  });
});

describe("settings > Authentication Providers", () => {
  it("refuses signing out of a provider that is not configured with 400, above the list", async () => {
    const { status, body } = await post("/settings/auth-providers", { intent: "signOut", provider: "nowhere" });
    expect(status).toBe(400);
    expect(body).toMatch(/id="auth-providers-error" role="alert"[^>]*><p>/);
  });
});
