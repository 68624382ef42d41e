import { createHash } from "node:crypto";
import type { Credentials } from "../auth/credentials";
import { INTERNAL_CREDENTIALS } from "../auth/credentials";
import type { EntityService } from "../catalog/catalog-service.server";
import { ANNOTATION_TECHDOCS_ENTITY, ANNOTATION_TECHDOCS_REF, type Entity } from "../catalog/entity";
import { entityRefKey, getCompoundEntityRef, parseEntityRef, stringifyEntityRef, type CompoundEntityRef } from "../catalog/entity-ref";
import { InputError, NotFoundError } from "../errors";
import type { Logger } from "../logger.server";
import type { FilterPredicate } from "../catalog/query/predicate";
import type { PluginScheduler } from "../scheduler/scheduler.server";
import type { TechDocsPageForSearch } from "../search/documents";
import type { BuildLeases } from "./build-lease.server";
import type { TechDocsConfig } from "./config";
import { checkedSitePath, type Publisher, type SiteKey } from "./publish/publisher.server";
import type { ReaderResult, ReaderView } from "./reader";
import { buildSite, type BuildCache } from "./build/build-site.server";
import { searchPagesOfIndex } from "./published-search-pages";
import { articleOf, pageFile, PUBLISHED_METADATA_FILE, PUBLISHED_SEARCH_INDEX_FILE, PUBLISHED_SITE_FILE, type AtriumSite, type TechDocsMetadata } from "./site";
import { docsEntityPathOf, docsEntityRefOf, docsSourceOf, hasDocs, type DocsSource } from "./sources/locate.server";
import type { TreeReader } from "./sources/read-tree.server";

// The TechDocs service: what the reader pages and /api/techdocs call.
//
// A sync reads the docs' sources, compares their version (etag) with the
// published metadata's, and builds and publishes only when it differs, as
// Backstage's DocsBuilder does; a sync within 60 s of the last check of the
// same entity answers at once (Backstage's throttle, techdocs.build.throttle). One build per entity
// runs at a time: a second sync joins the running one (its log so far, then
// the rest), and across replicas a lease in the scheduler's table keeps two
// from building the same entity. A build past techdocs.build.timeout is
// stopped and reported. The last failure's message and log are kept for the
// reader. A page read is served from the published files with the site and
// metadata cached in memory per entity.

/** On the first read of docs never built, how long the reader waits for the build before answering `building`. */
export const FIRST_READ_WAIT_MS = 4_000;
/** How long a published site's metadata is trusted before it is read again (another replica, or CI, may publish). */
const PUBLISHED_TTL_MS = 15_000;
/** The lines of a build's log kept. */
const MAX_LOG_LINES = 2_000;

export type SyncEvent = { type: "log"; line: string } | { type: "finish"; updated: boolean } | { type: "error"; message: string };

type Published = { metadata: TechDocsMetadata; site: AtriumSite; checkedAt: number };

type Running = {
  /** checking: reading the sources; building: they changed, a new site is being built. */
  phase: "checking" | "building";
  log: string[];
  listeners: Set<(line: string) => void>;
  done: Promise<{ updated: boolean }>;
};

type EntityState = {
  running?: Running;
  lastCheckedAt?: number;
  failure?: { message: string; log: string[] };
  published?: Published | null;
  builderCache?: BuildCache;
  /** The search index has this process's pages of the published site (after a build, or read back from it). */
  indexed?: boolean;
};

export type TechDocsOptions = {
  config: TechDocsConfig;
  catalog: EntityService;
  publisher: Publisher;
  readTree: TreeReader;
  leases?: BuildLeases;
  scheduler?: PluginScheduler;
  logger: Logger;
  /** Called after a site is published (the search index takes the pages); errors are logged, never fail the build. */
  onPublished?: (entity: Entity, pages: TechDocsPageForSearch[]) => Promise<void> | void;
  now?: () => number;
};

export class BuildTimeoutError extends Error {
  override name = "BuildTimeoutError";
}

export function createTechDocs(options: TechDocsOptions) {
  const { config, catalog, publisher, logger } = options;
  const now = options.now ?? Date.now;
  const states = new Map<string, EntityState>();
  const stateOf = (key: string) => {
    let state = states.get(key);
    if (!state) states.set(key, (state = {}));
    return state;
  };
  const siteKeyOf = (entity: Entity): SiteKey => {
    const ref = getCompoundEntityRef(entity);
    return { namespace: ref.namespace, kind: ref.kind, name: ref.name };
  };

  async function readJson<T>(site: SiteKey, file: string): Promise<T | undefined> {
    const bytes = await publisher.readFile(site, file);
    if (!bytes) return undefined;
    try {
      return JSON.parse(Buffer.from(bytes).toString("utf8")) as T;
    } catch {
      return undefined;
    }
  }

  /** The published site of an entity, from memory while fresh; null when nothing is published. */
  async function published(site: SiteKey, options: { fresh?: boolean } = {}): Promise<Published | null> {
    const state = stateOf(entityRefKey(site));
    const cached = state.published;
    if (cached !== undefined && !options.fresh && (cached === null ? false : now() - cached.checkedAt < PUBLISHED_TTL_MS)) return cached;
    const metadata = await readJson<TechDocsMetadata>(site, PUBLISHED_METADATA_FILE);
    if (!metadata) return (state.published = null);
    if (cached && cached.metadata.etag === metadata.etag && cached.metadata.build_timestamp === metadata.build_timestamp) {
      return (state.published = { ...cached, checkedAt: now() });
    }
    const atriumSite = (await readJson<AtriumSite>(site, PUBLISHED_SITE_FILE)) ?? siteFromMetadata(metadata);
    return (state.published = { metadata, site: atriumSite, checkedAt: now() });
  }

  /** An entity the caller may read, or Backstage's 404. */
  async function readableEntity(credentials: Credentials, ref: string | CompoundEntityRef, message: (ref: string) => string): Promise<Entity> {
    let refText: string;
    try {
      refText = typeof ref === "string" ? stringifyEntityRef(parseEntityRef(ref)) : stringifyEntityRef(ref);
    } catch {
      throw new InputError(`Invalid entity ref '${String(ref)}'`);
    }
    const entity = await catalog.entityByRef(refText, { credentials });
    if (!entity) throw new NotFoundError(message(refText));
    return entity;
  }

  /** The entity whose docs are shown for `entity` (itself, or the one techdocs-entity names, which the caller must be able to read too). */
  async function docsEntityFor(credentials: Credentials, entity: Entity): Promise<Entity> {
    if (!entity.metadata.annotations?.[ANNOTATION_TECHDOCS_ENTITY]) return entity;
    return readableEntity(credentials, docsEntityRefOf(entity), (ref) => `Entity not found for ${ref}`);
  }

  /**
   * Checks the entity's sources and builds when they changed; joins a
   * running sync. Resolves with whether a new site was published.
   */
  function ensureSynced(entity: Entity, onLog?: (line: string) => void, options: { throttle?: boolean } = {}): Promise<{ updated: boolean }> {
    const key = entityRefKey(entity);
    const state = stateOf(key);
    if (state.running) {
      for (const line of state.running.log) onLog?.(line);
      if (onLog) state.running.listeners.add(onLog);
      return state.running.done;
    }
    if (options.throttle !== false && state.lastCheckedAt !== undefined && now() - state.lastCheckedAt < config.build.throttle) return Promise.resolve({ updated: false });
    const running: Running = { phase: "checking", log: [], listeners: new Set(onLog ? [onLog] : []), done: Promise.resolve({ updated: false }) };
    const log = (line: string) => {
      if (running.log.length < MAX_LOG_LINES) running.log.push(line);
      for (const listener of running.listeners) listener(line);
    };
    state.running = running;
    running.done = runSync(entity, state, running, log).finally(() => {
      if (state.running === running) state.running = undefined;
    });
    return running.done;
  }

  async function runSync(entity: Entity, state: EntityState, running: Running, log: (line: string) => void): Promise<{ updated: boolean }> {
    const ref = stringifyEntityRef(entity);
    const site = siteKeyOf(entity);
    const timeoutMs = config.build.timeout;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new BuildTimeoutError(`The build of ${ref}'s documentation took longer than ${formatMs(timeoutMs)} and was stopped`);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    const lease = options.leases
      ? await options.leases.acquire(entityRefKey(entity), timeoutMs + 60_000).catch((error: unknown) => {
          logger.warn({ err: error, entity: ref }, "Could not take the docs build lease; building without it");
          return "none" as const;
        })
      : ("none" as const);
    if (lease === undefined) {
      log("Another replica is building these docs; waiting for it");
      const before = (await published(site, { fresh: true }))?.metadata.build_timestamp;
      await waitForOtherReplica(site, before, timeoutMs);
      clearTimeout(timer);
      const after = (await published(site, { fresh: true }))?.metadata.build_timestamp;
      state.lastCheckedAt = now();
      return { updated: after !== before };
    }
    let failure: Error | undefined;
    try {
      const result = await Promise.race([build(entity, state, running, log, controller.signal), timedOut]);
      state.failure = undefined;
      return result;
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      log(`Failed to build the docs page: ${failure.message}`);
      state.failure = { message: failure.message, log: [...running.log] };
      logger.warn({ entity: ref, err: failure }, "TechDocs build failed");
      throw failure;
    } finally {
      clearTimeout(timer);
      controller.abort();
      if (lease !== "none") await lease.release(failure).catch((error: unknown) => logger.warn({ err: error }, "Could not release the docs build lease"));
    }
  }

  async function waitForOtherReplica(site: SiteKey, before: number | undefined, timeoutMs: number) {
    const until = now() + timeoutMs;
    while (now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const current = (await published(site, { fresh: true }))?.metadata.build_timestamp;
      if (current !== before) return;
    }
  }

  async function build(entity: Entity, state: EntityState, running: Running, log: (line: string) => void, signal: AbortSignal): Promise<{ updated: boolean }> {
    const site = siteKeyOf(entity);
    const source = docsSourceOf(entity);
    log(`Checking the documentation's sources: ${describeSource(source)}`);
    const current = await published(site, { fresh: true });
    const tree = await options.readTree(source, { signal, log, etag: current?.metadata.etag });
    state.lastCheckedAt = now();
    if (tree.notModified || (current && current.metadata.etag === tree.etag)) {
      log(`The published docs are up to date (${tree.etag})`);
      if (!state.indexed) await indexPublished(entity, state, site);
      return { updated: false };
    }
    running.phase = "building";
    log(`Building ${tree.files.size} files (version ${tree.etag})`);
    const built = await buildSite({ files: tree.files }, { etag: tree.etag, log, signal, cache: state.builderCache });
    signal.throwIfAborted();
    state.builderCache = built.cache;
    log(`Publishing ${built.files.size} files to the ${publisher.type} publisher`);
    await publisher.publish(site, built.files);
    state.published = { metadata: built.metadata, site: built.site, checkedAt: now() };
    log("The docs were published");
    await indexPages(entity, state, built.search);
    return { updated: true };
  }

  async function indexPages(entity: Entity, state: EntityState, pages: TechDocsPageForSearch[]) {
    if (!options.onPublished) return;
    try {
      await options.onPublished(entity, pages);
      state.indexed = true;
    } catch (error) {
      logger.warn({ err: error, entity: stringifyEntityRef(entity) }, "Could not index the published docs for search");
    }
  }

  /** A site published before this process started (a kept publish folder, a bucket) is indexed from its own search index once. */
  async function indexPublished(entity: Entity, state: EntityState, site: SiteKey) {
    if (!options.onPublished) return;
    const bytes = await publisher.readFile(site, PUBLISHED_SEARCH_INDEX_FILE).catch(() => undefined);
    if (!bytes) return;
    let pages: TechDocsPageForSearch[];
    try {
      pages = searchPagesOfIndex(new TextDecoder().decode(bytes));
    } catch (error) {
      logger.warn({ err: error, entity: stringifyEntityRef(entity) }, "The published docs' search index could not be read");
      return;
    }
    await indexPages(entity, state, pages);
  }

  /** Starts a sync nobody waits for (the reader's freshness check, the periodic task); its failure is kept for the reader. */
  function syncInBackground(entity: Entity) {
    if (config.builder !== "local") return;
    ensureSynced(entity).catch(() => undefined);
  }

  async function entitiesWithDocs(credentials: Credentials): Promise<Entity[]> {
    const found: Entity[] = [];
    const filter: FilterPredicate = {
      $any: [{ [`metadata.annotations.${ANNOTATION_TECHDOCS_REF}`]: { $exists: true } }, { [`metadata.annotations.${ANNOTATION_TECHDOCS_ENTITY}`]: { $exists: true } }],
    };
    for await (const page of catalog.streamEntities({ filter, pageSize: 500 }, { credentials })) found.push(...(page as Entity[]));
    return found;
  }

  if (options.scheduler && config.builder === "local" && config.build.syncInterval !== false) {
    options.scheduler.scheduleTask({
      id: "techdocs:sync-all",
      frequency: { milliseconds: config.build.syncInterval },
      timeout: { milliseconds: Math.max(config.build.timeout * 4, 30 * 60_000) },
      initialDelay: { seconds: 30 },
      scope: "global",
      fn: async (signal) => {
        for (const entity of await entitiesWithDocs(INTERNAL_CREDENTIALS)) {
          if (signal.aborted) return;
          if (!entity.metadata.annotations?.[ANNOTATION_TECHDOCS_REF]) continue;
          await ensureSynced(entity).catch(() => undefined);
        }
      },
    });
  }

  return {
    /** Every entity with docs (its own, or through techdocs-entity) that the caller may read: the docs index. */
    entitiesWithDocs,

    /**
     * GET /sync: checks the sources of the entity's docs (those of the
     * entity its techdocs-entity names) and builds when they changed;
     * events as Backstage's event stream sends them. With builder external,
     * nothing is built: finish {updated: false}.
     */
    async sync(credentials: Credentials, entityRef: string, onEvent: (event: SyncEvent) => void): Promise<void> {
      const entity = await readableEntity(credentials, entityRef, () => "Entity metadata UID missing");
      const docsEntity = await docsEntityFor(credentials, entity);
      if (!hasDocs(docsEntity)) throw new NotFoundError(`No documentation found for ${stringifyEntityRef(entity)}`);
      if (config.builder !== "local") return onEvent({ type: "finish", updated: false });
      try {
        const result = await ensureSynced(docsEntity, (line) => onEvent({ type: "log", line }));
        onEvent({ type: "finish", updated: result.updated });
      } catch (error) {
        onEvent({ type: "error", message: error instanceof Error ? error.message : String(error) });
      }
    },

    /** What the reader shows for a page of an entity's docs. */
    async reader(credentials: Credentials, entityRef: string, pagePath: string): Promise<ReaderResult> {
      const shown = await readableEntity(credentials, entityRef, (ref) => `Entity not found for ${ref}`);
      const entity = await docsEntityFor(credentials, shown);
      if (!hasDocs(entity)) throw new NotFoundError("Page not found.");
      const site = siteKeyOf(entity);
      const state = stateOf(entityRefKey(entity));
      let current = await published(site);
      if (!current) {
        if (config.builder !== "local") throw new NotFoundError("Page not found.");
        if (state.failure && !state.running) return { status: "failed", ...state.failure };
        const done = ensureSynced(entity, undefined, { throttle: false }).then(
          () => true,
          () => true,
        );
        const finished = await Promise.race([done, new Promise<false>((resolve) => setTimeout(() => resolve(false), FIRST_READ_WAIT_MS).unref())]);
        if (!finished) return { status: "building", log: [...(state.running?.log ?? [])] };
        if (state.failure) return { status: "failed", ...state.failure };
        current = await published(site, { fresh: true });
        if (!current) return { status: "failed", message: "The build published no site", log: [] };
      } else {
        syncInBackground(entity);
      }
      const wanted = normalizePagePath(pagePath || (shown === entity ? "" : docsEntityPathOf(shown)));
      const view = await pageView(entity, current, wanted);
      return { status: "ready", view, updating: state.running?.phase === "building" };
    },

    /** GET /static/docs: a published file of a readable entity's site (`file` relative to it; a folder means its index.html). */
    async staticFile(credentials: Credentials, ref: CompoundEntityRef, file: string): Promise<{ body: Uint8Array; etag: string } | undefined> {
      const entity = await readableEntity(credentials, ref, (text) => `Entity not found for ${text}`);
      const path = file === "" || file.endsWith("/") ? `${file}index.html` : file;
      const body = await publisher.readFile(siteKeyOf(entity), checkedSitePath(path));
      if (!body) return undefined;
      return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    },

    /** GET /metadata/techdocs: the published techdocs_metadata.json. */
    async techdocsMetadata(credentials: Credentials, ref: CompoundEntityRef): Promise<TechDocsMetadata> {
      const refText = stringifyEntityRef(ref);
      const entity = await readableEntity(credentials, ref, () => `Unable to get metadata for '${refText}'`);
      const current = await published(siteKeyOf(entity));
      if (!current) throw new NotFoundError(`Unable to get metadata for '${refText}'`);
      return current.metadata;
    },

    /** GET /metadata/entity: the entity with where its docs come from (Backstage's locationMetadata). */
    async entityMetadata(credentials: Credentials, ref: CompoundEntityRef): Promise<Entity & { locationMetadata: { type: string; target: string } }> {
      const refText = stringifyEntityRef(ref);
      const entity = await readableEntity(credentials, ref, () => `Unable to get metadata for '${refText}'`);
      try {
        const source = docsSourceOf(entity);
        return { ...entity, locationMetadata: source.type === "file" ? { type: "dir", target: source.dir } : { type: "url", target: source.url } };
      } catch {
        throw new NotFoundError(`Unable to get metadata for '${refText}'`);
      }
    },

    /** The build running or last failed for an entity's docs, for a page that shows progress. */
    buildStatus(entityRef: string): { running: boolean; log: string[]; failure?: { message: string; log: string[] } } {
      const state = states.get(entityRefKey(parseEntityRef(entityRef)));
      return { running: Boolean(state?.running), log: [...(state?.running?.log ?? [])], failure: state?.failure };
    },
  };

  async function pageView(entity: Entity, current: Published, pagePath: string): Promise<ReaderView> {
    const { site, metadata } = current;
    const index = site.pages.findIndex((page) => page.path === pagePath);
    if (index < 0) throw new NotFoundError("Page not found.");
    const page = site.pages[index];
    const document = await publisher.readFile(siteKeyOf(entity), pageFile(page.path));
    const html = document ? articleOf(Buffer.from(document).toString("utf8")) : undefined;
    if (html === undefined) throw new NotFoundError("Page not found.");
    let sourceUrl: string | undefined;
    try {
      const source = docsSourceOf(entity);
      sourceUrl = source.type === "url" ? source.url : undefined;
    } catch {
      sourceUrl = undefined;
    }
    return {
      entity,
      metadata,
      site,
      page,
      html,
      previous: site.pages[index - 1],
      next: site.pages[index + 1],
      editUrl: site.editBaseUrl ? `${site.editBaseUrl}${page.source}` : undefined,
      sourceUrl: sourceUrl ?? site.repoUrl,
    };
  }
}

export type TechDocs = ReturnType<typeof createTechDocs>;

/** A page path as the site names it: no leading slash, a trailing one unless empty, no '.' or '..'. */
export function normalizePagePath(value: string): string {
  const segments = value.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.some((segment) => segment === "..")) throw new NotFoundError("Page not found.");
  if (segments.at(-1) === "index.html") segments.pop();
  return segments.length ? `${segments.join("/")}/` : "";
}

/** A site published by Backstage's own tooling has no atrium_site.json: its pages are the metadata's HTML files. */
function siteFromMetadata(metadata: TechDocsMetadata): AtriumSite {
  const pages = (metadata.files ?? [])
    .filter((file) => file === "index.html" || file.endsWith("/index.html"))
    .map((file) => {
      const path = file.slice(0, -"index.html".length);
      return { path, title: path ? path.split("/").filter(Boolean).at(-1)! : metadata.site_name, toc: [], source: "" };
    })
    .sort((a, b) => (a.path === "" ? -1 : b.path === "" ? 1 : a.path.localeCompare(b.path)));
  return { version: 1, siteName: metadata.site_name, siteDescription: metadata.site_description, nav: [], pages, notes: [] };
}

function describeSource(source: DocsSource): string {
  return source.type === "file" ? source.dir : source.url;
}

function formatMs(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? "" : "s"}`;
  if (ms % 1000 === 0) return `${ms / 1000} second${ms === 1000 ? "" : "s"}`;
  return `${ms} ms`;
}
