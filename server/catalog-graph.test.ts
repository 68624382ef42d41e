import { beforeAll, describe, expect, it } from "vitest";
import { component, eventually, locationDoc, useCatalogServer, yamlDocs } from "../tests/support/fake-scm";

// The catalog graph through HTTP, as a browser without JavaScript sees it:
// the page at /catalog-graph with Backstage's parameters as a nested list of
// links, the 500-node cut and its note, cycles, self-relations and dangling
// refs, bad parameters answered 400 with a visible message, and the graph
// card on an entity page with its link to the page.

const ORG = yamlDocs(
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: payments-team, title: Payments Crew }\nspec: { type: team, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: { name: wide-team }\nspec: { type: team, children: [] }",
  "apiVersion: backstage.io/v1alpha1\nkind: System\nmetadata: { name: payments, title: Payments Platform }\nspec: { owner: payments-team }",
  "apiVersion: backstage.io/v1alpha1\nkind: API\nmetadata: { name: payments-api }\nspec: { type: openapi, lifecycle: production, owner: payments-team, system: payments, definition: 'openapi: 3.0.0' }",
);
const COMPONENTS = yamlDocs(
  component(
    "payments-service",
    "type: service\n  lifecycle: production\n  owner: payments-team\n  system: payments\n  providesApis: [payments-api]\n  dependsOn: [resource:gone-db]",
    "  title: Payment Gateway\n",
  ),
  component("loop-a", "type: service\n  lifecycle: production\n  owner: payments-team\n  dependsOn: [component:loop-b, component:loop-a]"),
  component("loop-b", "type: service\n  lifecycle: production\n  owner: payments-team\n  dependsOn: [component:loop-a]"),
);
const WIDE = yamlDocs(...Array.from({ length: 520 }, (_, index) => component(`wide-${String(index).padStart(3, "0")}`, "type: library\n  lifecycle: production\n  owner: wide-team")));
const FILES = {
  "acme/repo/main/catalog-info.yaml": locationDoc("acme-catalog", ["./org.yaml", "./components.yaml", "./wide.yaml"]),
  "acme/repo/main/org.yaml": ORG,
  "acme/repo/main/components.yaml": COMPONENTS,
  "acme/repo/main/wide.yaml": WIDE,
};

const decode = (value: string) => value.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
/** The refs of the list's items: the root first, the others sorted (relations come in the store's order). */
const listed = (html: string) => {
  const [root, ...others] = [...html.matchAll(/<li data-graph-node="([^"]+)"/g)].map((match) => match[1]);
  return root ? [root, ...others.sort()] : [];
};

describe("the catalog graph", () => {
  const env = useCatalogServer(FILES);
  const page = async (path: string) => {
    const response = await fetch(`${env.server.url}${path}`, { redirect: "manual" });
    return { status: response.status, html: decode(await response.text()) };
  };

  beforeAll(async () => {
    const response = await env.api("/locations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "url", target: env.scm.blobUrl("acme/repo/main/catalog-info.yaml") }),
    });
    expect(response.status).toBe(201);
    await eventually(
      async () => {
        const answer = await (await env.api("/entities/by-query?limit=0&filter=kind=component")).json();
        return answer.totalItems === 523;
      },
      "the catalog to be ingested",
      60_000,
    );
  }, 90_000);

  it("shows the relations around a root as a nested list of entity links, Backstage's deep link as it is", async () => {
    const { status, html } = await page("/catalog-graph?rootEntityRefs%5B%5D=component%3Adefault%2Fpayments-service&maxDepth=1&unidirectional=true&mergeRelations=true&direction=LR");
    expect(status).toBe(200);
    expect(html).toContain("<h1");
    expect(html).toContain("Catalog Graph");
    expect(listed(html)).toEqual(["component:default/payments-service", "api:default/payments-api", "group:default/payments-team", "resource:default/gone-db", "system:default/payments"]);
    expect(html).toMatch(/<a [^>]*href="\/catalog\/default\/group\/payments-team"[^>]*>Payments Crew<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/catalog\/default\/component\/payments-service"[^>]*>Payment Gateway<\/a>/);
    // The relation the walk followed, and a dangling ref marked missing, not linked.
    expect(html).toContain("ownedBy →");
    const goneStart = html.indexOf('data-graph-node="resource:default/gone-db"');
    const gone = html.slice(goneStart, html.indexOf("</li>", goneStart));
    expect(gone).toContain(">missing<");
    expect(gone).not.toContain("href=");
    // The filter panel is a GET form carrying Backstage's parameter names.
    expect(html).toMatch(/<form [^>]*action="\/catalog-graph" method="get"/);
    expect(html).toContain('name="selectedKinds[]"');
    expect(html).toContain('value="component:default/payments-service"');
  });

  it("walks deeper, filters by kind and relation, and reads the short parameter names too", async () => {
    const deep = await page("/catalog-graph?rootEntityRefs[]=system:default/payments&maxDepth=2&selectedKinds[]=component&selectedKinds[]=api");
    expect(listed(deep.html)).toEqual(["system:default/payments", "api:default/payments-api", "component:default/payments-service"]);
    const byRelation = await page("/catalog-graph?rootEntityRefs=component:payments-service&relations[]=ownedBy&maxDepth=%E2%88%9E");
    expect(listed(byRelation.html)).toEqual(["component:default/payments-service", "group:default/payments-team"]);
  });

  it("ends cycles and ignores self-relations at unlimited depth", async () => {
    const { status, html } = await page("/catalog-graph?rootEntityRefs[]=component:default/loop-a&selectedRelations[]=dependsOn&selectedRelations[]=dependencyOf");
    expect(status).toBe(200);
    expect(listed(html)).toEqual(["component:default/loop-a", "component:default/loop-b"]);
  });

  it("cuts a wide fan-out at 500 entities with a visible note", async () => {
    const { status, html } = await page("/catalog-graph?rootEntityRefs[]=group:default/wide-team&maxDepth=1");
    expect(status).toBe(200);
    expect(listed(html)).toHaveLength(500);
    expect(html).toContain("The graph is cut at 500 entities: lower the depth or filter by relation or kind to see the rest.");
  });

  it("answers bad parameters with 400 and says which, never a 500", async () => {
    const { status, html } = await page("/catalog-graph?rootEntityRefs[]=component:default/payments-service&maxDepth=deep&direction=UP&unidirectional=maybe&rootEntityRefs[]=nokind");
    expect(status).toBe(400);
    expect(html).toContain("Some parameters of this graph could not be read");
    expect(html).toContain("maxDepth must be a whole number or ∞, not 'deep'");
    expect(html).toContain("direction must be one of TB, BT, LR or RL, not 'UP'");
    expect(html).toContain("unidirectional must be true or false, not 'maybe'");
    expect(html).toContain("'nokind' is not an entity reference of the form kind:namespace/name");
    // What could be read is still shown.
    expect(listed(html)[0]).toBe("component:default/payments-service");
    const many = await page(`/catalog-graph?${Array.from({ length: 30 }, (_, index) => `rootEntityRefs[]=component:c${index}`).join("&")}`);
    expect(many.status).toBe(400);
    expect(many.html).toContain("At most 20 root entities can be shown at once");
  });

  it("asks a visitor who owns and starred nothing to pick an entity when no root is given", async () => {
    const { status, html } = await page("/catalog-graph");
    expect(status).toBe(200);
    expect(html).toContain("You own no entity and have starred none: pick an entity to start from.");
    expect(html).toMatch(/<form [^>]*aria-labelledby="graph-picker-title"[^>]*action="\/catalog-graph" method="get"/);
    expect(listed(html)).toEqual([]);
  });

  it("puts a graph card on a component's overview, linking to the page; not on a group's", async () => {
    const { status, html } = await page("/catalog/default/component/payments-service");
    expect(status).toBe(200);
    const card = html.slice(html.indexOf('data-card="catalog-graph"'));
    expect(card).not.toBe(html);
    // The page opens as deep as the card: one relation.
    expect(card).toContain('href="/catalog-graph?rootEntityRefs%5B%5D=component%3Adefault%2Fpayments-service&maxDepth=1"');
    expect(card).toContain(">View graph<");
    expect(listed(card.slice(0, card.indexOf("</section>")))).toEqual([
      "component:default/payments-service",
      "api:default/payments-api",
      "group:default/payments-team",
      "resource:default/gone-db",
      "system:default/payments",
    ]);
    const group = await page("/catalog/default/group/payments-team");
    expect(group.html).not.toContain('data-card="catalog-graph"');
  });

  it("lists the graph in the sidebar", async () => {
    const { html } = await page("/catalog");
    expect(html).toMatch(/<a [^>]*href="\/catalog-graph"/);
  });
});
