import type { Credentials } from "~/lib/auth/credentials";
import type { EntityService } from "~/lib/catalog/catalog-service.server";
import { stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { InputError, NotFoundError } from "~/lib/errors";
import type { PermissionService } from "~/lib/permission/permission-service.server";
import { templateParameterReadPermission, templateStepReadPermission } from "../permission/permissions";
import type { JsonObject } from "../actions/types";
import { isTemplateEntity } from "./template";
import type { TemplateEntity } from "./template";

// Reading a template for the scaffolder, as Backstage's findTemplate and
// authorizeTemplate do (plugins/scaffolder-backend/src/service/helpers.ts and
// router.ts): through the catalog with the caller's credentials, so a
// template they may not read is not found; then the parameter steps and
// steps they may not read (scaffolder.template.parameter.read and
// .step.read, conditional on their `backstage:permissions` tags) are left out.

export type TemplateRef = { kind: string; namespace: string; name: string };

export async function readTemplate(ref: TemplateRef, options: { entities: Pick<EntityService, "entityByRef">; permissions: PermissionService; credentials: Credentials }): Promise<TemplateEntity> {
  if (ref.kind.toLocaleLowerCase("en-US") !== "template") {
    throw new InputError("Invalid kind, only 'Template' kind is supported");
  }
  const entity = await options.entities.entityByRef(stringifyEntityRef(ref), { credentials: options.credentials });
  if (!entity) throw new NotFoundError(`Template ${stringifyEntityRef(ref)} not found`);
  if (!isTemplateEntity(entity)) throw new InputError(`Unsupported apiVersion field in schema entity, ${entity.apiVersion}`);
  return authorizedParts(entity, options.permissions, options.credentials);
}

/** The template with only the parameter steps and steps the caller may read. */
export function authorizedParts(template: TemplateEntity, permissions: PermissionService, credentials: Credentials): TemplateEntity {
  const mayRead = (permission: typeof templateParameterReadPermission, part: JsonObject) => permissions.allowedOn(credentials, permission, part);
  const spec = { ...template.spec };
  if (Array.isArray(spec.parameters)) {
    spec.parameters = spec.parameters.filter((step) => mayRead(templateParameterReadPermission, step));
  } else if (spec.parameters && !mayRead(templateParameterReadPermission, spec.parameters)) {
    spec.parameters = undefined;
  }
  spec.steps = (spec.steps ?? []).filter((step) => mayRead(templateStepReadPermission, step as JsonObject));
  return { ...template, spec };
}
