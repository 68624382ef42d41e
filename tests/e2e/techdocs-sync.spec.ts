import { writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ROOT_APP_PORT, syncDocsDirOf } from "../../playwright.config";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// A changed docs source shows up after a sync. Each project changes its own
// site (tests/fixtures/techdocs-sync, copied for each app to a temporary
// folder by playwright.config.ts). With JavaScript, the reader syncs over
// the event stream once a page is shown and says 'A newer version of this
// documentation is now available, please refresh to view.' when a newer build
// has landed; without it, a read after techdocs.build.throttle (two seconds in
// tests/e2e/app-config.e2e.yaml) starts the check, and a later read shows the
// new build.

const THROTTLE_MS = 2_000;

async function openReader(page: Page, readerPath: string) {
  await page.goto(readerPath);
  await expect(async () => {
    if (await page.getByTestId("docs-building").isVisible()) await page.reload();
    await expect(page.locator("article.docs-article")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

test("shows a changed source after the sync", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const reader = `/docs/default/component/sync-handbook-${project}/`;
  const source = path.join(syncDocsDirOf(ROOT_APP_PORT), project, "docs", "index.md");
  await signInAsCustomUser(page, uniqueUserId(testInfo, "docs-sync"));
  await openReader(page, reader);
  const article = page.locator("article.docs-article");
  await expect(article.getByRole("heading", { level: 1, name: "Sync handbook" })).toBeVisible();

  const sentence = `Changed on disk at ${Date.now()}.`;
  await expect(article).not.toContainText(sentence);
  await writeFile(source, `# Sync handbook\n\n${sentence}\n`);
  // The throttle is the server's rule (Backstage's): a check sooner than it after the last one answers "unchanged" at once.
  await page.waitForTimeout(THROTTLE_MS + 500);

  if (project === "js") {
    await page.reload();
    await expect(page.locator("article.docs-article")).toHaveAttribute("data-enhanced", "");
    // While the old build is read, the sync lands the new one and the reader says so.
    const notice = page.getByTestId("docs-newer-version");
    await expect(notice).toContainText("A newer version of this documentation is now available, please refresh to view.", { timeout: 30_000 });
    await notice.getByRole("link", { name: "Refresh" }).click();
    await expect(page.locator("article.docs-article")).toContainText(sentence);
    return;
  }
  await expect(async () => {
    await page.reload();
    await expect(page.locator("article.docs-article")).toContainText(sentence, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});
