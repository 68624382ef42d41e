import { z } from "zod";
import type { KubernetesRequestAuth } from "./types";

// The bodies of /api/kubernetes's queries, with Backstage's messages
// (kubernetes-backend routes/resourcesRoutes.ts).

/** The user's tokens per auth provider; absent is none. */
export const requestAuthSchema = z
  .record(z.string(), z.unknown(), { error: "auth must be an object of tokens by auth provider" })
  .optional()
  .transform((auth) => (auth ?? {}) as KubernetesRequestAuth);

export const entityRefSchema = z.unknown().transform((value, ctx): string => {
  if (value === undefined || value === null || value === "") {
    ctx.addIssue({ code: "custom", message: "entity is a required field" });
    return z.NEVER;
  }
  if (typeof value !== "string") {
    ctx.addIssue({ code: "custom", message: "entity query must be a string" });
    return z.NEVER;
  }
  return value;
});

const customResource = z.object(
  {
    group: z.string({ error: "customResources[].group must be a string" }),
    apiVersion: z.string({ error: "customResources[].apiVersion must be a string" }),
    plural: z.string({ error: "customResources[].plural must be a string" }),
  },
  { error: "customResources must be an array of objects with group, apiVersion and plural" },
);

export const customResourcesSchema = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null) {
    ctx.addIssue({ code: "custom", message: "customResources is a required field" });
    return z.NEVER;
  }
  if (!Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: "customResources must be an array" });
    return z.NEVER;
  }
  if (value.length === 0) {
    ctx.addIssue({ code: "custom", message: "at least 1 customResource is required" });
    return z.NEVER;
  }
  const parsed = z.array(customResource).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "customResources must be an array" });
    return z.NEVER;
  }
  return parsed.data;
});
