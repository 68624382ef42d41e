import { InputError } from "../errors";
import type { Entity } from "./entity";
import type { LocationSpec } from "./location-ref";
import { parseCatalogYaml } from "./processing/parse";
import type { LocationReader } from "./processing/readers.server";
import { validateEntity } from "./validation";

// POST /analyze-location: what registering a URL would bring. A URL of a
// YAML file is read as it is; a repository URL is looked into for its
// catalog file, and when there is none a Component is proposed for it, as
// Backstage's default analyzer does.

export type AnalyzeResult = {
  existingEntityFiles: Array<{ location: LocationSpec; isRegistered: boolean; entity: Entity }>;
  generateEntities: Array<{ entity: Partial<Entity>; fields: unknown[] }>;
};

/** Backstage's test for a URL of an entity file: its path, or its `path` query (Azure DevOps), ends in .yaml or .yml. */
export function isEntityFileUrl(url: URL): boolean {
  return /\.ya?ml$/i.test(url.pathname) || /\.ya?ml$/i.test(url.searchParams.get("path") ?? "");
}

/** The project-slug annotation's prefix follows the integration's type, not the host (GitHub Enterprise is github.com/…). */
const SLUG_ANNOTATION_PREFIX: Record<string, string> = { github: "github.com", gitlab: "gitlab.com", bitbucket: "bitbucket.org", azure: "dev.azure.com" };

export async function analyzeLocation(
  location: LocationSpec,
  options: { catalogFilename: string; reader: LocationReader; isRegistered: (target: string) => Promise<boolean> },
): Promise<AnalyzeResult> {
  let url: URL;
  try {
    url = new URL(location.target);
  } catch {
    throw new InputError("The given location.target is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InputError("The given location.target is not a URL");
  if (!options.reader.isAllowedUrl(url.href)) {
    throw new InputError(`Location target host '${url.host}' is neither a configured integration nor listed in backend.reading.allow`);
  }

  const file = isEntityFileUrl(url) ? url.href : repositoryFile(url, options.catalogFilename, options.reader.integrationTypeOf(url.href));
  if (file) {
    const text = await options.reader.read({ type: "url", target: file }).catch(() => undefined);
    if (text !== undefined) {
      const entities = parseCatalogYaml(text, file).map((document) => {
        if ("error" in document) throw new InputError(document.error);
        return validateEntity(document.value);
      });
      const isRegistered = await options.isRegistered(file);
      return { existingEntityFiles: entities.map((entity) => ({ location: { type: "url", target: file }, isRegistered, entity })), generateEntities: [] };
    }
    if (file === url.href) throw new InputError(`Unable to read ${file}`);
  }

  const type = options.reader.integrationTypeOf(url.href);
  const repository = repositoryOf(url, type);
  if (!repository) throw new InputError("The given location.target is not a URL of a repository");
  const { owner, name } = repository;
  const annotationHost = type ? SLUG_ANNOTATION_PREFIX[type] : undefined;
  const entity: Partial<Entity> = {
    apiVersion: "backstage.io/v1alpha1",
    kind: "Component",
    metadata: { name, ...(annotationHost ? { annotations: { [`${annotationHost}/project-slug`]: `${owner}/${name}` } } : {}) },
    spec: { type: "other", lifecycle: "unknown" },
  };
  return { existingEntityFiles: [], generateEntities: [{ entity, fields: [] }] };
}

/**
 * A repository URL's owner and name as git-url-parse reads them: on Azure
 * DevOps (https://{host}/{organization}/{project}/_git/{repo}) the owner is
 * the project; elsewhere the first two segments of the path.
 */
function repositoryOf(url: URL, type: string | undefined): { owner: string; name: string; base: string } | undefined {
  const segments = url.pathname.split("/").filter(Boolean);
  if (type === "azure") {
    const [organization, project, marker, repo] = segments;
    if (!organization || !project || marker !== "_git" || !repo) return undefined;
    return { owner: project, name: repo, base: `${url.origin}/${organization}/${project}/_git/${repo}` };
  }
  const [owner, repo] = segments;
  if (!owner || !repo) return undefined;
  const name = repo.replace(/\.git$/, "");
  return { owner, name, base: `${url.origin}/${owner}/${name}` };
}

/** The catalog file at the top of a repository's default branch, for hosts whose URLs we know. */
function repositoryFile(url: URL, filename: string, type: string | undefined): string | undefined {
  const base = repositoryOf(url, type)?.base;
  if (!base) return undefined;
  if (type === "azure") return `${base}?path=/${filename}`;
  if (type === "gitlab") return `${base}/-/blob/HEAD/${filename}`;
  if (type === "bitbucket") return `${base}/src/HEAD/${filename}`;
  return `${base}/blob/HEAD/${filename}`;
}
