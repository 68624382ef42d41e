import { expect, test, type Page } from "@playwright/test";
import { signInAsCustomUser, uniqueUserId } from "./support/custom-user";

// The report-issue add-on: a selection in the article, after it rests, is
// offered as a new issue on the docs' GitHub repository (only scripts read a
// selection). The site is tests/fixtures/techdocs-reader.

const READER = "/docs/default/component/reader-handbook";

async function openReader(page: Page, path: string) {
  await page.goto(path);
  await expect(async () => {
    if (await page.getByTestId("docs-building").isVisible()) await page.reload();
    await expect(page.locator("article.docs-article")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // With JavaScript, the article's links and images act once the page is hydrated.
  if (test.info().project.name === "js") await expect(page.locator("article.docs-article")).toHaveAttribute("data-enhanced", "");
}

test("offers the selected text as a new GitHub issue", async ({ page }, testInfo) => {
  await signInAsCustomUser(page, uniqueUserId(testInfo, "docs-issue"));
  await openReader(page, `${READER}/ops/deploy/`);
  await page.getByText("Roll back by deploying the previous tag.").selectText();
  const link = page.getByTestId("report-issue").getByRole("link", { name: "Open new Github issue" });
  await expect(link).toBeVisible();
  const href = new URL((await link.getAttribute("href")) ?? "");
  expect(`${href.origin}${href.pathname}`).toBe("https://github.com/acme/reader-handbook/issues/new");
  const paragraph = "Roll back by deploying the previous tag. The deployment pipeline keeps the last ten releases ready to go out again.";
  expect(href.searchParams.get("title")).toBe(`Documentation feedback: ${paragraph.slice(0, 70)}...`);
  expect(href.searchParams.get("body")).toContain("> Roll back by deploying the previous tag.");
});
