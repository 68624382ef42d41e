import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { InputError, NotFoundError, serializeError } from "../errors";
import {
  catalogEntityReadPermission,
  catalogEntityValidatePermission,
  catalogLocationAnalyzePermission,
  catalogLocationCreatePermission,
  catalogLocationDeletePermission,
  catalogLocationReadPermission,
} from "./permission/permissions";
import type { PermissionService } from "../permission/permission-service.server";
import type { CallOptions } from "./catalog-service.server";
import { getEntityByKey } from "./query/entities-query.server";
import { ANNOTATION_LOCATION, ANNOTATION_ORIGIN_LOCATION, type Entity } from "./entity";
import { entityRefKey } from "./entity-ref";
import { validateKind } from "./kinds";
import { parseLocationRef, stringifyLocationRef, type LocationSpec } from "./location-ref";
import type { ProcessingEngine } from "./processing/processing-engine.server";
import { processLocationTargets, type ProcessingContext } from "./processing/process-location.server";
import type { LocationReader } from "./processing/readers.server";
import { relationsOf } from "./relations";
import { analyzeLocation } from "./analyze-location.server";
import { decodeLocationsCursor, DEFAULT_LOCATIONS_PAGE_SIZE, encodeLocationsCursor, matchesLocation } from "./location-query";
import type { FilterPredicate } from "./query/predicate";
import { addLocation, getLocation, listLocations, removeLocation, rootEntityKey, rootLocationEntity, updateLocation, type StoredLocation } from "./store/roots.server";
import { validateEntityProblems } from "./validation";

// Registered locations, validation of an entity before it is committed, and
// what a dry run of a location would register. Permissions as Backstage's
// AuthorizedLocationService decides them: without catalog.location.read the
// lists are empty and a location is not found; creating, deleting, analyzing
// and validating are refused with 403.

/** Locations registered through the API must be URLs: files are an operator's choice, made in config. */
export const ALLOWED_LOCATION_TYPES = ["url"];
const MAX_DRY_RUN_ENTITIES = 10_000;
const MAX_DRY_RUN_DEPTH = 10;

export function createLocationService(options: { db: Kysely<Database>; engine: ProcessingEngine; reader: LocationReader; context: ProcessingContext; permissions: PermissionService }) {
  const { db, engine, reader, context, permissions } = options;
  const mayReadLocations = ({ credentials }: CallOptions) => permissions.decide(credentials, catalogLocationReadPermission).result === "ALLOW";

  function checkRegistrable(location: LocationSpec) {
    if (!ALLOWED_LOCATION_TYPES.includes(location.type)) {
      throw new InputError(`Registered locations must be of an allowed type ${JSON.stringify(ALLOWED_LOCATION_TYPES)}`);
    }
    parseLocationRef(stringifyLocationRef(location));
    let url: URL;
    try {
      url = new URL(location.target);
    } catch {
      throw new InputError(`Location target must be an absolute http(s) URL, got '${location.target}'`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new InputError(`Location target must be an http(s) URL, got '${location.target}'`);
    if (!reader.isAllowedUrl(location.target)) {
      throw new InputError(`Location target host '${url.host}' is neither a configured integration nor listed in backend.reading.allow`);
    }
  }

  /** What registering the location would produce: its Location entity, then every entity below it. */
  async function dryRun(location: LocationSpec): Promise<Entity[]> {
    const root = rootLocationEntity(location);
    const entities: Entity[] = [root];
    const errors: string[] = [];
    const seen = new Set<string>([rootEntityKey(location)]);
    let frontier: Entity[] = [root];
    for (let depth = 0; frontier.length > 0 && depth < MAX_DRY_RUN_DEPTH; depth++) {
      const next: Entity[] = [];
      for (const parent of frontier) {
        const key = entityRefKey(parent);
        const emitted = [];
        for await (const target of processLocationTargets({ entity_ref: key, body: JSON.stringify(parent) }, context)) {
          errors.push(...target.errors.map((item) => item.message));
          emitted.push(...target.emitted);
        }
        for (const item of emitted) {
          if (seen.has(item.key)) {
            errors.push(`Duplicate nested entity: ${item.key}`);
            continue;
          }
          seen.add(item.key);
          entities.push(item.entity);
          if (item.kind === "location") next.push(item.entity);
          if (entities.length > MAX_DRY_RUN_ENTITIES) throw new InputError(`The location yields more than ${MAX_DRY_RUN_ENTITIES} entities`);
        }
      }
      frontier = next;
    }
    if (errors.length) throw new InputError(errors.join(", "));
    return entities;
  }

  return {
    async list(call: CallOptions) {
      return mayReadLocations(call) ? listLocations(db) : [];
    },

    async get(id: string, call: CallOptions) {
      if (!mayReadLocations(call)) throw new NotFoundError(`Found no location with ID ${id}`);
      return getLocation(db, id);
    },

    async add(location: LocationSpec, options: { dryRun?: boolean; onConflict?: "reject" | "refresh" }, call: CallOptions) {
      permissions.assertAllowed(call.credentials, catalogLocationCreatePermission);
      checkRegistrable(location);
      const existing = (await listLocations(db)).find((item) => item.type === location.type && item.target === location.target);
      if (options.dryRun) {
        const entities = await dryRun(location);
        return {
          exists: Boolean(existing),
          location: { ...location, id: stringifyLocationRef(location), entityRef: rootEntityKey(location) },
          entities,
        };
      }
      if (existing && options.onConflict === "refresh") {
        await engine.processSoon(existing.entityRef);
        return { location: existing, entities: [] };
      }
      const stored = await addLocation(db, location, Date.now());
      await engine.processSoon(stored.entityRef);
      return { location: stored, entities: [] as Entity[] };
    },

    /** Re-pointing a location creates what the new target holds, so it needs catalog.location.create. */
    async update(id: string, location: LocationSpec, call: CallOptions): Promise<StoredLocation> {
      permissions.assertAllowed(call.credentials, catalogLocationCreatePermission);
      checkRegistrable(location);
      const stored = await updateLocation(db, id, location, Date.now());
      await engine.processSoon(stored.entityRef);
      return stored;
    },

    async remove(id: string, call: CallOptions) {
      permissions.assertAllowed(call.credentials, catalogLocationDeletePermission);
      await removeLocation(db, id, Date.now());
    },

    async query(request: { cursor?: string; limit?: number; query?: FilterPredicate }, call: CallOptions) {
      if (!mayReadLocations(call)) return { items: [], totalItems: 0, pageInfo: {} };
      const cursor = request.cursor !== undefined ? decodeLocationsCursor(request.cursor) : undefined;
      const limit = cursor?.limit ?? request.limit ?? DEFAULT_LOCATIONS_PAGE_SIZE;
      if (!Number.isInteger(limit) || limit < 1) throw new InputError("Limit must be a positive integer >= 1");
      const predicate = cursor ? cursor.query : request.query;
      const matching = (await listLocations(db)).filter((location) => !predicate || matchesLocation(location, predicate)).sort((a, b) => (a.id < b.id ? -1 : 1));
      const start = cursor ? matching.findIndex((location) => location.id > cursor.afterId) : 0;
      const items = start < 0 ? [] : matching.slice(start, start + limit);
      const more = start >= 0 && start + limit < matching.length;
      return {
        items,
        totalItems: matching.length,
        pageInfo: more ? { nextCursor: encodeLocationsCursor({ limit, afterId: items.at(-1)!.id, query: predicate }) } : {},
      };
    },

    async analyze(location: LocationSpec, catalogFilename: string, call: CallOptions) {
      permissions.assertAllowed(call.credentials, catalogLocationAnalyzePermission);
      return analyzeLocation(location, {
        catalogFilename,
        reader,
        isRegistered: async (target) => (await listLocations(db)).some((item) => item.type === "url" && item.target === target),
      });
    },

    /** The registered location an entity came from, found through its origin annotation. */
    async byEntity(kind: string, namespace: string, name: string, call: CallOptions): Promise<StoredLocation> {
      const key = entityRefKey({ kind, namespace, name });
      const found = await getEntityByKey(db, key);
      const entity = found === undefined ? undefined : (JSON.parse(found) as Entity);
      // An entity the caller may not read is, to them, not there; nor is any location without catalog.location.read.
      if (!entity || !permissions.allowedOn(call.credentials, catalogEntityReadPermission, entity)) throw new NotFoundError(`found no entity for ref ${key}`);
      if (!mayReadLocations(call)) throw new NotFoundError(`found no location for ref ${key}`);
      const origin = entity.metadata.annotations?.[ANNOTATION_ORIGIN_LOCATION];
      if (!origin) throw new NotFoundError(`found no origin annotation for ref ${key}`);
      const { type, target } = parseLocationRef(origin);
      const location = (await listLocations(db)).find((item) => item.type === type && item.target === target);
      if (!location) throw new NotFoundError(`Found no location with type ${type} and target ${target}`);
      return location;
    },

    /** Checks an entity as processing would, without storing it; the list of problems is empty when it is valid. */
    async validateEntity(entity: unknown, locationRef: unknown, call: CallOptions): Promise<Array<{ name: string; message: string }>> {
      permissions.assertAllowed(call.credentials, catalogEntityValidatePermission);
      if (typeof locationRef !== "string") return [{ name: "InputError", message: "Malformed request: location must be a string" }];
      let location: LocationSpec;
      try {
        location = parseLocationRef(locationRef);
      } catch (error) {
        return [serialized(error)];
      }
      if (location.type !== "url") {
        return [{ name: "TypeError", message: `Invalid location ref ${locationRef}, only 'url:<target>' is supported, e.g. url:https://host/path` }];
      }
      const problems = validateEntityProblems(entity);
      if (problems.length) {
        // The envelope is checked first and reported as it is; the policies'
        // verdicts (names, labels, annotations…) come wrapped, as in Backstage.
        if (/^(<root>|\/)/.test(problems[0])) return [{ name: "TypeError", message: problems[0] }];
        return [{ name: "InputError", message: `Policy check failed for ${guessRef(entity)}; caused by Error: ${problems[0]}` }];
      }
      const value = entity as Entity;
      try {
        const annotated: Entity = {
          ...value,
          metadata: {
            ...value.metadata,
            namespace: value.metadata.namespace ?? "default",
            annotations: { [ANNOTATION_LOCATION]: locationRef, [ANNOTATION_ORIGIN_LOCATION]: locationRef, ...value.metadata.annotations },
          },
        };
        validateKind(annotated);
        relationsOf(annotated);
        const allowed = context.allowedKinds(locationRef);
        if (allowed && !allowed.has(annotated.kind.toLowerCase())) {
          return [{ name: "NotAllowedError", message: `Entity of kind ${annotated.kind} is not allowed from location ${locationRef}` }];
        }
      } catch (error) {
        return [serialized(error)];
      }
      return [];
    },
  };
}

/** kind:namespace/name of what may not be a valid entity yet, lower-cased as Backstage prints refs. */
function guessRef(value: unknown): string {
  const entity = value as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
  const namespace = typeof entity?.metadata?.namespace === "string" ? entity.metadata.namespace : "default";
  return `${String(entity?.kind)}:${namespace}/${String(entity?.metadata?.name)}`.toLocaleLowerCase("en-US");
}

function serialized(error: unknown): { name: string; message: string } {
  const { name, message } = serializeError(error);
  return { name, message };
}

export type LocationService = ReturnType<typeof createLocationService>;
