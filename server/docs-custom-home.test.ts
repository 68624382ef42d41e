import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../tests/support/browser-session";
import { eventually } from "../tests/support/fake-scm";
import { startCatalogUserIssuer } from "../tests/support/fake-oidc-issuer";
import { useServer } from "../tests/support/server";

// /docs as the configured custom home (techdocs.customHome), through HTTP
// with JavaScript off: each panel shows the documented entities its filter
// chooses, for the user who asks. Amara is in the Platform team, which owns
// the Platform Core system and its handbook.

const users = await startCatalogUserIssuer(["amara.okafor"]);
afterAll(() => users.close());

const app = useServer(
  `
auth:
  signInPage: [custom]
catalog:
  locations:
    - type: file
      target: ./examples/catalog-info.yaml
techdocs:
  build:
    syncInterval: false
  customHome:
    tabs:
      - label: Overview
        panels:
          - title: Featured documentation
            description: Start here.
            filterPredicate: { entityRefs: ["system:default/rent-payments", "component:default/warehouse-models"] }
          - title: Owned by your teams
            panelType: DocsTable
            filterPredicate: owned
          - title: Your starred documentation
            panelType: DocsTable
            filterPredicate: starred
      - label: Everything
        panels:
          - title: All documentation
            panelType: DocsTable
            filterPredicate: all
            limit: 100
`,
  [users.config],
);

const browser = new BrowserSession();
const visit = async (path: string) => (await browser.request(`${app.server.url}${path}`)).text();

/** The panels of a page: each one's title and the names of the docs it links. */
function panels(html: string): Array<{ title: string; docs: string[] }> {
  return html
    .split('data-testid="docs-panel"')
    .slice(1)
    .map((panel) => ({
      title: /<h2[^>]*>([^<]+)<\/h2>/.exec(panel)![1]!,
      docs: [...new Set([...panel.matchAll(/href="\/docs\/default\/([a-z]+)\/([a-z0-9-]+)\/?"/g)].map((match) => `${match[1]}:${match[2]}`))],
    }));
}

beforeAll(async () => {
  // Amara can sign in once the catalog holds her User entity.
  await eventually(
    async () => {
      const signIn = await browser.postForm(`${app.server.url}/sign-in`, { intent: "custom", userId: "amara.okafor", idToken: await users.idTokenFor("amara.okafor") }, { origin: app.server.url });
      return signIn.status < 400;
    },
    "Amara's User entity to be in the catalog",
    45_000,
  );
  const documented = ["system/platform-core", "system/rent-payments", "component/keystone-web", "component/warehouse-models", "component/rent-ledger-service"];
  await eventually(
    async () => {
      const html = await visit("/docs?tab=1");
      return documented.every((entity) => html.includes(`/docs/default/${entity}/`));
    },
    "the documented example entities to be in the catalog",
    45_000,
  );
}, 60_000);

describe("the docs custom home", () => {
  it("shows the first tab's panels: the featured docs, the user's teams' docs, and an empty starred panel", async () => {
    const html = await visit("/docs");
    expect(panels(html)).toEqual([
      { title: "Featured documentation", docs: ["system:rent-payments", "component:warehouse-models"] },
      { title: "Owned by your teams", docs: expect.arrayContaining(["system:platform-core"]) },
      { title: "Your starred documentation", docs: [] },
    ]);
    expect(html).toContain("Start here.");
    expect(panels(html)[1]!.docs).not.toContain("component:warehouse-models");
    // The tabs are links: each one a view that can be shared.
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/docs\?tab=0"[^>]*>Overview<\/a>|<a[^>]*href="\/docs\?tab=0"[^>]*aria-current="page"[^>]*>Overview<\/a>/);
    expect(html).toMatch(/href="\/docs\?tab=1"[^>]*>Everything<\/a>/);
  });

  it("lists a starred entity's docs in the starred panel", async () => {
    const star = await browser.postForm(`${app.server.url}/catalog/star`, { entityRef: "component:default/keystone-web", returnTo: "/docs" }, { origin: app.server.url });
    expect(star.status).toBe(303);
    expect(panels(await visit("/docs"))[2]).toEqual({ title: "Your starred documentation", docs: ["component:keystone-web"] });
  });

  it("shows every documented entity on the second tab", async () => {
    const [all] = panels(await visit("/docs?tab=1"));
    expect(all!.title).toBe("All documentation");
    expect(all!.docs).toEqual(expect.arrayContaining(["system:platform-core", "component:keystone-web", "system:rent-payments", "component:warehouse-models", "component:rent-ledger-service"]));
  });
});
