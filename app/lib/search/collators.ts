import type { Entity } from "../catalog/entity";
import { DEFAULT_NAMESPACE } from "../catalog/entity";
import { entityRefKey } from "../catalog/entity-ref";
import { entityRoute } from "../catalog/entity-route";
import type { CatalogSearchDocument, TechDocsPageForSearch, TechDocsSearchDocument } from "./documents";

// The documents of the index, built as Backstage's collators build them
// (DefaultCatalogCollator, DefaultTechDocsCollator), with the words each is
// found by. Isomorphic: pure functions.

export type DocumentFields = { title: string; keywords: string; text: string; facets: Record<string, string> };

export function catalogDocument(entity: Entity): { document: CatalogSearchDocument; fields: DocumentFields } {
  const spec = (entity.spec ?? {}) as Record<string, unknown>;
  const metadata = entity.metadata;
  const type = typeof spec.type === "string" && spec.type ? spec.type : "other";
  const owner = typeof spec.owner === "string" ? spec.owner : "";
  const lifecycle = typeof spec.lifecycle === "string" ? spec.lifecycle : "";
  const namespace = metadata.namespace || DEFAULT_NAMESPACE;
  const document: CatalogSearchDocument = {
    title: metadata.title ?? metadata.name,
    text: documentText(entity),
    location: entityRoute(entity),
    componentType: type,
    type,
    namespace,
    kind: entity.kind,
    lifecycle,
    owner,
  };
  const tags = Array.isArray(metadata.tags) ? metadata.tags.filter((tag): tag is string => typeof tag === "string") : [];
  return {
    document,
    fields: {
      title: document.title,
      // The name stays findable when a title hides it; words joined by dashes are words of their own.
      keywords: [metadata.name, ...tags, owner, type, entity.kind].join(" "),
      text: document.text,
      facets: { kind: entity.kind, lifecycle, owner, namespace, type, name: metadata.name },
    },
  };
}

/** Backstage's getDocumentText: the description, and for users and groups the profile's display name (and a user's email). */
function documentText(entity: Entity): string {
  const texts = [entity.metadata.description || ""];
  const profile = ((entity.spec ?? {}) as { profile?: { displayName?: unknown; email?: unknown } }).profile;
  const kind = entity.kind.toLocaleLowerCase("en-US");
  if ((kind === "user" || kind === "group") && typeof profile?.displayName === "string") texts.push(profile.displayName);
  if (kind === "user" && typeof profile?.email === "string") texts.push(profile.email);
  return texts.join(" : ");
}

export type TechDocsEntity = { namespace: string; kind: string; name: string; title?: string; owner: string; lifecycle: string };

/** One document per page of an entity's docs; paths and names lower case, as Backstage's collator writes them. */
export function techDocsDocuments(entity: TechDocsEntity, pages: TechDocsPageForSearch[]): Array<{ path: string; document: TechDocsSearchDocument; fields: DocumentFields }> {
  const namespace = (entity.namespace || DEFAULT_NAMESPACE).toLocaleLowerCase("en-US");
  const kind = entity.kind.toLocaleLowerCase("en-US");
  const name = entity.name.toLocaleLowerCase("en-US");
  const base = `/docs/${encodeURIComponent(namespace)}/${encodeURIComponent(kind)}/${encodeURIComponent(name)}/`;
  return pages.map((page) => {
    const document: TechDocsSearchDocument = {
      title: page.title,
      text: page.text,
      location: `${base}${page.path.split("/").map(encodeURIComponent).join("/")}`,
      path: page.path,
      namespace,
      kind,
      name,
      ...(entity.title ? { entityTitle: entity.title } : {}),
      lifecycle: entity.lifecycle,
      owner: entity.owner,
    };
    return {
      path: page.path,
      document,
      fields: {
        title: page.title,
        keywords: [...page.headings, entity.title ?? "", entity.name].join(" "),
        text: page.text,
        facets: { kind, lifecycle: entity.lifecycle, owner: entity.owner, namespace, name },
      },
    };
  });
}

export function techDocsEntityRef(entity: Pick<TechDocsEntity, "namespace" | "kind" | "name">): string {
  return entityRefKey({ kind: entity.kind, namespace: entity.namespace || DEFAULT_NAMESPACE, name: entity.name });
}
