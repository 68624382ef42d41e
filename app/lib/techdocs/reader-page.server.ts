import type { Credentials } from "../auth/credentials";
import { settingsOwnerOf, type Identity } from "../auth/identity";
import type { Entity } from "../catalog/entity";
import { getCompoundEntityRef, stringifyEntityRef } from "../catalog/entity-ref";
import { entityRoute } from "../catalog/entity-route";
import type { RequestContext } from "../context.server";
import { NotFoundError } from "../errors";
import { integrationByHost, scmIntegrations } from "../integrations/scm-integrations";
import { issueRepositoryOf } from "./addons/report-issue";
import { readTextSize } from "./addons/text-size.server";
import type { ReaderResult } from "./reader";
import { readerPageView, type ReaderEntityHeader, type ReaderPageData } from "./reader-page";
import { docsStaticRoute } from "./reader-links";

// Loads one reader page for the docs routes and the entity's Docs tab: the
// entity (the caller's own read: what they may not read is not there), the
// TechDocs service's answer for the page, and the add-ons' settings.

export function readerHeader(entity: Entity): ReaderEntityHeader {
  const owners = (entity.relations ?? []).filter((relation) => relation.type === "ownedBy").map((relation) => relation.targetRef);
  const lifecycle = typeof entity.spec?.lifecycle === "string" ? entity.spec.lifecycle : undefined;
  return { title: entity.metadata.title ?? entity.metadata.name, kind: entity.kind, entityRef: stringifyEntityRef(entity), owners, lifecycle, entityPath: entityRoute(entity) };
}

/**
 * `readerBase`: the reader's root without the base path (the /docs route or
 * the entity's Docs tab), where the article's links to other pages go.
 */
export async function loadReaderPage(
  app: RequestContext,
  args: { entity: Entity; pagePath: string | undefined; readerBase: string; credentials: Credentials; identity: Identity | undefined },
): Promise<ReaderPageData> {
  const header = readerHeader(args.entity);
  const { pagePath } = args;
  if (pagePath === undefined) return { status: "notFound", emptyPath: false, header };
  let result: ReaderResult;
  try {
    result = await app.techdocs.reader(args.credentials, header.entityRef, pagePath);
  } catch (error) {
    if (error instanceof NotFoundError) return { status: "notFound", emptyPath: pagePath === "", header };
    throw error;
  }
  if (result.status === "building") return { status: "building", log: result.log, header };
  if (result.status === "failed") return { status: "failed", message: result.message, log: result.log, header };
  const integrations = scmIntegrations(app.config.config.integrations);
  const textSize = args.identity ? await readTextSize(app.userSettings, settingsOwnerOf(args.identity)) : undefined;
  const entity = result.view.entity;
  const staticBase = docsStaticRoute(getCompoundEntityRef(entity));
  const { basePath } = app.publicConfig;
  return {
    status: "ready",
    view: readerPageView(result.view, { readerBase: `${basePath}${args.readerBase}`, staticBase: `${basePath}${staticBase}` }),
    updating: result.updating,
    header: readerHeader(entity),
    textSize: textSize ?? 100,
    issueRepository: issueRepositoryOf(result.view.editUrl, (host) => integrationByHost(integrations, host)?.type),
  };
}
