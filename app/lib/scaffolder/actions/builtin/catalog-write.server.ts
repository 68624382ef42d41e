import { writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { stringify } from "yaml";
import { InputError } from "../../../errors";
import type { JsonObject, TemplateAction } from "../types";
import { resolveSafePath } from "../workspace.server";
import { stepsExample } from "./example";

// catalog:write, as Backstage's (plugins/scaffolder-backend/src/scaffolder/
// actions/builtin/catalog/write.ts): writes the entity as YAML into the
// workspace (catalog-info.yaml unless filePath says otherwise), annotated
// with the template it came from (backstage.io/source-template).

type Input = { filePath?: string; entity: JsonObject };

export const ANNOTATION_SOURCE_TEMPLATE = "backstage.io/source-template";

export function createCatalogWriteAction(): TemplateAction<Input> {
  return {
    id: "catalog:write",
    description: "Writes the catalog-info.yaml for your template",
    supportsDryRun: true,
    examples: [
      stepsExample("Write a catalog-info.yaml describing a component.", [
        {
          action: "catalog:write",
          id: "create-catalog-info-file",
          name: "Create catalog file",
          input: {
            entity: {
              apiVersion: "backstage.io/v1alpha1",
              kind: "Component",
              metadata: { name: "test", annotations: {} },
              spec: { type: "service", lifecycle: "production", owner: "default/owner" },
            },
          },
        },
      ]),
    ],
    schema: {
      input: {
        type: "object",
        required: ["entity"],
        properties: {
          filePath: { title: "Catalog file path", description: "Defaults to catalog-info.yaml", type: "string" },
          entity: { title: "Entity info to write catalog-info.yaml", description: "The entity to write, with the fields of the Entity schema.", type: "object" },
        },
      },
    },
    async handler(ctx) {
      const { entity } = ctx.input;
      if (!entity || typeof entity !== "object" || Array.isArray(entity)) throw new InputError("entity must be an object");
      const filePath = ctx.input.filePath ?? "catalog-info.yaml";
      const target = await resolveSafePath(ctx.workspacePath, filePath);
      const templateRef = ctx.templateInfo?.entityRef;
      const metadata = (entity.metadata && typeof entity.metadata === "object" && !Array.isArray(entity.metadata) ? entity.metadata : {}) as JsonObject;
      const annotations = (metadata.annotations && typeof metadata.annotations === "object" && !Array.isArray(metadata.annotations) ? metadata.annotations : {}) as JsonObject;
      const written = templateRef ? { ...entity, metadata: { ...metadata, annotations: { ...annotations, [ANNOTATION_SOURCE_TEMPLATE]: templateRef } } } : entity;
      ctx.logger.info(`Writing ${filePath}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, stringify(written));
    },
  };
}
