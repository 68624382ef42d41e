import { describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, guestSessionCookie, useServer } from "../tests/support/server";

// GET /api/search/query and /search against the built server, over the
// example organisation: Backstage's answer shape, its cursors and errors, the
// caller's permissions applied (a guest here reads APIs only), and the page
// as a browser without JavaScript gets it.

const handle = useServer(`
auth:
  signInPage: [guest]
permission:
  enabled: true
  policy:
    roles:
      - name: readers
        members: ['*']
        permissions:
          - permission: catalog.entity.read
            conditions: { rule: IS_ENTITY_KIND, params: { kinds: [API] } }
`);

async function api(path: string, headers: Record<string, string> = API_AUTHORIZATION) {
  const response = await handle.get(path, { headers });
  return { status: response.status, body: await response.json() };
}

async function indexed() {
  await eventually(async () => (await api("/api/search/query?term=ledger&types[0]=software-catalog")).body.results?.length > 0, "the example catalog indexed");
}

describe("GET /api/search/query", () => {
  it("answers Backstage's result set: typed documents, highlights with their tags, ranks and page cursors", async () => {
    await indexed();
    const { status, body } = await api("/api/search/query?term=ledger&types[0]=software-catalog&pageLimit=2");
    expect(status).toBe(200);
    const ledger = body.results.find((result: { document: { title: string } }) => result.document.title === "Rent ledger service");
    expect(ledger).toMatchObject({
      type: "software-catalog",
      document: { location: "/catalog/default/component/rent-ledger-service", kind: "Component", type: "service", componentType: "service", lifecycle: "production", namespace: "default" },
      highlight: { preTag: expect.stringMatching(/^<[0-9a-f-]{36}>$/), postTag: expect.stringMatching(/^<\/[0-9a-f-]{36}>$/) },
    });
    expect(ledger.highlight.fields.title).toBe(`Rent ${ledger.highlight.preTag}ledger${ledger.highlight.postTag} service`);
    expect(body.results.map((result: { rank: number }) => result.rank)).toEqual(body.results.map((_: unknown, index: number) => index + 1));
    if (body.nextPageCursor) {
      expect(body.nextPageCursor).toBe(Buffer.from("1").toString("base64"));
      const next = await api(`/api/search/query?term=ledger&types[0]=software-catalog&pageLimit=2&pageCursor=${body.nextPageCursor}`);
      expect(next.body.previousPageCursor).toBe(Buffer.from("0").toString("base64"));
      expect(next.body.results[0].rank).toBe(3);
    }
  });

  it("filters by kind and lifecycle with Backstage's filters[...] parameters", async () => {
    await indexed();
    const apis = await api("/api/search/query?term=&filters[kind]=API");
    expect(apis.body.results.length).toBeGreaterThan(0);
    expect(new Set(apis.body.results.map((result: { document: { kind: string } }) => result.document.kind))).toEqual(new Set(["API"]));
    const production = await api("/api/search/query?term=rent&filters[lifecycle]=production&filters[kind]=Component");
    for (const result of production.body.results) expect(result.document).toMatchObject({ kind: "Component", lifecycle: "production" });
  });

  it("shows a caller only what it may read", async () => {
    await indexed();
    const cookie = await guestSessionCookie(handle.server);
    const guest = await api("/api/search/query?term=rent", { cookie });
    expect(guest.status).toBe(200);
    expect(guest.body.results.length).toBeGreaterThan(0);
    for (const result of guest.body.results) expect(result.document.kind).toBe("API");
    const service = await api("/api/search/query?term=rent");
    expect(service.body.numberOfResults).toBeGreaterThan(guest.body.numberOfResults);
  });

  it("refuses bad parameters with 400 and Backstage's error body, and callers without credentials with 401", async () => {
    const limit = await api("/api/search/query?term=x&pageLimit=101");
    expect(limit).toEqual({
      status: 400,
      body: {
        error: { name: "InputError", message: 'The page limit "101" is greater than "100"' },
        request: { method: "GET", url: "/api/search/query" },
        response: { statusCode: 400 },
      },
    });
    expect((await api(`/api/search/query?term=${"x".repeat(101)}`)).body.error.message).toBe('The term length "101" is greater than "100"');
    expect((await api("/api/search/query?types[0]=nonsense")).status).toBe(400);
    expect((await api("/api/search/query?term=x&pageCursor=%21%21")).status).toBe(400);
    expect((await api("/api/search/query?term=x", {})).status).toBe(401);
  });
});

describe("the /search page without JavaScript", () => {
  it("renders results with highlighted matches, the count, and paging links that keep the query", async () => {
    await indexed();
    const cookie = await guestSessionCookie(handle.server);
    const response = await handle.get("/search?term=api&filters%5Bkind%5D=API&pageLimit=1", { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const form = /<form[^>]*aria-label="Search"[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('role="search"');
    expect(html).toMatch(/<mark[^>]*>[^<]*<\/mark>/);
    expect(html).toMatch(/role="status"[^>]*>\d+ results?/);
    expect(html).toContain('href="/search?term=api&amp;filters%5Bkind%5D=API&amp;pageLimit=1&amp;pageCursor=MQ%3D%3D"');
  });

  it("says which kinds it searched: every kind the caller may read, named, or the kind filtered on", async () => {
    await indexed();
    const cookie = await guestSessionCookie(handle.server);
    // What the home page's search box sends.
    const everyKind = await (await handle.get("/search?types%5B0%5D=software-catalog&term=ledger", { headers: { cookie } })).text();
    expect(everyKind).toMatch(/data-testid="search-scope"[^>]*>Searched Software Catalog, every kind: API\.</);
    const filtered = await (await handle.get("/search?term=api&filters%5Bkind%5D=API", { headers: { cookie } })).text();
    expect(filtered).toMatch(/data-testid="search-scope"[^>]*>Searched Software Catalog and Documentation, kind API\.</);
    const docsOnly = await (await handle.get("/search?types%5B0%5D=techdocs&term=ledger", { headers: { cookie } })).text();
    expect(docsOnly).toMatch(/data-testid="search-scope"[^>]*>Searched Documentation\.</);
  });

  it("answers a bad parameter with 400 and says why, and an empty search with a prompt", async () => {
    const cookie = await guestSessionCookie(handle.server);
    const bad = await handle.get("/search?term=x&pageLimit=500", { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The page limit &quot;500&quot; is greater than &quot;100&quot;");
    const empty = await handle.get("/search", { headers: { cookie } });
    expect(await empty.text()).toContain("Type a term to find components, APIs, teams and documentation pages.");
  });

  it("escapes what documents hold", async () => {
    await indexed();
    const cookie = await guestSessionCookie(handle.server);
    const html = await (await handle.get("/search?term=%3Cscript%3E", { headers: { cookie } })).text();
    expect(html).not.toContain("<script>alert");
  });
});
