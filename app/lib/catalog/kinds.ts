// The built-in kinds and what their spec must hold: Backstage's kind JSON
// schemas (@backstage/catalog-model's schema/kinds, and scaffolder-common's
// Template.v1beta3) as zod. Properties are listed in the JSON schemas' order,
// because ajv's first error, which Backstage reports, depends on that order.

import { z } from "zod";
import { InputError } from "~/lib/errors";
import type { Entity } from "./entity";
import { stringifyEntityRef } from "./entity-ref";
import { describeIssue, jsonTypes, schemaIssues } from "./validation";

const nonEmpty = z.string().min(1);
const refList = z.array(nonEmpty);
const profile = z.looseObject({
  displayName: nonEmpty.optional(),
  email: nonEmpty.optional(),
  picture: nonEmpty.optional(),
});

const componentSpec = z.looseObject({
  type: nonEmpty,
  lifecycle: nonEmpty,
  owner: nonEmpty,
  system: nonEmpty.optional(),
  subcomponentOf: nonEmpty.optional(),
  providesApis: refList.optional(),
  consumesApis: refList.optional(),
  dependsOn: refList.optional(),
});

const apiSpec = z.looseObject({
  type: nonEmpty,
  lifecycle: nonEmpty,
  owner: nonEmpty,
  system: nonEmpty.optional(),
  definition: nonEmpty,
});

const systemSpec = z.looseObject({ owner: nonEmpty, domain: nonEmpty.optional(), type: nonEmpty.optional() });

const domainSpec = z.looseObject({ owner: nonEmpty, subdomainOf: nonEmpty.optional(), type: nonEmpty.optional() });

const resourceSpec = z.looseObject({
  type: nonEmpty,
  owner: nonEmpty,
  dependsOn: refList.optional(),
  system: nonEmpty.optional(),
});

const groupSpec = z.looseObject({
  type: nonEmpty,
  profile: profile.optional(),
  parent: nonEmpty.optional(),
  children: refList,
  members: refList.optional(),
});

const userSpec = z.looseObject({ profile: profile.optional(), memberOf: refList });

// Backstage requires neither target nor targets: a Location without them is
// valid and simply reads nothing.
const locationSpec = z.looseObject({
  type: nonEmpty.optional(),
  target: nonEmpty.optional(),
  targets: refList.optional(),
  presence: z.enum(["required", "optional"]).optional(),
});

const templateSpec = z.looseObject({
  type: nonEmpty,
  owner: nonEmpty.optional(),
  // oneOf [object, array of objects]; ajv reports the first branch's error.
  parameters: z.union([z.looseObject({}), z.array(z.looseObject({}))]).optional(),
  steps: z.array(
    z.looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      action: z.string(),
      input: z.looseObject({}).optional(),
      if: jsonTypes("string", "boolean").optional(),
    }),
  ),
  output: z
    .object({
      links: z
        .array(
          z.looseObject({
            url: nonEmpty.optional(),
            entityRef: nonEmpty.optional(),
            title: nonEmpty.optional(),
            icon: nonEmpty.optional(),
            if: jsonTypes("string", "boolean").optional(),
          }),
        )
        .optional(),
      // Markdown shown on the task page once the task ends (Backstage's Template.v1beta3.schema.json).
      text: z
        .array(
          z.looseObject({
            if: jsonTypes("string", "boolean").optional(),
            title: nonEmpty.optional(),
            icon: nonEmpty.optional(),
            content: z.string().optional(),
          }),
        )
        .optional(),
    })
    .catchall(z.string())
    .optional(),
});

type KindDefinition = {
  apiVersions: readonly string[];
  // Named in the error text, as Backstage's catalog names the processor that failed.
  processor: string;
  // The entity as the kind's schema sees it: the envelope is validateEntity's job.
  schema: z.ZodType;
};

const BACKSTAGE_VERSIONS = ["backstage.io/v1alpha1", "backstage.io/v1beta1"] as const;
const withSpec = (spec: z.ZodType) => z.looseObject({ spec });
const builtin = (spec: z.ZodType): KindDefinition => ({
  apiVersions: BACKSTAGE_VERSIONS,
  processor: "BuiltinKindsEntityProcessor",
  schema: withSpec(spec),
});

const KINDS: Record<string, KindDefinition> = {
  Component: builtin(componentSpec),
  API: builtin(apiSpec),
  System: builtin(systemSpec),
  Domain: builtin(domainSpec),
  Resource: builtin(resourceSpec),
  Group: builtin(groupSpec),
  User: builtin(userSpec),
  Location: builtin(locationSpec),
  Template: {
    apiVersions: ["scaffolder.backstage.io/v1beta3"],
    processor: "ScaffolderEntitiesProcessor",
    schema: withSpec(templateSpec),
  },
};

/** The kinds the catalog accepts, spelled as catalog files must spell them (kind is case-sensitive). */
export const KNOWN_KINDS = ["Component", "API", "System", "Domain", "Resource", "Group", "User", "Location", "Template"] as const;

export type KnownKind = (typeof KNOWN_KINDS)[number];

/** The apiVersions each known kind may be written against. */
export function apiVersionsOf(kind: string): readonly string[] {
  return Object.hasOwn(KINDS, kind) ? KINDS[kind].apiVersions : [];
}

/**
 * Checks an entity (already through validateEntity) against its kind's
 * schema. Throws InputError worded as Backstage's catalog words it: either
 * no kind matched the kind and apiVersion, or the first schema error, e.g.
 * "... caused by TypeError: /spec must have required property 'owner' - missingProperty: owner".
 */
export function validateKind(entity: Entity): void {
  const definition = Object.hasOwn(KINDS, entity.kind) ? KINDS[entity.kind] : undefined;
  const ref = stringifyEntityRef(entity);
  if (!definition || !definition.apiVersions.includes(entity.apiVersion)) {
    throw new InputError(`No processor recognized the entity ${ref} as valid, possibly caused by a foreign kind or apiVersion`);
  }
  const [first] = schemaIssues(definition.schema, entity);
  if (first) {
    throw new InputError(`Processor ${definition.processor} threw an error while validating the entity ${ref}; caused by TypeError: ${describeIssue(first, true)}`);
  }
}

/**
 * Every problem the kind's schema finds, worded as validateKind words the
 * first one ("<path> <message> - <params>"); empty for an unknown kind. The
 * scaffolder lists them all for a template it is given (app/lib/scaffolder/template/).
 */
export function kindSchemaProblems(entity: Entity): string[] {
  const definition = Object.hasOwn(KINDS, entity.kind) ? KINDS[entity.kind] : undefined;
  if (!definition) return [];
  return schemaIssues(definition.schema, entity).map((issue) => describeIssue(issue, true));
}
