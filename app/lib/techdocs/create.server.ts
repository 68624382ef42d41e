import path from "node:path";
import type { Kysely } from "kysely";
import type { EntityService } from "../catalog/catalog-service.server";
import type { Entity } from "../catalog/entity";
import type { AtriumConfig } from "../config/schema";
import type { Database } from "../db/schema";
import type { Logger } from "../logger.server";
import type { LocalGit } from "../scaffolder/actions/git/local-git.server";
import type { PluginScheduler } from "../scheduler/scheduler.server";
import type { TechDocsPageForSearch } from "../search/documents";
import { createBuildLeases } from "./build-lease.server";
import { createAwsS3Publisher, createLocalPublisher, type Publisher } from "./publish/publisher.server";
import { createTreeReader } from "./sources/read-tree.server";
import { createTechDocs, type TechDocs } from "./techdocs.server";

// The TechDocs service from the loaded config: its publisher, its source
// reader (the integrations and the portal's own repositories) and the
// bundled builder.

/** techdocs.publisher.local.publishDirectory, relative to where Atrium runs; default: techdocs/ beside the SQLite database (./data). */
export function publishDirectoryOf(config: AtriumConfig, rootDir: string): string {
  const configured = config.techdocs.publisher.local?.publishDirectory;
  if (configured) return path.resolve(rootDir, configured);
  const connection = config.backend.database?.connection;
  const directory = typeof connection === "object" && connection.directory ? connection.directory : "data";
  return path.resolve(rootDir, directory, "techdocs");
}

export function publisherFromConfig(config: AtriumConfig, rootDir: string): Publisher {
  const publisher = config.techdocs.publisher;
  if (publisher.type === "awsS3" && publisher.awsS3) return createAwsS3Publisher(publisher.awsS3);
  return createLocalPublisher(publishDirectoryOf(config, rootDir));
}

/** What the search index takes of an entity with docs (services.search.indexTechDocs). */
export function techDocsSearchEntity(entity: Entity): { namespace: string; kind: string; name: string; title?: string; owner: string; lifecycle: string } {
  const spec = (entity.spec ?? {}) as Record<string, unknown>;
  return {
    namespace: entity.metadata.namespace ?? "default",
    kind: entity.kind,
    name: entity.metadata.name,
    title: entity.metadata.title,
    owner: typeof spec.owner === "string" ? spec.owner : "",
    lifecycle: typeof spec.lifecycle === "string" ? spec.lifecycle : "",
  };
}

export function createTechDocsFromConfig(options: {
  config: AtriumConfig;
  rootDir: string;
  db: Kysely<Database>;
  catalog: EntityService;
  localGit: LocalGit;
  scheduler: PluginScheduler;
  logger: Logger;
  onPublished?: (entity: Entity, pages: TechDocsPageForSearch[]) => Promise<void> | void;
}): TechDocs {
  return createTechDocs({
    config: options.config.techdocs,
    catalog: options.catalog,
    publisher: publisherFromConfig(options.config, options.rootDir),
    readTree: createTreeReader({ integrations: options.config.integrations, localGit: options.localGit }),
    leases: createBuildLeases(options.db),
    scheduler: options.scheduler,
    logger: options.logger.child({ plugin: "techdocs" }),
    onPublished: options.onPublished,
  });
}
