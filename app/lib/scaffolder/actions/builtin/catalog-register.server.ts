import { InputError } from "../../../errors";
import type { Entity } from "../../../catalog/entity";
import { stringifyEntityRef } from "../../../catalog/entity-ref";
import type { CallOptions } from "../../../catalog/catalog-service.server";
import type { LocationSpec } from "../../../catalog/location-ref";
import type { TemplateAction } from "../types";
import { resolveScmUrl, type SourceReader } from "../fetch/source.server";
import { stepsExample } from "./example";

// catalog:register, as Backstage's (plugins/scaffolder-backend/src/
// scaffolder/actions/builtin/catalog/register.ts): registers a location
// through the catalog's location service with the credentials of the user
// who started the task (so catalog.location.create is theirs to have), then
// reads what the location holds (a dry run) to name the entity it made.
// `optional` lets an existing or unreadable location pass.

type Input = { catalogInfoUrl?: string; repoContentsUrl?: string; catalogInfoPath?: string; optional?: boolean };

export type CatalogLocationAdder = {
  add(location: LocationSpec, options: { dryRun?: boolean }, call: CallOptions): Promise<{ entities: Entity[] }>;
};

export function createCatalogRegisterAction(options: { locations: CatalogLocationAdder; reader: Pick<SourceReader, "isAllowedUrl"> }): TemplateAction<Input> {
  return {
    id: "catalog:register",
    description: "Registers entities from a catalog descriptor file in the workspace into the software catalog.",
    examples: [
      stepsExample("Register the catalog file of a repository by its URL.", [
        {
          action: "catalog:register",
          id: "register-with-catalog-info-url",
          name: "Register with the catalog",
          input: { catalogInfoUrl: "http://github.com/backstage/backstage/blob/master/catalog-info.yaml" },
        },
      ]),
      stepsExample("Register the catalog file at a path of a repository's contents.", [
        {
          action: "catalog:register",
          id: "register-with-repo-contents-url",
          name: "Register with the catalog",
          input: { repoContentsUrl: "http://github.com/backstage/backstage/blob/master", catalogInfoPath: "/catalog-info.yaml" },
        },
      ]),
      stepsExample("Register a location that may already be registered.", [
        {
          action: "catalog:register",
          id: "register-optional",
          name: "Register with the catalog",
          input: { catalogInfoUrl: "http://github.com/backstage/backstage/blob/master/catalog-info.yaml", optional: true },
        },
      ]),
    ],
    schema: {
      input: {
        oneOf: [
          {
            type: "object",
            required: ["catalogInfoUrl"],
            properties: {
              catalogInfoUrl: { title: "Catalog Info URL", description: "An absolute URL pointing to the catalog info file location", type: "string" },
              optional: { title: "Optional", description: "Permit the registered location to optionally exist. Default: false", type: "boolean" },
            },
          },
          {
            type: "object",
            required: ["repoContentsUrl"],
            properties: {
              repoContentsUrl: { title: "Repository Contents URL", description: "An absolute URL pointing to the root of a repository directory tree", type: "string" },
              catalogInfoPath: {
                title: "Fetch URL",
                description: "A relative path from the repo root pointing to the catalog info file, defaults to /catalog-info.yaml",
                type: "string",
              },
              optional: { title: "Optional", description: "Permit the registered location to optionally exist. Default: false", type: "boolean" },
            },
          },
        ],
      },
      output: {
        type: "object",
        required: ["catalogInfoUrl"],
        properties: {
          entityRef: { type: "string", description: "The reference of the entity the location registered" },
          catalogInfoUrl: { type: "string", description: "The URL of the registered catalog file" },
        },
      },
    },
    async handler(ctx) {
      const { input } = ctx;
      let catalogInfoUrl: string;
      if (input.catalogInfoUrl) {
        catalogInfoUrl = input.catalogInfoUrl;
      } else if (input.repoContentsUrl) {
        if (!options.reader.isAllowedUrl(input.repoContentsUrl)) throw new InputError(`No integration found for host ${input.repoContentsUrl}`);
        catalogInfoUrl = resolveScmUrl(input.catalogInfoPath ?? "/catalog-info.yaml", input.repoContentsUrl);
      } else {
        throw new InputError("catalog:register needs catalogInfoUrl, or repoContentsUrl with an optional catalogInfoPath");
      }
      const call = { credentials: ctx.credentials };
      const location = { type: "url", target: catalogInfoUrl };
      ctx.logger.info(`Registering ${catalogInfoUrl} in the catalog`);
      try {
        await options.locations.add(location, {}, call);
      } catch (error) {
        // An optional location may already be registered (or not be readable yet).
        if (!input.optional) throw error;
      }
      try {
        const { entities } = await options.locations.add(location, { dryRun: true }, call);
        const entity = registeredEntity(entities);
        if (entity) ctx.output("entityRef", stringifyEntityRef(entity));
      } catch (error) {
        if (!input.optional) throw error;
      }
      ctx.output("catalogInfoUrl", catalogInfoUrl);
    },
  };
}

/** The entity a registration is about: a Component first, then any entity but the generated Location, as Backstage picks it. */
function registeredEntity(entities: Entity[]): Entity | undefined {
  const named = entities.filter((entity) => !entity.metadata.name.startsWith("generated-"));
  return named.find((entity) => entity.kind === "Component") ?? named[0] ?? entities[0];
}
