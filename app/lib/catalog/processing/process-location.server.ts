import { realpath } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { serializeError } from "../../errors";
import { ANNOTATION_EDIT_URL, ANNOTATION_LOCATION, ANNOTATION_ORIGIN_LOCATION, ANNOTATION_SOURCE_LOCATION, ANNOTATION_VIEW_URL, type Entity, type EntityStatusItem } from "../entity";
import { entityRefKey, getCompoundEntityRef, stringifyEntityRef } from "../entity-ref";
import { validateKind } from "../kinds";
import { parseLocationRef, stringifyLocationRef, type LocationSpec } from "../location-ref";
import { relationPairsOf } from "../relations";
import { validateEntity } from "../validation";
import type { DerivedRelation, EmittedEntity } from "../store/entity-writer.server";
import { processingError } from "../store/entity-writer.server";
import { prototypeKeyPath } from "../../prototype-keys";
import { MAX_ALIAS_COUNT, parseCatalogYaml, prototypeKeyProblem } from "./parse";
import type { LocationReader } from "./readers.server";

// Processing one Location entity: read each of its targets, parse every
// document, resolve $text/$json/$yaml placeholders, validate, derive
// relations. Nothing here throws for bad input: every problem becomes a
// processing error on the Location or on the entity it concerns.

export type ProcessingContext = {
  reader: LocationReader;
  /** Kinds (lower case) allowed for entities under a root location; undefined allows all. */
  allowedKinds(originKey: string): Set<string> | undefined;
};

const MAX_PLACEHOLDERS_PER_ENTITY = 20;
const PLACEHOLDERS = new Set(["$text", "$json", "$yaml"]);

export type LocationRow = { entity_ref: string; body: string };

/** What one target of a Location entity yielded, before it is written. */
export type TargetResult = {
  /** The target's location ref; undefined when the target itself is invalid. */
  scopeKey?: string;
  /** False when the target could not be read: what it emitted before is kept as it is. */
  read: boolean;
  emitted: EmittedEntity[];
  errors: EntityStatusItem[];
  keptWithErrors: Map<string, EntityStatusItem[]>;
};

/**
 * Processes a Location entity target by target, so a large catalog split in
 * files is read, validated and written one file at a time.
 */
export async function* processLocationTargets(
  row: LocationRow,
  context: ProcessingContext,
  /** Whether the Location already emitted an entity with this ref (asked only for broken documents). */
  isKnown: (key: string) => Promise<boolean> = async () => false,
): AsyncGenerator<TargetResult> {
  const location = JSON.parse(row.body) as Entity;
  const annotations = location.metadata.annotations ?? {};
  const spec = (location.spec ?? {}) as { type?: unknown; target?: unknown; targets?: unknown };
  let base: LocationSpec;
  try {
    base = parseLocationRef(annotations[ANNOTATION_LOCATION] ?? "");
  } catch (error) {
    yield { read: false, emitted: [], errors: [errorItem(error)], keptWithErrors: new Map() };
    return;
  }
  const origin = annotations[ANNOTATION_ORIGIN_LOCATION] ?? stringifyLocationRef(base);
  const type = typeof spec.type === "string" && spec.type ? spec.type : base.type;
  const targets = [spec.target, ...(Array.isArray(spec.targets) ? spec.targets : [])].filter((target): target is string => typeof target === "string" && target !== "");

  for (const target of targets) {
    let resolved: LocationSpec;
    try {
      resolved = resolveTarget(base, type, target);
    } catch (error) {
      yield { read: false, emitted: [], errors: [errorItem(error)], keptWithErrors: new Map() };
      continue;
    }
    const scopeKey = stringifyLocationRef(resolved);
    let text: string;
    try {
      text = await context.reader.read(resolved);
    } catch (error) {
      const problem = processingError((error as Error).name || "Error", `Unable to read ${scopeKey}, ${(error as Error).message}`);
      yield { scopeKey, read: false, emitted: [], errors: [problem], keptWithErrors: new Map() };
      continue;
    }
    const result: TargetResult = { scopeKey, read: true, emitted: [], errors: [], keptWithErrors: new Map() };
    for (const document of parseCatalogYaml(text, scopeKey)) {
      if ("error" in document) {
        result.errors.push(processingError("InputError", document.error));
        continue;
      }
      const entity = await toEmittedEntity(document.value, resolved, origin, context);
      if ("entity" in entity) {
        result.emitted.push(entity);
        continue;
      }
      // A known entity whose new version is broken keeps its old version and shows the error.
      if (entity.key && (await isKnown(entity.key))) result.keptWithErrors.set(entity.key, [entity.error]);
      else result.errors.push(entity.error);
    }
    yield result;
  }
}

async function toEmittedEntity(value: unknown, location: LocationSpec, origin: string, context: ProcessingContext): Promise<EmittedEntity | { key?: string; error: EntityStatusItem }> {
  const key = guessKey(value);
  try {
    const resolved = (await resolvePlaceholders(value, location, context.reader, { count: 0 })) as Record<string, unknown>;
    const entity = validateEntity(resolved);
    validateKind(entity);
    const allowed = context.allowedKinds(origin);
    if (allowed && !allowed.has(entity.kind.toLowerCase())) {
      throw Object.assign(new Error(`Entity of kind ${entity.kind} is not allowed from location ${stringifyLocationRef(location)}`), { name: "NotAllowedError" });
    }
    const locationKey = stringifyLocationRef(location);
    const annotated: Entity = {
      ...entity,
      metadata: {
        ...entity.metadata,
        // What the file says wins, except where it came from, which only processing knows.
        annotations: { ...urlAnnotations(location), ...entity.metadata.annotations, [ANNOTATION_LOCATION]: locationKey, [ANNOTATION_ORIGIN_LOCATION]: origin },
      },
    };
    sortRelationLists(annotated);
    delete annotated.relations;
    delete annotated.status;
    delete annotated.metadata.uid;
    delete annotated.metadata.etag;
    const relations: DerivedRelation[] = relationPairsOf(annotated).map((relation) => ({
      sourceKey: entityRefKey(relation.source),
      sourceDisplay: stringifyEntityRef(relation.source),
      type: relation.type,
      reverseType: relation.reverseType,
      targetKey: entityRefKey(relation.target),
      targetDisplay: stringifyEntityRef(relation.target),
    }));
    const ref = getCompoundEntityRef(annotated);
    return { entity: annotated, key: entityRefKey(ref), kind: ref.kind.toLowerCase(), relations, locationKey, originKey: origin };
  } catch (error) {
    return { key, error: errorItem(error) };
  }
}

/**
 * Backstage's builtin-kinds processor sorts these spec lists of strings
 * (relations have no order), so clients read them sorted whatever the file's
 * order; the default sort, as Backstage's.
 */
const SORTED_SPEC_LISTS = ["providesApis", "consumesApis", "dependsOn", "dependencyOf", "memberOf", "children", "members"];

function sortRelationLists(entity: Entity) {
  const spec = entity.spec as Record<string, unknown> | undefined;
  if (!spec) return;
  for (const key of SORTED_SPEC_LISTS) {
    const list = spec[key];
    if (Array.isArray(list) && list.every((item) => typeof item === "string")) spec[key] = [...list].sort();
  }
}

/** For entities read from a URL, as Backstage adds them: where to view and edit the file, and its directory. */
function urlAnnotations(location: LocationSpec): Record<string, string> {
  if (location.type !== "url") return {};
  const url = new URL(location.target);
  // A file's directory on GitHub and GitLab is browsed under /tree/, not /blob/.
  const directory = new URL("./", url).href.replace(/\/(-\/)?blob\//, "/$1tree/");
  const annotations: Record<string, string> = { [ANNOTATION_VIEW_URL]: url.href, [ANNOTATION_SOURCE_LOCATION]: `url:${directory}` };
  // GitHub and GitLab edit the same path under /edit/; a pinned commit cannot be edited.
  if (/\/(?:-\/)?blob\//.test(url.pathname) && !/\/blob\/[0-9a-f]{40}\//.test(url.pathname)) {
    annotations[ANNOTATION_EDIT_URL] = url.href.replace(/\/(-\/)?blob\//, "/$1edit/");
  }
  return annotations;
}

/** A child location's target, relative to the file or URL of the Location entity that names it. */
export function resolveTarget(base: LocationSpec, type: string, target: string): LocationSpec {
  if (type === "file") {
    if (base.type !== "file") {
      throw Object.assign(new Error(`A ${base.type} location may not point at local files (${target})`), { name: "NotAllowedError" });
    }
    const file = target.startsWith("file://") ? new URL(target).pathname : target;
    return { type, target: path.resolve(path.dirname(base.target), file) };
  }
  if (type === "url") {
    const absolute = base.type === "url" ? new URL(target, base.target).href : new URL(target).href;
    return { type, target: absolute };
  }
  throw Object.assign(new Error(`Unknown location type '${type}', expected 'url' or 'file'`), { name: "InputError" });
}

/** Backstage's placeholders: {$text: ./file} reads a file next to the entity's own. */
async function resolvePlaceholders(value: unknown, location: LocationSpec, reader: LocationReader, budget: { count: number }): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolvePlaceholders(item, location, reader, budget)));
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && PLACEHOLDERS.has(entries[0][0])) {
    const [placeholder, target] = entries[0];
    if (typeof target !== "string") throw Object.assign(new Error(`Placeholder ${placeholder} must be a string`), { name: "InputError" });
    if (++budget.count > MAX_PLACEHOLDERS_PER_ENTITY) {
      throw Object.assign(new Error(`More than ${MAX_PLACEHOLDERS_PER_ENTITY} placeholders in one entity`), { name: "InputError" });
    }
    const resolved = await placeholderTarget(location, placeholder, target);
    const text = await reader.read(resolved);
    if (placeholder === "$text") return text;
    const data: unknown = placeholder === "$json" ? JSON.parse(text) : parseYaml(text, { maxAliasCount: MAX_ALIAS_COUNT });
    const prototypeKey = prototypeKeyPath(data);
    if (prototypeKey) throw Object.assign(new Error(prototypeKeyProblem(prototypeKey, stringifyLocationRef(resolved))), { name: "InputError" });
    return data;
  }
  const result: Record<string, unknown> = {};
  for (const [key, child] of entries) result[key] = await resolvePlaceholders(child, location, reader, budget);
  return result;
}

/**
 * What a placeholder may read: only below the directory of the entity's own
 * file, a file for a file location (symbolic links followed), a URL of the
 * same origin for a URL location. Backstage's placeholders read only URLs its
 * readers allow and no local file at all; here a catalog file cannot pull
 * /etc/passwd or the portal's config into an entity, nor point a URL
 * location's placeholder anywhere but beside it.
 */
async function placeholderTarget(location: LocationSpec, placeholder: string, target: string): Promise<LocationSpec> {
  const resolved = resolveTarget(location, location.type, target);
  const refuse = (place: string) =>
    Object.assign(new Error(`Placeholder ${placeholder} could not read location ${target}, it is outside ${place}, the directory of the entity's own file`), { name: "NotAllowedError" });
  if (location.type === "file") {
    const dir = path.dirname(location.target);
    // A file that is not there is for the reader to report; one that is must really be inside, links resolved.
    const [realDir, realFile] = await Promise.all([realpath(dir).catch(() => dir), realpath(resolved.target).catch(() => resolved.target)]);
    if (!isBelow(dir, resolved.target) || !isBelow(realDir, realFile)) throw refuse(dir);
    return resolved;
  }
  const base = new URL("./", location.target);
  const url = new URL(resolved.target);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) throw refuse(base.href);
  return resolved;
}

function isBelow(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The ref a broken document seems to mean, so its error can go to the entity it concerns. */
function guessKey(value: unknown): string | undefined {
  const candidate = value as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
  if (typeof candidate?.kind !== "string" || typeof candidate.metadata?.name !== "string") return undefined;
  const namespace = typeof candidate.metadata.namespace === "string" ? candidate.metadata.namespace : "default";
  return `${candidate.kind}:${namespace}/${candidate.metadata.name}`.toLowerCase();
}

function errorItem(error: unknown): EntityStatusItem {
  const { name, message } = serializeError(error);
  return processingError(name, message);
}
