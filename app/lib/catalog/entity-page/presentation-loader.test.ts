import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPresentationLoader } from "./presentation-loader";

// The browser-side loader against a fake by-refs endpoint that answers like
// the catalog's: items in request order, null for what it does not have.

function fakeCatalog() {
  const calls: string[][] = [];
  const fetch = async (_input: string, init: RequestInit) => {
    const { entityRefs } = JSON.parse(String(init.body)) as { entityRefs: string[] };
    calls.push(entityRefs);
    const items = entityRefs.map((ref) => {
      const [kind, rest] = ref.split(":");
      const [namespace, name] = rest.split("/");
      if (name.startsWith("missing")) return null;
      return { kind: kind === "component" ? "Component" : kind, metadata: { name, namespace, title: `Title of ${name}` }, spec: { type: "service" } };
    });
    return new Response(JSON.stringify({ items }), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { calls, fetch };
}

describe("browser presentation loader", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("batches the refs asked for within 50 ms of the first into one by-refs call", async () => {
    const catalog = fakeCatalog();
    const loader = createPresentationLoader({ catalogBaseUrl: "/api/catalog", fetch: catalog.fetch });
    const first = loader.load("component:default/a");
    await vi.advanceTimersByTimeAsync(30);
    const second = loader.load("component:b");
    const again = loader.load("Component:default/A");
    await vi.advanceTimersByTimeAsync(19);
    expect(catalog.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(catalog.calls).toEqual([["component:default/a", "component:default/b"]]);
    expect((await first).primaryTitle).toBe("Title of a");
    expect((await second).secondaryTitle).toBe("component:b | Component | service");
    expect(await again).toBe(await first);
  });

  it("sends at most 100 refs per call", async () => {
    const catalog = fakeCatalog();
    const loader = createPresentationLoader({ catalogBaseUrl: "/api/catalog", fetch: catalog.fetch });
    const all = Array.from({ length: 250 }, (_, index) => loader.load(`component:default/c${index}`));
    await vi.advanceTimersByTimeAsync(60);
    await Promise.all(all);
    expect(catalog.calls.map((call) => call.length)).toEqual([100, 100, 50]);
  });

  it("keeps answers for 10 seconds, then asks again", async () => {
    const catalog = fakeCatalog();
    let clock = 0;
    const loader = createPresentationLoader({ catalogBaseUrl: "/api/catalog", fetch: catalog.fetch, now: () => clock });
    const load = async () => {
      const value = loader.load("component:default/a");
      await vi.advanceTimersByTimeAsync(60);
      return value;
    };
    await load();
    clock = 9_999;
    await load();
    expect(catalog.calls).toHaveLength(1);
    clock = 10_000;
    await load();
    expect(catalog.calls).toHaveLength(2);
  });

  it("shows a missing entity, a failed call or a malformed ref as the humanized ref", async () => {
    const loader = createPresentationLoader({ catalogBaseUrl: "/api/catalog", fetch: fakeCatalog().fetch });
    const missing = loader.load("component:default/missing-one");
    await vi.advanceTimersByTimeAsync(60);
    expect((await missing).primaryTitle).toBe("component:missing-one");
    const failing = createPresentationLoader({ catalogBaseUrl: "/api/catalog", fetch: async () => new Response("boom", { status: 500 }) });
    const failed = failing.load("group:default/team-a");
    await vi.advanceTimersByTimeAsync(60);
    expect((await failed).primaryTitle).toBe("group:team-a");
    expect((await loader.load("")).primaryTitle).toBe("");
  });
});
