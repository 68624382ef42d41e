import path from "node:path";
import { fileURLToPath } from "node:url";
import { ANNOTATION_LOCATION, ANNOTATION_ORIGIN_LOCATION, ANNOTATION_TECHDOCS_ENTITY, ANNOTATION_TECHDOCS_ENTITY_PATH, ANNOTATION_TECHDOCS_REF, type Entity } from "../../catalog/entity";
import { parseEntityRef, stringifyEntityRef } from "../../catalog/entity-ref";
import { InputError } from "../../errors";

// Where an entity's documentation comes from, from its annotations, as
// Backstage's getLocationForEntity reads them:
//   backstage.io/techdocs-ref: dir:<path>   a folder relative to the entity's
//     source location (backstage.io/managed-by-location): a file location's
//     folder, or a URL location's folder in its repository;
//   backstage.io/techdocs-ref: url:<tree URL>   a folder of a repository.
// `..` may climb, but never out of the repository (URL locations) nor out of
// the folder of the location someone configured or registered (file
// locations: on this machine there is no repository to bound it, so the
// folder of backstage.io/managed-by-origin-location's file is the bound, or
// the entity's own file's folder when the origin is not a file above it;
// examples/catalog/systems.yaml, included by examples/catalog-info.yaml, has
// its docs in examples/docs/).
//
// backstage.io/techdocs-entity names another entity whose documentation is
// shown for this one, and backstage.io/techdocs-entity-path a page inside it.

export type DocsSource =
  /** A folder on this machine, and the folder it may not leave. */
  | { type: "file"; dir: string; bound: string }
  /** A folder of a repository, as a URL of the host (tree or blob, the ref and the path in it). */
  | { type: "url"; url: string };

/** The entity whose published documentation an entity shows: itself, or the one its techdocs-entity annotation names. */
export function docsEntityRefOf(entity: Entity): string {
  const other = entity.metadata.annotations?.[ANNOTATION_TECHDOCS_ENTITY];
  if (other) {
    try {
      return stringifyEntityRef(parseEntityRef(other, { defaultKind: entity.kind, defaultNamespace: entity.metadata.namespace ?? "default" }));
    } catch {
      throw new InputError(`Invalid ${ANNOTATION_TECHDOCS_ENTITY} annotation '${other}'`);
    }
  }
  return stringifyEntityRef(entity);
}

/** The page inside the docs entity's site that backstage.io/techdocs-entity-path points at ('' when none), as a page path ('a/b/'). */
export function docsEntityPathOf(entity: Entity): string {
  const value = entity.metadata.annotations?.[ANNOTATION_TECHDOCS_ENTITY_PATH]?.trim();
  if (!value) return "";
  const segments = value.split("/").filter((segment) => segment && segment !== ".");
  if (segments.some((segment) => segment === "..")) return "";
  return segments.length ? `${segments.join("/")}/` : "";
}

/** Whether the entity has documentation of its own or through another entity. */
export function hasDocs(entity: Entity): boolean {
  const annotations = entity.metadata.annotations ?? {};
  return Boolean(annotations[ANNOTATION_TECHDOCS_REF] || annotations[ANNOTATION_TECHDOCS_ENTITY]);
}

/** Where the entity's own documentation sources are. InputError for an annotation that cannot be followed. */
export function docsSourceOf(entity: Entity): DocsSource {
  const annotation = entity.metadata.annotations?.[ANNOTATION_TECHDOCS_REF];
  if (!annotation) throw new InputError(`No ${ANNOTATION_TECHDOCS_REF} annotation on ${stringifyEntityRef(entity)}`);
  const colon = annotation.indexOf(":");
  const type = colon > 0 ? annotation.slice(0, colon).trim() : "";
  const target = colon > 0 ? annotation.slice(colon + 1).trim() : "";
  if (type === "url") return { type: "url", url: checkedHttpUrl(target) };
  if (type !== "dir") throw new InputError(`Invalid ${ANNOTATION_TECHDOCS_REF} annotation '${annotation}', expected 'dir:<path>' or 'url:<url>'`);
  const location = entity.metadata.annotations?.[ANNOTATION_LOCATION];
  if (!location) throw new InputError(`No ${ANNOTATION_LOCATION} annotation on ${stringifyEntityRef(entity)}, so 'dir:' has nothing to be relative to`);
  const locationColon = location.indexOf(":");
  const locationType = location.slice(0, locationColon);
  const locationTarget = location.slice(locationColon + 1);
  if (locationType === "file") return fileDir(locationTarget, target || ".", entity.metadata.annotations?.[ANNOTATION_ORIGIN_LOCATION]);
  if (locationType === "url") return { type: "url", url: urlDir(checkedHttpUrl(locationTarget), target || ".") };
  throw new InputError(`Unable to resolve 'dir:' relative to a '${locationType}' location`);
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);

function filePathOf(target: string): string {
  return target.startsWith("file://") ? fileURLToPath(target) : target;
}

function fileDir(locationTarget: string, dir: string, originLocation: string | undefined): DocsSource {
  const file = filePathOf(locationTarget);
  if (!path.isAbsolute(file)) throw new InputError(`File location targets must be absolute paths, got '${locationTarget}'`);
  if (path.isAbsolute(dir)) throw new InputError(`The techdocs-ref folder '${dir}' must be relative to the entity's location`);
  const originFile = originLocation?.startsWith("file:") ? path.normalize(filePathOf(originLocation.slice("file:".length))) : undefined;
  const originFolder = originFile && path.isAbsolute(originFile) ? path.dirname(originFile) : undefined;
  const bound = originFolder && inside(path.dirname(file), originFolder) ? originFolder : path.dirname(file);
  const resolved = path.resolve(path.dirname(file), dir);
  if (!inside(resolved, bound)) throw new InputError(`The techdocs-ref folder '${dir}' is outside the folder of the entity's location`);
  return { type: "file", dir: resolved, bound };
}

function checkedHttpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`Invalid URL '${value}' in ${ANNOTATION_TECHDOCS_REF}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InputError(`Only http(s) URLs can be read, got '${url.protocol}'`);
  if (url.username || url.password) throw new InputError("URLs with credentials cannot be read");
  return url.href;
}

/**
 * The path prefix that names a repository and its ref in a source host's URL:
 * GitLab's `/group/…/project/-/tree/ref/`, the portal's own `/git/owner/repo/tree/ref/`
 * (below the base path), GitHub's and others' `/owner/repo/tree/ref/`.
 */
export function repositoryPrefixOf(url: URL): string | undefined {
  const segments = url.pathname.split("/").slice(1);
  const dash = segments.indexOf("-");
  const git = segments.indexOf("git");
  const length = dash > 0 ? dash + 3 : git >= 0 && (segments[git + 3] === "tree" || segments[git + 3] === "blob") ? git + 5 : 4;
  if (segments.length < length) return undefined;
  return `/${segments.slice(0, length).join("/")}/`;
}

/** `dir` relative to the folder of a URL location's file, inside the same repository and ref. */
function urlDir(location: string, dir: string): string {
  const base = new URL(location);
  const prefix = repositoryPrefixOf(base);
  if (!prefix) throw new InputError(`Unable to resolve 'dir:${dir}' relative to ${location}: not a file of a repository`);
  const folder = dir.endsWith("/") ? dir : `${dir}/`;
  const resolved = new URL(folder, base);
  if (resolved.origin !== base.origin || !resolved.pathname.startsWith(prefix)) throw new InputError(`The techdocs-ref folder '${dir}' is outside the repository of ${location}`);
  return resolved.href;
}
