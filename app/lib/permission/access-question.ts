import { z } from "zod";
import { parseEntityRef, stringifyEntityRef } from "../catalog/entity-ref";
import { getPermission } from "./permissions";

// The question /settings/access answers: "why can or can't user X do P on
// entity E?". One schema for the GET form's query; failures are message
// keys of the catalogue (settingsAccess.*), translated where they are shown.

const MAX_REF_LENGTH = 512;

function refIn(kind: string | undefined) {
  return z
    .string()
    .trim()
    .max(MAX_REF_LENGTH)
    .transform((value, ctx) => {
      try {
        return stringifyEntityRef(parseEntityRef(value, kind ? { defaultKind: kind } : undefined));
      } catch {
        ctx.addIssue({ code: "custom", message: "invalid" });
        return z.NEVER;
      }
    });
}

export const accessQuestionSchema = z.object({
  user: refIn("user").pipe(z.string().refine((ref) => ref.startsWith("user:"), "invalid")),
  permission: z.string().refine((name) => getPermission(name) !== undefined, "invalid"),
  // Optional: an empty field means the question is about the permission alone.
  entity: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), refIn(undefined).optional()),
});

export type AccessQuestion = z.output<typeof accessQuestionSchema>;

export const ACCESS_FIELD_MESSAGES = {
  user: "settingsAccess.userInvalid",
  permission: "settingsAccess.permissionInvalid",
  entity: "settingsAccess.entityInvalid",
} as const;
