import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../tests/support/catalog";
import { INTERNAL_CREDENTIALS } from "../auth/credentials";
import type { Entity } from "../catalog/entity";
import type { TechDocsPageForSearch } from "../search/documents";
import { techdocsConfigSchema } from "./config";
import { createLocalPublisher } from "./publish/publisher.server";
import type { ReaderResult } from "./reader";
import { createTreeReader } from "./sources/read-tree.server";
import { createTechDocs, type SyncEvent } from "./techdocs.server";

// The service as the reader pages and /api/techdocs use it, on a real
// catalog (ingested from a file location), the real builder, local folders
// of docs beside the catalog file and the local publisher.

const component = (name: string, annotations: Record<string, string>) => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name, annotations },
  spec: { type: "service", owner: "team-a", lifecycle: "production" },
});

describe("the TechDocs service", () => {
  const fixture = useIngestedCatalog(
    "sqlite",
    [
      component("handbook", { "backstage.io/techdocs-ref": "dir:./handbook" }),
      component("broken", { "backstage.io/techdocs-ref": "dir:./broken" }),
      component("pointer", { "backstage.io/techdocs-entity": "component:handbook", "backstage.io/techdocs-entity-path": "guide" }),
      component("nodocs", {}),
    ],
    ["Component"],
  );

  let catalogDir: string;
  let publishDir: string;
  const published: Array<{ entity: Entity; pages: TechDocsPageForSearch[] }> = [];

  function service(build: Record<string, unknown> = { throttle: { milliseconds: 1 } }) {
    return createTechDocs({
      config: techdocsConfigSchema.parse({ build }),
      catalog: fixture.catalog.entities,
      publisher: createLocalPublisher(publishDir),
      readTree: createTreeReader({}),
      logger: pino({ level: "silent" }),
      onPublished: (entity, pages) => void published.push({ entity, pages }),
    });
  }

  async function syncEvents(techdocs: ReturnType<typeof service>, ref: string): Promise<SyncEvent[]> {
    const events: SyncEvent[] = [];
    await techdocs.sync(INTERNAL_CREDENTIALS, ref, (event) => events.push(event));
    return events;
  }

  async function readyPage(techdocs: ReturnType<typeof service>, ref: string, page: string) {
    let result: ReaderResult | undefined;
    for (let attempt = 0; attempt < 100; attempt++) {
      result = await techdocs.reader(INTERNAL_CREDENTIALS, ref, page);
      if (result.status !== "building") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (result?.status !== "ready") throw new Error(`not ready: ${JSON.stringify(result)}`);
    return result.view;
  }

  beforeAll(async () => {
    const handbook = (await fixture.catalog.entities.entityByRef("component:default/handbook", { credentials: INTERNAL_CREDENTIALS }))!;
    catalogDir = path.dirname(handbook.metadata.annotations!["backstage.io/managed-by-location"].slice("file:".length));
    mkdirSync(path.join(catalogDir, "handbook", "docs"), { recursive: true });
    writeFileSync(path.join(catalogDir, "handbook", "mkdocs.yml"), "site_name: Handbook\nnav:\n  - Home: index.md\n  - Guide: guide.md\n");
    writeFileSync(path.join(catalogDir, "handbook", "docs", "index.md"), "# Welcome\n\nThe handbook's first page.\n");
    writeFileSync(path.join(catalogDir, "handbook", "docs", "guide.md"), "# The guide\n\nHow we work.\n");
    mkdirSync(path.join(catalogDir, "broken", "docs"), { recursive: true });
    writeFileSync(path.join(catalogDir, "broken", "docs", "index.md"), "# No config\n");
    publishDir = mkdtempSync(path.join(tmpdir(), "atrium-techdocs-service-"));
  });
  afterAll(() => rmSync(publishDir, { recursive: true, force: true }));

  describe("reading and syncing", () => {
    it("builds on the first read and shows the page with its neighbours", async () => {
      const techdocs = service();
      const view = await readyPage(techdocs, "component:default/handbook", "");
      expect(view.page.title).toBe("Home");
      expect(view.html).toContain("The handbook's first page.");
      expect(view.next?.path).toBe("guide/");
      expect(view.metadata.site_name).toBe("Handbook");
      const guide = await readyPage(techdocs, "component:default/handbook", "/guide");
      expect(guide.previous?.path).toBe("");
      expect(guide.html).toContain("How we work.");
      await expect(techdocs.reader(INTERNAL_CREDENTIALS, "component:default/handbook", "missing/")).rejects.toThrow("Page not found.");
      await expect(techdocs.reader(INTERNAL_CREDENTIALS, "component:default/handbook", "../etc/")).rejects.toThrow("Page not found.");
      expect(published.at(-1)?.entity.metadata.name).toBe("handbook");
      expect(published.at(-1)?.pages.map((page) => page.path)).toEqual(["", "guide/"]);
    });

    it("shows another entity's docs, at the page techdocs-entity-path names", async () => {
      const view = await readyPage(service(), "component:default/pointer", "");
      expect(view.entity.metadata.name).toBe("handbook");
      expect(view.page.path).toBe("guide/");
    });

    it("answers cached while the sources are unchanged, and rebuilds when they change", async () => {
      const techdocs = service();
      const first = await syncEvents(techdocs, "component:default/handbook");
      expect(first.at(-1)).toEqual({ type: "finish", updated: false });
      writeFileSync(path.join(catalogDir, "handbook", "docs", "guide.md"), "# The guide\n\nHow we work now.\n");
      // Past the 1 ms throttle of these tests: a second sync in the first's millisecond was not checked, and this test failed on a fast run.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await syncEvents(techdocs, "component:default/handbook");
      expect(second.at(-1)).toEqual({ type: "finish", updated: true });
      expect(second.filter((event) => event.type === "log").length).toBeGreaterThan(1);
      expect((await readyPage(techdocs, "component:default/handbook", "guide/")).html).toContain("How we work now.");
    });

    it("throttles checks of the same entity for a minute by default", async () => {
      const techdocs = service({});
      expect((await syncEvents(techdocs, "component:default/handbook")).at(-1)).toEqual({ type: "finish", updated: false });
      writeFileSync(path.join(catalogDir, "handbook", "docs", "index.md"), "# Welcome\n\nChanged within the minute.\n");
      expect(await syncEvents(techdocs, "component:default/handbook")).toEqual([{ type: "finish", updated: false }]);
    });

    it("keeps a failed build's message and log for the reader", async () => {
      const techdocs = service();
      const events = await syncEvents(techdocs, "component:default/broken");
      expect(events.at(-1)).toEqual({ type: "error", message: "No mkdocs.yml found: the documentation folder needs an mkdocs.yml (or mkdocs.yaml) next to its docs folder." });
      const result = await techdocs.reader(INTERNAL_CREDENTIALS, "component:default/broken", "");
      expect(result).toMatchObject({ status: "failed", message: expect.stringContaining("No mkdocs.yml found") });
      expect(result.status === "failed" && result.log.some((line) => line.includes("Failed to build the docs page"))).toBe(true);
    });

    it("stops a build past its time limit and says so", async () => {
      const techdocs = service({ timeout: { milliseconds: 1 }, throttle: { milliseconds: 1 } });
      writeFileSync(path.join(catalogDir, "handbook", "docs", "index.md"), "# Welcome\n\nOnce more.\n");
      const events = await syncEvents(techdocs, "component:default/handbook");
      expect(events.at(-1)).toEqual({ type: "error", message: "The build of component:default/handbook's documentation took longer than 1 ms and was stopped" });
    });

    it("joins a running build rather than starting another", async () => {
      const techdocs = service();
      writeFileSync(path.join(catalogDir, "handbook", "docs", "index.md"), "# Welcome\n\nJoined.\n");
      const [a, b] = await Promise.all([syncEvents(techdocs, "component:default/handbook"), syncEvents(techdocs, "component:default/handbook")]);
      expect(a.at(-1)).toEqual({ type: "finish", updated: true });
      expect(b.at(-1)).toEqual({ type: "finish", updated: true });
    });

    it("lists the entities with docs and refuses entities without", async () => {
      const techdocs = service();
      expect((await techdocs.entitiesWithDocs(INTERNAL_CREDENTIALS)).map((entity) => entity.metadata.name).sort()).toEqual(["broken", "handbook", "pointer"]);
      await expect(techdocs.reader(INTERNAL_CREDENTIALS, "component:default/nodocs", "")).rejects.toThrow("Page not found.");
      await expect(techdocs.reader(INTERNAL_CREDENTIALS, "component:default/ghost", "")).rejects.toThrow("Entity not found for component:default/ghost");
    });
  });
});
