import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../../tests/support/databases";
import { createWizardDrafts, DRAFT_TTL_MS, MAX_DRAFT_BYTES } from "./drafts.server";

const ADA = { userRef: "user:default/ada", templateRef: "template:default/node-service" };
const BOB = { userRef: "user:default/bob", templateRef: "template:default/node-service" };

describe.each(TEST_ENGINES)("wizard drafts on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  it("keeps one draft per user and template, replaced by the next save and gone once removed", async () => {
    let now = 1_800_000_000_000;
    const drafts = createWizardDrafts(database.db, () => now);
    await drafts.save(ADA, { values: { name: "orders", tags: ["a", "b"], repo: { owner: "me" } }, currentStep: 1 });
    now += 1000;
    await drafts.save(ADA, { values: { name: "orders-api" }, currentStep: 2 });
    await drafts.save(BOB, { values: { name: "bobs" }, currentStep: 0 });
    expect(await drafts.find(ADA)).toEqual({ values: { name: "orders-api" }, currentStep: 2, updatedAt: now });
    expect(await drafts.find(BOB)).toMatchObject({ values: { name: "bobs" }, currentStep: 0 });
    expect(await drafts.find({ ...ADA, templateRef: "template:default/other" })).toBeUndefined();
    await drafts.remove(ADA);
    expect(await drafts.find(ADA)).toBeUndefined();
    expect(await drafts.find(BOB)).toBeDefined();
  });

  it("forgets a draft untouched for a week: reads ignore it and the next save sweeps it", async () => {
    let now = 1_800_000_000_000;
    const drafts = createWizardDrafts(database.db, () => now);
    await drafts.save(ADA, { values: { name: "old" }, currentStep: 1 });
    now += DRAFT_TTL_MS - 1;
    expect(await drafts.find(ADA)).toBeDefined();
    now += 1;
    expect(await drafts.find(ADA)).toBeUndefined();
    await drafts.save(BOB, { values: {}, currentStep: 0 });
    const rows = await database.db.selectFrom("scaffolder_wizard_drafts").select("user_ref").execute();
    expect(rows.map((row) => row.user_ref)).toEqual([BOB.userRef]);
  });

  it("refuses a draft larger than the limit with 413", async () => {
    const drafts = createWizardDrafts(database.db);
    await expect(drafts.save(ADA, { values: { blob: "x".repeat(MAX_DRAFT_BYTES) }, currentStep: 0 })).rejects.toMatchObject({ name: "PayloadTooLargeError" });
    expect(await drafts.find(ADA)).toBeUndefined();
  });
});
