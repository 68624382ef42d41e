import { beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { BrowserSession } from "../tests/support/browser-session";
import { useServer } from "../tests/support/server";

// Guests through HTTP, on a portal without a sign-in page (the test default):
// every browser is given a guest session of its own, with its own settings,
// and every guest has the guest's permissions.

const app = useServer();
const CHECKLIST = "component:default/tenant-portal-web";
const CALCULATOR = "component:default/listing-search-service";

const starredRefs = (html: string) => [...html.matchAll(/<tr data-entity-ref="([^"]+)"/g)].map((match) => match[1]);

async function star(browser: BrowserSession, entityRef: string) {
  const response = await browser.postForm(`${app.server.url}/catalog/star`, { entityRef, returnTo: "/catalog?filters[user]=starred&filters[kind]=component" }, { origin: app.server.url });
  expect(response.status).toBe(303);
  return (await browser.follow(new URL(response.headers.get("location")!, app.server.url).href)).response.text();
}

describe("guests", () => {
  beforeAll(async () => {
    const probe = new BrowserSession();
    for (const name of ["tenant-portal-web", "listing-search-service"]) {
      await eventually(async () => (await probe.request(`${app.server.url}/catalog/default/component/${name}`)).status === 200, `${name} in the example catalog`, 20_000);
    }
  }, 30_000);

  it("gives a browser without a session a guest session of its own, in cookies that outlive the hour", async () => {
    const browser = new BrowserSession();
    const response = await browser.request(`${app.server.url}/settings`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Signed in as user:default/guest");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toContainEqual(expect.stringMatching(/^atrium-session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/));
    expect(cookies).toContainEqual(expect.stringMatching(/^atrium-guest=[\w-]{22,}; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax$/));
    // The session is kept: the next page sets no new one.
    expect((await browser.request(`${app.server.url}/settings`)).headers.getSetCookie()).toEqual([]);
  });

  it("keeps each guest browser's stars apart, on the pages and through the user-settings API", async () => {
    const ada = new BrowserSession();
    const bob = new BrowserSession();
    expect(starredRefs(await star(ada, CHECKLIST))).toEqual([CHECKLIST]);
    expect(starredRefs(await star(bob, CALCULATOR))).toEqual([CALCULATOR]);
    const adaPage = await (await ada.request(`${app.server.url}/catalog?filters[user]=starred&filters[kind]=component`)).text();
    expect(starredRefs(adaPage)).toEqual([CHECKLIST]);
    // The pages' own fetches carry the same session: the settings API answers for this guest only.
    const bucket = "/api/user-settings/buckets/starredEntities/keys/entityRefs";
    expect((await (await bob.request(`${app.server.url}${bucket}`)).json()).value).toEqual([CALCULATOR]);
    expect((await (await ada.request(`${app.server.url}${bucket}`)).json()).value).toEqual([CHECKLIST]);
  });

  it("finds a guest browser's settings again after its session has lapsed, its token naming the guest for permissions and the browser for settings", async () => {
    const browser = new BrowserSession();
    await star(browser, CHECKLIST);
    const guestCookie = browser.cookie("atrium-guest")!;
    // A browser that kept only its guest cookie (the session cookie expired overnight).
    const returning = new BrowserSession();
    const page = await fetch(`${app.server.url}/catalog?filters[user]=starred&filters[kind]=component`, { headers: { cookie: `atrium-guest=${guestCookie.value}` }, redirect: "manual" });
    expect(starredRefs(await page.text())).toEqual([CHECKLIST]);
    returning.store(app.server.url, page);
    const session = returning.cookie("atrium-session")!.value;
    const payload = JSON.parse(Buffer.from(session.split(".")[1], "base64url").toString());
    expect(payload).toMatchObject({ sub: "user:default/guest", ent: ["user:default/guest"], prv: "guest", gst: guestCookie.value });
  });

  it("never sends an /api request to a page: without a session it gets no guest session and no redirect", async () => {
    const response = await app.get("/api/catalog/entities/by-query?limit=1");
    expect(response.status).not.toBe(302);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
