import { InputError } from "../../../errors";
import type { Entity } from "../../../catalog/entity";
import { parseEntityRef, stringifyEntityRef } from "../../../catalog/entity-ref";
import type { CallOptions } from "../../../catalog/catalog-service.server";
import type { JsonValue, TemplateAction } from "../types";
import { stepsExample } from "./example";

// catalog:fetch, as Backstage's (plugins/scaffolder-backend/src/scaffolder/
// actions/builtin/catalog/fetch.ts): one entity by `entityRef`, or several
// by `entityRefs`, read with the credentials of the user who started the
// task, so that a template sees only what its user may read.

type Input = { entityRef?: string; entityRefs?: string[]; optional?: boolean; defaultKind?: string; defaultNamespace?: string };

export type CatalogEntityReader = {
  entityByRef(ref: string, call: CallOptions): Promise<Entity | undefined>;
  entitiesByRefs(request: { entityRefs: string[] }, call: CallOptions): Promise<{ items: Array<Partial<Entity> | null> }>;
};

export function createFetchCatalogEntityAction(options: { entities: CatalogEntityReader }): TemplateAction<Input> {
  return {
    id: "catalog:fetch",
    description: "Returns entity or entities from the catalog by entity reference(s)",
    supportsDryRun: true,
    examples: [
      stepsExample("Fetch one entity by its reference.", [{ action: "catalog:fetch", id: "fetch", name: "Fetch catalog entity", input: { entityRef: "component:default/name" } }]),
      stepsExample("Fetch several entities by their references.", [
        { action: "catalog:fetch", id: "fetchMultiple", name: "Fetch catalog entities", input: { entityRefs: ["component:default/name"] } },
      ]),
      stepsExample("Fetch an entity by name, with a default kind and namespace, and go on when it does not exist.", [
        { action: "catalog:fetch", id: "fetch", name: "Fetch catalog entity", input: { entityRef: "name", defaultKind: "component", defaultNamespace: "default", optional: true } },
      ]),
    ],
    schema: {
      input: {
        type: "object",
        properties: {
          entityRef: { type: "string", description: "Entity reference of the entity to get" },
          entityRefs: { type: "array", items: { type: "string" }, description: "Entity references of the entities to get" },
          optional: { type: "boolean", description: "Allow the entity or entities to optionally exist. Default: false" },
          defaultKind: { type: "string", description: "The default kind" },
          defaultNamespace: { type: "string", description: "The default namespace" },
        },
      },
      output: {
        type: "object",
        properties: {
          entity: { description: "The entity, with the fields of the Entity schema. Only when used with `entityRef` parameter." },
          entities: {
            type: "array",
            items: { description: "The entities, each with the fields of the Entity schema (null for one not found). Only when used with `entityRefs` parameter." },
          },
        },
      },
    },
    async handler(ctx) {
      const { entityRef, entityRefs, optional, defaultKind, defaultNamespace } = ctx.input;
      if (!entityRef && !entityRefs) {
        if (optional) return;
        throw new InputError("Missing entity reference or references");
      }
      const call = { credentials: ctx.credentials };
      const normalise = (ref: string) => stringifyEntityRef(parseEntityRef(ref, { defaultKind, defaultNamespace }));
      if (entityRef) {
        const entity = await options.entities.entityByRef(normalise(entityRef), call);
        if (!entity && !optional) throw new Error(`Entity ${entityRef} not found`);
        ctx.output("entity", (entity ?? null) as JsonValue);
      }
      if (entityRefs) {
        const { items } = await options.entities.entitiesByRefs({ entityRefs: entityRefs.map(normalise) }, call);
        const entities = items.map((entity, index) => {
          if (!entity && !optional) throw new Error(`Entity ${entityRefs[index]} not found`);
          return entity ?? null;
        });
        ctx.output("entities", entities as JsonValue);
      }
    },
  };
}
