import { stringify } from "yaml";
import type { AtriumConfig } from "../../config/schema";
import { InputError, NotAllowedError, statusOf } from "../../errors";
import { integrationByHost, scmIntegrations, type ScmIntegration } from "../../integrations/scm-integrations";
import type { PermissionService } from "../../permission/permission-service.server";
import { isEntityFileUrl } from "../analyze-location.server";
import type { CallOptions } from "../catalog-service.server";
import type { Entity } from "../entity";
import type { createLocationService } from "../locations-service.server";
import { catalogLocationAnalyzePermission, catalogLocationCreatePermission } from "../permission/permissions";
import type { LocationReader } from "../processing/readers.server";
import { parseCatalogYaml } from "../processing/parse";
import { validateEntity, validateEntityProblems } from "../validation";
import { azureRepositoryOf, openAzureImportPullRequest } from "./azure-pull-request.server";
import { githubRepositoryOf, openGithubImportPullRequest, type ImportPullRequestResult } from "./github-pull-request.server";
import { createGithubAppTokens } from "../../integrations/github-apps.server";

// The catalog import (/catalog-import), as Backstage's CatalogImportClient
// runs it in the browser, here on the server so the page works without
// JavaScript: a URL of a YAML file is a location to register as it is; a
// repository on GitHub or Azure DevOps is looked into for its catalog file,
// and without one gets a generated Component and a pull request that adds
// it. The pull request's location (the file as it will be on the default
// branch) is registered at once, so the catalog picks the file up when the
// pull request is merged.

type LocationService = ReturnType<typeof createLocationService>;
export type EntityName = { kind: string; namespace: string; name: string };
export type ImportLocation = { target: string; exists: boolean; entities: EntityName[] };

export type ImportAnalysis = { type: "locations"; locations: ImportLocation[] } | { type: "repository"; integrationType: "github" | "azure"; url: string; generatedEntities: Array<Partial<Entity>> };

const nameOf = (entity: Entity): EntityName => ({ kind: entity.kind, namespace: entity.metadata.namespace ?? "default", name: entity.metadata.name });

/** HTTP's words for the statuses the catalog's errors carry (app/lib/errors.ts). */
const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 413: "Payload Too Large" };

/**
 * The repository's analysis failed: Backstage's two messages for it, the
 * catalog's refusal with its status and status text, anything else with its
 * reason. The page shows them beside the URL.
 */
function generationFailure(error: unknown): Error {
  const status = statusOf(error);
  const message =
    status === 500
      ? `Failed to generate entity definitions, ${error instanceof Error ? error.message : String(error)}`
      : `Failed to generate entity definitions. Received http response ${status}: ${STATUS_TEXT[status] ?? ""}`;
  return status === 403 ? new NotAllowedError(message) : new InputError(message);
}

export function createCatalogImport(options: { config: AtriumConfig; locations: LocationService; reader: LocationReader; permissions: PermissionService }) {
  const { config, locations, reader, permissions } = options;
  const { entityFilename, pullRequestBranchName } = config.catalog.import;
  const integrations = scmIntegrations(config.integrations);
  const appTokens = createGithubAppTokens();

  function importIntegration(url: URL): ScmIntegration | undefined {
    const integration = integrationByHost(integrations, url.host);
    return integration && (integration.type === "github" || integration.type === "azure") ? integration : undefined;
  }

  async function dryRun(target: string, call: CallOptions): Promise<ImportLocation> {
    const result = await locations.add({ type: "url", target }, { dryRun: true }, call);
    return { target: result.location.target, exists: result.exists ?? false, entities: result.entities.map(nameOf) };
  }

  return {
    /** What importing `target` would do; refusals are InputErrors whose message the page shows beside the URL. */
    async analyze(target: string, call: CallOptions): Promise<ImportAnalysis> {
      // Nothing is fetched for a caller who may not analyse locations; the reader then fetches only allowed hosts.
      permissions.assertAllowed(call.credentials, catalogLocationAnalyzePermission);
      const url = new URL(target);
      if (isEntityFileUrl(url)) {
        // Each entity of the file is checked before anything is offered, and the first problem is the answer.
        const content = await reader.read({ type: "url", target: url.href }).catch((error: unknown) => {
          throw new InputError(error instanceof Error ? error.message : String(error));
        });
        for (const document of parseCatalogYaml(content, url.href)) {
          if ("error" in document) throw new InputError(document.error);
          const [problem] = validateEntityProblems(document.value);
          if (problem !== undefined) throw new InputError(problem);
        }
        return { type: "locations", locations: [await dryRun(url.href, call)] };
      }

      const integration = importIntegration(url);
      if (!integration) {
        const other = reader.integrationTypeOf(url.href);
        if (other) throw new InputError(`The ${url.host} integration only supports full URLs to ${entityFilename} files. Did you try to pass in the URL of a directory instead?`);
        throw new InputError(
          `This URL was not recognized as a valid git URL because there was no configured integration that matched the given host name. Currently GitHub and Azure DevOps are supported. You could try to paste the full URL to a ${entityFilename} file instead.`,
        );
      }
      if (integration.type === "azure") azureRepositoryOf(url.href, integration);
      const analysis = await locations.analyze({ type: "url", target: url.href }, entityFilename, call).catch((error: unknown) => {
        throw generationFailure(error);
      });
      if (analysis.existingEntityFiles.length > 0) {
        const byTarget = new Map<string, ImportLocation>();
        for (const file of analysis.existingEntityFiles) {
          const entry = byTarget.get(file.location.target) ?? { target: file.location.target, exists: file.isRegistered, entities: [] };
          entry.entities.push(nameOf(file.entity));
          byTarget.set(file.location.target, entry);
        }
        return { type: "locations", locations: [...byTarget.values()] };
      }
      return { type: "repository", integrationType: integration.type as "github" | "azure", url: url.href, generatedEntities: analysis.generateEntities.map((generated) => generated.entity) };
    },

    /** The pull request's defaults (Backstage's preparePullRequest), and where its file goes. */
    pullRequestDefaults(appTitle: string, appBaseUrl: string) {
      return {
        title: `Add ${entityFilename} config file`,
        body:
          `This pull request adds a **Backstage entity metadata file** to this repository so that the component can be added to the [${appTitle} software catalog](${appBaseUrl}).\n\n` +
          "After this pull request is merged, the component will become available.\n\n" +
          "For more information, read an [overview of the Backstage software catalog](https://backstage.io/docs/features/software-catalog/software-catalog-overview).",
        branchName: pullRequestBranchName,
        fileName: entityFilename,
      };
    },

    /**
     * The generated entities with the user's name and owner, checked as the
     * catalog checks an entity (the model's message for an invalid name),
     * and the catalog file that holds them.
     */
    catalogFile(generated: Array<Partial<Entity>>, componentName: string, owner: string): { entities: Entity[]; content: string } {
      const entities = generated.map((entity) => ({ ...entity, metadata: { ...entity.metadata, name: componentName }, spec: { ...entity.spec, owner } }) as Entity);
      // Checked as the catalog will check them; written as the user sees them (no namespace added).
      for (const entity of entities) validateEntity(entity);
      return { entities, content: entities.map((entity) => stringify(entity)).join("---\n") };
    },

    /** Whether a pull request on this repository's host can be opened without the user's own token (the integration has one). */
    hasIntegrationToken(repositoryUrl: string): boolean {
      const integration = importIntegration(new URL(repositoryUrl));
      return Boolean(integration?.token || integration?.apps?.length);
    },

    /**
     * Opens the pull request on the repository's host, as the user when
     * their session holds a token for the host (`userToken`, from a sign-in
     * with repo scope), else with the integration's token, else with an
     * installation token of one of its GitHub Apps; then registers the
     * file's future location.
     */
    async openPullRequest(
      request: { repositoryUrl: string; title: string; body: string; fileContent: string; branchName?: string; userToken?: string },
      call: CallOptions,
    ): Promise<ImportPullRequestResult> {
      permissions.assertAllowed(call.credentials, catalogLocationCreatePermission);
      const integration = importIntegration(new URL(request.repositoryUrl));
      if (!integration) throw new InputError(`No GitHub or Azure DevOps integration serves ${request.repositoryUrl}`);
      const appToken = async () => (integration.type === "github" ? appTokens.tokenFor(integration, githubRepositoryOf(request.repositoryUrl, integration).owner) : undefined);
      const token = request.userToken ?? integration.token ?? (await appToken());
      if (!token) throw new InputError("No auth provider available for URL");
      const pullRequest = { ...request, branchName: request.branchName || pullRequestBranchName, fileName: entityFilename, token };
      const result = integration.type === "github" ? await openGithubImportPullRequest(integration, pullRequest) : await openAzureImportPullRequest(integration, pullRequest);
      await locations.add({ type: "url", target: result.location }, { onConflict: "refresh" }, call);
      return result;
    },

    /** Registers the chosen locations; one already registered is refreshed instead (Backstage's Refresh). */
    async register(targets: string[], call: CallOptions): Promise<ImportLocation[]> {
      const done: ImportLocation[] = [];
      for (const target of targets) {
        const preview = await dryRun(target, call);
        await locations.add({ type: "url", target }, { onConflict: "refresh" }, call);
        done.push(preview);
      }
      return done;
    },
  };
}

export type CatalogImport = ReturnType<typeof createCatalogImport>;
