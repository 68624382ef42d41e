import path from "node:path";
import type { Kysely } from "kysely";
import type { AtriumConfig } from "../config/schema";
import type { Database } from "../db/schema";
import type { Logger } from "../logger.server";
import { createPermissionService, type PermissionService } from "../permission/permission-service.server";
import { createEntityService } from "./catalog-service.server";
import { stringifyLocationRef, type LocationSpec } from "./location-ref";
import { createLocationService } from "./locations-service.server";
import { createProcessingEngine } from "./processing/processing-engine.server";
import { createLocationReader } from "./processing/readers.server";
import { syncConfigRoots } from "./store/roots.server";

// The catalog, assembled once at start-up from configuration: readers,
// rules, the processing loop and the services routes call.

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
}) {
  const { db, config, logger } = options;
  const permissions = options.permissions ?? createPermissionService(config.permission);
  const catalog = config.catalog;
  const reader = createLocationReader({ integrations: config.integrations, readingAllow: config.backend.reading?.allow });
  const configLocations = catalog.locations.map((location) => ({
    location: configLocationSpec(location, options.rootDir),
    rules: location.rules,
  }));
  const globalKinds = new Set((catalog.rules ?? [{ allow: DEFAULT_ALLOWED_KINDS }]).flatMap((rule) => rule.allow.map((kind) => kind.toLowerCase())));
  const perLocation = new Map(
    configLocations.map(({ location, rules }) => [stringifyLocationRef(location), new Set((rules ?? []).flatMap((rule) => rule.allow.map((kind) => kind.toLowerCase())))]),
  );
  const context = {
    reader,
    allowedKinds(originKey: string) {
      const extra = perLocation.get(originKey);
      return extra?.size ? new Set([...globalKinds, ...extra]) : globalKinds;
    },
  };
  const engine = createProcessingEngine({ db, context, logger, refreshInterval: processingInterval(catalog.processingInterval) });
  return {
    entities: createEntityService({ db, readDb: options.readDb ?? db, engine, permissions }),
    locations: createLocationService({ db, engine, reader, context, permissions }),
    engine,
    /** Makes the config locations the catalog's config roots, then starts processing. */
    async start() {
      await syncConfigRoots(db, configLocations.map(({ location }) => location), Date.now());
      engine.start();
    },
    stop: () => engine.stop(),
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** Config file targets are relative to the directory Atrium runs in, as in Backstage. */
function configLocationSpec(location: { type: string; target: string }, rootDir: string): LocationSpec {
  if (location.type === "file") return { type: "file", target: path.resolve(rootDir, location.target) };
  return { type: location.type, target: location.target };
}

/** catalog.processingInterval: a duration object ({ seconds: 100 }), an ISO 8601 duration, or false. */
export function processingInterval(value: unknown): () => number | false {
  if (value === false) return () => false;
  const fixed = durationMs(value);
  if (fixed !== undefined) return () => fixed;
  const [min, max] = DEFAULT_INTERVAL_RANGE_MS;
  return () => min + Math.floor(Math.random() * (max - min));
}

const UNIT_MS: Record<string, number> = { milliseconds: 1, seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

function durationMs(value: unknown): number | undefined {
  if (typeof value === "string") {
    const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(value.trim());
    if (!match) return undefined;
    const [, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
    return ((days * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000;
  }
  if (value && typeof value === "object") {
    let total = 0;
    for (const [unit, amount] of Object.entries(value)) {
      if (!(unit in UNIT_MS) || typeof amount !== "number") return undefined;
      total += amount * UNIT_MS[unit];
    }
    return total > 0 ? total : undefined;
  }
  return undefined;
}
