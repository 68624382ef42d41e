import { stringify as stringifyYaml } from "yaml";
import type { Credentials } from "../../auth/credentials";
import { stringifyEntityRef } from "../../catalog/entity-ref";
import type { Entity } from "../../catalog/entity";
import { parseFilterParams } from "../../catalog/query/predicate";
import type { RequestContext } from "../../context.server";
import { escapeHtml, highlightCode, type CodeLanguage } from "../../highlight/highlight-code.server";
import type { DirectoryFile } from "./directory";

// What the editor pages show of the catalog's templates and of a dry-run's
// files, prepared on the server (the code renderer never ships to the browser).

/** How many templates the editors offer to load; more than a catalog is expected to hold. */
const MAX_TEMPLATES = 500;
/** A file bigger than this is offered for download only. */
const MAX_SHOWN_FILE_BYTES = 200 * 1024;

export type TemplateChoice = { ref: string; title: string };

/** The templates the caller may read, by title. */
export async function catalogTemplates(app: RequestContext, credentials: Credentials): Promise<TemplateChoice[]> {
  const page = await app.catalog.entities.listEntitiesPage(
    { filter: parseFilterParams(["kind=template"]), limit: MAX_TEMPLATES, offset: 0, fields: ["kind", "metadata.name", "metadata.namespace", "metadata.title"] },
    { credentials },
  );
  return (page.items as Entity[]).map((entity) => ({ ref: stringifyEntityRef(entity), title: entity.metadata.title ?? entity.metadata.name })).sort((a, b) => a.title.localeCompare(b.title));
}

/** A catalog template as the YAML a user would write: without what the catalog adds (uid, etag, relations, status). */
export async function templateYamlOf(app: RequestContext, ref: string, credentials: Credentials): Promise<string | undefined> {
  let entity;
  try {
    entity = await app.catalog.entities.entityByRef(ref, { credentials });
  } catch {
    return undefined;
  }
  if (!entity || entity.kind.toLowerCase() !== "template") return undefined;
  const { uid: _uid, etag: _etag, generation: _generation, ...metadata } = entity.metadata as Record<string, unknown>;
  const annotations = { ...((metadata.annotations as Record<string, string> | undefined) ?? {}) };
  for (const key of Object.keys(annotations)) if (key.startsWith("backstage.io/managed-by")) delete annotations[key];
  const cleaned = {
    apiVersion: entity.apiVersion,
    kind: entity.kind,
    metadata: { ...metadata, ...(Object.keys(annotations).length ? { annotations } : { annotations: undefined }) },
    spec: entity.spec,
  };
  return stringifyYaml(JSON.parse(JSON.stringify(cleaned)), { lineWidth: 0 });
}

const LANGUAGE_OF: Record<string, CodeLanguage> = { yaml: "yaml", yml: "yaml", json: "json", ts: "typescript", tsx: "typescript", js: "typescript", graphql: "graphql", proto: "proto" };

/** A dry-run file as the Files tab shows it: highlighted when the code renderer knows its language, plain text otherwise, or nothing for binary and large files. */
export async function viewOfFile(file: DirectoryFile): Promise<{ html?: string; binary?: boolean; tooLarge?: boolean }> {
  const content = Buffer.from(file.base64Content, "base64");
  if (content.length > MAX_SHOWN_FILE_BYTES) return { tooLarge: true };
  if (content.includes(0)) return { binary: true };
  const text = content.toString("utf8");
  const language = LANGUAGE_OF[file.path.split(".").pop()?.toLowerCase() ?? ""];
  if (language) return { html: (await highlightCode(text, language)).html };
  return { html: `<pre><code>${escapeHtml(text)}</code></pre>` };
}
