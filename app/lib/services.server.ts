import { createExternalAccess, type ExternalAccess } from "./auth/external-access.server";
import { createAuthProviders, type AuthProviders } from "./auth/auth-providers.server";
import { createTokenService, type TokenService } from "./auth/tokens.server";
import { createCatalog, type Catalog } from "./catalog/catalog.server";
import type { LoadedConfig } from "./config/load.server";
import { createDiscovery, type Discovery } from "./config/discovery";
import { backendBaseUrlOf, internalBaseUrlOf, publicConfigOf, type PublicConfig } from "./config/runtime";
import type { AtriumDatabase } from "./db/client.server";
import type { Logger } from "./logger.server";
import type { ClusterDetails } from "./kubernetes/clusters.server";
import { createKubernetes, type Kubernetes } from "./kubernetes/kubernetes.server";
import { createPermissionService, type PermissionService } from "./permission/permission-service.server";
import { localGitFromConfig } from "./scaffolder/actions/git/local-git-config.server";
import type { LocalGit } from "./scaffolder/actions/git/local-git.server";
import { createPublishGitAction } from "./scaffolder/actions/git/publish-git.server";
import { createScheduler, type Scheduler } from "./scheduler/scheduler.server";
import { createSearchService, type SearchService } from "./search/search-service.server";
import { createScaffolderActions } from "./scaffolder/actions/actions.server";
import { publishActions } from "./scaffolder/actions/publish/index.server";
import type { ActionRegistry } from "./scaffolder/actions/registry.server";
import type { TaskWorkspaces } from "./scaffolder/actions/workspace.server";
import { createScaffolder, type Scaffolder } from "./scaffolder/scaffolder.server";
import { createScaffolderTemplater } from "./scaffolder/templating/index.server";
import { createTemplateEditorStore, type TemplateEditorStore } from "./scaffolder/editor/template-editor.server";
import { createWizardDrafts, type WizardDrafts } from "./scaffolder/wizard/drafts.server";
import { createUserSettings, type UserSettingsService } from "./settings/user-settings.server";
import { createTechDocsFromConfig, techDocsSearchEntity } from "./techdocs/create.server";
import type { TechDocs } from "./techdocs/techdocs.server";

// Every service is created once at start-up, here, and reaches loaders and
// actions through the request context. Areas add their services as they land.

export type Services = {
  authProviders: AuthProviders;
  catalog: Catalog;
  config: LoadedConfig;
  publicConfig: PublicConfig;
  database: AtriumDatabase;
  discovery: Discovery;
  externalAccess: ExternalAccess;
  /** The clusters' objects for entities, the cluster list and the proxy: /api/kubernetes and the entity page's tab. */
  kubernetes: Kubernetes;
  /** The embedded default's git host: publish:git's repositories, browsed at /git and read by the catalog. */
  localGit: LocalGit;
  logger: Logger;
  permissions: PermissionService;
  /** Every background task; server/app.ts starts and stops it with the app. */
  scheduler: Scheduler;
  /** The one search index over the catalog and the docs (GET /api/search/query, /search); the TechDocs service feeds it. */
  search: SearchService;
  /** The scaffolder's actions, by id; the task runner takes them from here. */
  scaffolderActions: ActionRegistry;
  /** The scaffolder tasks' working directories. */
  scaffolderWorkspaces: TaskWorkspaces;
  /** The scaffolder's tasks and dry-runs: what the task pages, the wizard and /api/scaffolder/v2 call. */
  scaffolder: Scaffolder;
  /** The scaffolder template editor's drafts and dry-run results, per user, in the database. */
  templateEditor: TemplateEditorStore;
  /** Documentation: syncs, builds and publishes entities' docs, and answers the reader and /api/techdocs. */
  techdocs: TechDocs;
  tokens: TokenService;
  userSettings: UserSettingsService;
  /** The scaffolder wizard's drafts, per user and template. */
  wizardDrafts: WizardDrafts;
};

export function createServices(options: {
  config: LoadedConfig;
  database: AtriumDatabase;
  logger: Logger;
  rootDir: string;
  /** Kubernetes clusters the server started itself (the demo cluster, server/demo-kubernetes/). */
  kubernetesClusters?: ClusterDetails[];
  /** False in an HTTP worker beside a background worker, which runs the global tasks (server/workers.js). */
  runsGlobalTasks?: boolean;
}): Services {
  const permissions = createPermissionService(options.config.config.permission);
  const scheduler = createScheduler({ db: options.database.db, logger: options.logger, runsGlobalTasks: options.runsGlobalTasks });
  const localGit = localGitFromConfig(options.config.config, options.rootDir);
  const catalog = createCatalog({
    db: options.database.db,
    readDb: options.database.readDb,
    config: options.config.config,
    rootDir: options.rootDir,
    logger: options.logger,
    permissions,
    scheduler: scheduler.forPlugin("catalog"),
    ownRepositories: localGit,
  });
  const search = createSearchService({ db: options.database.db, readDb: options.database.readDb, permissions, scheduler: scheduler.forPlugin("search"), logger: options.logger });
  const scaffolder = createScaffolderActions({ config: options.config.config, catalog, ownRepositories: localGit });
  const { defaultAuthor, defaultCommitMessage } = options.config.config.scaffolder;
  scaffolder.actions.register(createPublishGitAction({ localGit, defaultAuthor, defaultCommitMessage }));
  for (const action of publishActions({ integrations: options.config.config.integrations, defaultAuthor, defaultCommitMessage })) scaffolder.actions.register(action);
  return {
    authProviders: createAuthProviders({ config: options.config.config, backendBaseUrl: backendBaseUrlOf(options.config.config), db: options.database.db }),
    catalog,
    config: options.config,
    publicConfig: publicConfigOf(options.config.config),
    database: options.database,
    discovery: createDiscovery({
      externalBaseUrl: backendBaseUrlOf(options.config.config),
      internalBaseUrl: internalBaseUrlOf(options.config.config),
      endpoints: options.config.config.discovery.endpoints,
    }),
    externalAccess: createExternalAccess(options.config.config.backend.auth?.externalAccess ?? []),
    kubernetes: createKubernetes({ config: options.config.config.kubernetes, catalog: catalog.entities, permissions, logger: options.logger, extraClusters: options.kubernetesClusters }),
    localGit,
    logger: options.logger,
    permissions,
    scheduler,
    search,
    scaffolderActions: scaffolder.actions,
    scaffolderWorkspaces: scaffolder.workspaces,
    scaffolder: createScaffolder({
      db: options.database.db,
      logger: options.logger,
      permissions,
      catalog: catalog.entities,
      actions: scaffolder.actions,
      templater: createScaffolderTemplater({ integrations: options.config.config.integrations }),
      workspaces: scaffolder.workspaces,
      scheduler: scheduler.forPlugin("scaffolder"),
    }),
    templateEditor: createTemplateEditorStore(options.database.db),
    techdocs: createTechDocsFromConfig({
      config: options.config.config,
      rootDir: options.rootDir,
      db: options.database.db,
      catalog: catalog.entities,
      localGit,
      scheduler: scheduler.forPlugin("techdocs"),
      logger: options.logger,
      // Each published site's pages replace that entity's pages in the search index.
      onPublished: (entity, pages) => search.indexTechDocs(techDocsSearchEntity(entity), pages),
    }),
    tokens: createTokenService({
      db: options.database.db,
      issuer: `${backendBaseUrlOf(options.config.config)}/api/auth`,
      sessionDurationMs: options.config.config.auth.sessionDuration,
    }),
    userSettings: createUserSettings(options.database.db),
    wizardDrafts: createWizardDrafts(options.database.db),
  };
}
