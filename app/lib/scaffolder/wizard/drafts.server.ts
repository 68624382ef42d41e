import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { PayloadTooLargeError } from "../../errors";
import type { JsonObject } from "./json";

// The wizard's drafts: per user and template, the values entered so far and
// the step the user is on. They live on the server so that a form post can
// move between steps without JavaScript (docs/decisions/033). A draft nobody
// touched for DRAFT_TTL_MS is gone: reads ignore it and every save sweeps
// such drafts of all users, through the index on updated_at.

/** A draft untouched for a week is forgotten. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A draft's values are at most this many bytes of JSON. */
export const MAX_DRAFT_BYTES = 256 * 1024;

export type Draft = { values: JsonObject; currentStep: number; updatedAt: number };
export type DraftAddress = { userRef: string; templateRef: string };

export type WizardDrafts = ReturnType<typeof createWizardDrafts>;

export function createWizardDrafts(db: Kysely<Database>, clock: () => number = Date.now) {
  return {
    async find(address: DraftAddress): Promise<Draft | undefined> {
      const row = await db
        .selectFrom("scaffolder_wizard_drafts")
        .select(["values_json", "current_step", "updated_at"])
        .where("user_ref", "=", address.userRef)
        .where("template_ref", "=", address.templateRef)
        .where("updated_at", ">", clock() - DRAFT_TTL_MS)
        .executeTakeFirst();
      return row && { values: JSON.parse(row.values_json) as JsonObject, currentStep: Number(row.current_step), updatedAt: Number(row.updated_at) };
    },

    async save(address: DraftAddress, draft: { values: JsonObject; currentStep: number }): Promise<void> {
      const valuesJson = JSON.stringify(draft.values);
      const bytes = Buffer.byteLength(valuesJson);
      if (bytes > MAX_DRAFT_BYTES) throw new PayloadTooLargeError(`A draft may be at most ${MAX_DRAFT_BYTES} bytes of JSON, got ${bytes}`);
      const now = clock();
      await db
        .deleteFrom("scaffolder_wizard_drafts")
        .where("updated_at", "<=", now - DRAFT_TTL_MS)
        .execute();
      await db
        .insertInto("scaffolder_wizard_drafts")
        .values({ user_ref: address.userRef, template_ref: address.templateRef, values_json: valuesJson, current_step: draft.currentStep, updated_at: now })
        .onConflict((conflict) => conflict.columns(["user_ref", "template_ref"]).doUpdateSet({ values_json: valuesJson, current_step: draft.currentStep, updated_at: now }))
        .execute();
    },

    async remove(address: DraftAddress): Promise<void> {
      await db.deleteFrom("scaffolder_wizard_drafts").where("user_ref", "=", address.userRef).where("template_ref", "=", address.templateRef).execute();
    },
  };
}
