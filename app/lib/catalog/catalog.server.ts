import path from "node:path";
import type { Kysely } from "kysely";
import type { AtriumConfig } from "../config/schema";
import type { Database } from "../db/schema";
import type { Logger } from "../logger.server";
import { createPermissionService, type PermissionService } from "../permission/permission-service.server";
import { createEntityService } from "./catalog-service.server";
import { stringifyLocationRef, type LocationSpec } from "./location-ref";
import { createCatalogImport } from "./import/catalog-import.server";
import { createLocationService } from "./locations-service.server";
import type { PluginScheduler } from "../scheduler/scheduler.server";
import { createProcessingEngine, PROCESSING_TASK_ID } from "./processing/processing-engine.server";
import { createLocationReader, type OwnRepositoryReader } from "./processing/readers.server";
import { syncConfigRoots } from "./store/roots.server";

// The catalog, assembled once at start-up from configuration: readers,
// rules, the processing task and the services routes call.

/** Backstage's default when catalog.rules is not set. */
const DEFAULT_ALLOWED_KINDS = ["Component", "API", "Location"];
const DEFAULT_INTERVAL_RANGE_MS: [number, number] = [100_000, 150_000];

export function createCatalog(options: {
  db: Kysely<Database>;
  readDb?: Kysely<Database>;
  config: AtriumConfig;
  rootDir: string;
  logger: Logger;
  /** Decides every call's permissions; by default, the policy in config.permission. */
  permissions?: PermissionService;
  /** The catalog's scheduler: processing runs as its task, once the scheduler starts. */
  scheduler: PluginScheduler;
  /** The portal's own git repositories, read from disk (app/lib/scaffolder/actions/git/local-git.server.ts). */
  ownRepositories?: OwnRepositoryReader;
}) {
  const { db, config, logger } = options;
  const permissions = options.permissions ?? createPermissionService(config.permission);
  const catalog = config.catalog;
  const reader = createLocationReader({ integrations: config.integrations, readingAllow: config.backend.reading?.allow, ownRepositories: options.ownRepositories });
  const configLocations = catalog.locations.map((location) => ({
    location: configLocationSpec(location, options.rootDir),
    rules: location.rules,
  }));
  const globalKinds = new Set((catalog.rules ?? [{ allow: DEFAULT_ALLOWED_KINDS }]).flatMap((rule) => rule.allow.map((kind) => kind.toLowerCase())));
  const perLocation = new Map(configLocations.map(({ location, rules }) => [stringifyLocationRef(location), new Set((rules ?? []).flatMap((rule) => rule.allow.map((kind) => kind.toLowerCase())))]));
  const context = {
    reader,
    allowedKinds(originKey: string) {
      const extra = perLocation.get(originKey);
      return extra?.size ? new Set([...globalKinds, ...extra]) : globalKinds;
    },
  };
  const engine = createProcessingEngine({ db, context, logger, refreshInterval: processingInterval(catalog.processingInterval), scheduler: options.scheduler });
  // One replica at a time drains what is due; every second it looks again, as the processing loop always did.
  options.scheduler.scheduleTask({ id: PROCESSING_TASK_ID, frequency: { seconds: 1 }, timeout: { minutes: 30 }, scope: "global", fn: (signal) => engine.drain(signal) });
  const locations = createLocationService({ db, engine, reader, context, permissions });
  return {
    entities: createEntityService({ db, readDb: options.readDb ?? db, engine, permissions }),
    locations,
    /** The import page's flow: analyse a URL, register what exists, or open a pull request that adds a catalog file. */
    import: createCatalogImport({ config, locations, reader, permissions }),
    engine,
    /** Makes the config locations the catalog's config roots; the scheduler processes them once it starts. */
    async start() {
      await syncConfigRoots(
        db,
        configLocations.map(({ location }) => location),
        Date.now(),
      );
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** Config file targets are relative to the directory Atrium runs in, as in Backstage. */
function configLocationSpec(location: { type: string; target: string }, rootDir: string): LocationSpec {
  if (location.type === "file") return { type: "file", target: path.resolve(rootDir, location.target) };
  return { type: location.type, target: location.target };
}

/** catalog.processingInterval, validated into milliseconds or false by the config (config/duration.ts); unset: the default range. */
export function processingInterval(value: number | false | undefined): () => number | false {
  if (value !== undefined) return () => value;
  const [min, max] = DEFAULT_INTERVAL_RANGE_MS;
  return () => min + Math.floor(Math.random() * (max - min));
}
