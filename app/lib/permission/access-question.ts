import { z } from "zod";
import { parseEntityRef, stringifyEntityRef } from "../catalog/entity-ref";
import { getPermission } from "./known-permissions";

// The question /settings/access answers: "why can or can't user X do P on
// entity E?". One schema for the GET form's query, parsed through conform
// (app/lib/forms/submission.ts) on the server and in the browser; failures
// are message keys of the catalogue (settingsAccess.*), translated where
// they are shown.

const MAX_REF_LENGTH = 512;

function refIn(kind: string | undefined, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_REF_LENGTH, { error: message })
    .transform((value, ctx) => {
      try {
        return stringifyEntityRef(parseEntityRef(value, kind ? { defaultKind: kind } : undefined));
      } catch {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
    });
}

export const accessQuestionSchema = z.object({
  user: refIn("user", "settingsAccess.userInvalid").pipe(z.string().refine((ref) => ref.startsWith("user:"), { error: "settingsAccess.userInvalid" })),
  permission: z.string({ error: "settingsAccess.permissionInvalid" }).refine((name) => getPermission(name) !== undefined, { error: "settingsAccess.permissionInvalid" }),
  // Optional: an empty field (conform reads it as absent) means the question is about the permission alone.
  entity: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), refIn(undefined, "settingsAccess.entityInvalid").optional()),
});

export type AccessQuestion = z.output<typeof accessQuestionSchema>;
