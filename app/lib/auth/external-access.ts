import { z } from "zod";
import type { PermissionAction } from "../permission/permissions";
import type { AccessRestrictions } from "./credentials";

// backend.auth.externalAccess, as Backstage configures it: callers outside
// the portal (CLIs, CI) present a static token and act as a service
// principal named by its subject, optionally restricted per plugin.
//
//   backend:
//     auth:
//       externalAccess:
//         - type: static
//           options: { token: ${CI_TOKEN}, subject: ci-pipeline }
//           accessRestrictions:
//             - plugin: catalog
//               permission: catalog.entity.read, catalog.location.read
//               permissionAttribute: { action: read }
//
// Messages are Backstage's (StaticTokenHandler), prefixed by the key at fault.

/** Backstage's minimum length of a static token. */
export const MIN_STATIC_TOKEN_LENGTH = 8;
export const SUPPORTED_EXTERNAL_ACCESS_TYPES = ["static"] as const;
const ACTIONS: readonly PermissionAction[] = ["create", "read", "update", "delete"];

const nonSpace = /^\S+$/;

/** A string or a list of strings, split on commas and spaces, deduplicated (Backstage's reading). */
const stringOrList = z.union([z.string(), z.array(z.string())]).transform((value) => {
  const values = [...new Set((Array.isArray(value) ? value : [value]).flatMap((item) => item.split(/[ ,]/)).filter(Boolean))];
  return values.length ? values : undefined;
});

const accessRestriction = z.strictObject({
  plugin: z.string().min(1, "must name a plugin id"),
  permission: stringOrList.optional(),
  permissionAttribute: z
    .strictObject({
      action: stringOrList.optional().superRefine((values, ctx) => {
        for (const value of values ?? []) {
          if (!ACTIONS.includes(value as PermissionAction)) {
            ctx.addIssue({ code: "custom", message: `Invalid value '${value}', valid values are ${ACTIONS.map((action) => `'${action}'`).join(", ")}` });
          }
        }
      }),
    })
    .optional(),
});

const staticEntry = z.strictObject({
  type: z.literal("static"),
  options: z.strictObject({
    token: z
      .string()
      .regex(nonSpace, "Illegal token, must be a set of non-space characters")
      .min(MIN_STATIC_TOKEN_LENGTH, `Illegal token, must be at least ${MIN_STATIC_TOKEN_LENGTH} characters length`),
    subject: z.string().regex(nonSpace, "Illegal subject, must be a set of non-space characters"),
  }),
  accessRestrictions: z.array(accessRestriction).optional(),
});

const entry = z
  .looseObject({ type: z.string() })
  .superRefine((value, ctx) => {
    if (!(SUPPORTED_EXTERNAL_ACCESS_TYPES as readonly string[]).includes(value.type)) {
      ctx.addIssue({
        code: "custom",
        path: ["type"],
        message: `Unknown type '${value.type}', expected one of ${SUPPORTED_EXTERNAL_ACCESS_TYPES.map((type) => `'${type}'`).join(", ")}`,
      });
      return;
    }
    // The static entry's own issues pass through as they are, so they read like every other config problem.
    const parsed = staticEntry.safeParse(value, { reportInput: true });
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue(issue as never);
    const plugins = new Set<string>();
    for (const [index, restriction] of (parsed.data?.accessRestrictions ?? []).entries()) {
      if (plugins.has(restriction.plugin)) {
        ctx.addIssue({
          code: "custom",
          path: ["accessRestrictions", index, "plugin"],
          message: `Attempted to declare 'accessRestrictions' twice for plugin '${restriction.plugin}', which is not permitted`,
        });
      }
      plugins.add(restriction.plugin);
    }
  })
  .transform((value) => staticEntry.parse(value));

export const externalAccessSchema = z.array(entry).superRefine((entries, ctx) => {
  const seen = new Set<string>();
  entries.forEach((value, index) => {
    if (seen.has(value.options.token)) ctx.addIssue({ code: "custom", path: [index, "options", "token"], message: "Static externalAccess token was declared more than once" });
    seen.add(value.options.token);
  });
});

export const backendAuthSchema = z.object({ externalAccess: externalAccessSchema.default([]) });

export type ExternalAccessEntry = z.output<typeof staticEntry>;

/** An entry's restrictions by plugin id; undefined when the token may reach every plugin. */
export function restrictionsByPlugin(value: ExternalAccessEntry): Map<string, AccessRestrictions> | undefined {
  if (!value.accessRestrictions?.length) return undefined;
  return new Map(
    value.accessRestrictions.map((restriction) => [
      restriction.plugin,
      {
        ...(restriction.permission ? { permissionNames: restriction.permission } : {}),
        ...(restriction.permissionAttribute?.action ? { permissionAttributes: { action: restriction.permissionAttribute.action as PermissionAction[] } } : {}),
      },
    ]),
  );
}
