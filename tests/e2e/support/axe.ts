import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "@playwright/test";

// axe-core, run in the page as it stands: the serious and critical findings,
// one line each (rule id and where), so a failing test says what to fix.
// axe needs scripts (its own timers), so a page of the no-js project is
// checked as a copy: the same URL and cookies in a context whose page scripts
// are refused, which leaves the HTML the server sent, not hydrated.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeResults = { violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }> };

type FindingOptions = {
  /** Selectors of parts the caller does not answer for (axe's context exclusion). */
  exclude?: string[];
  /** Only these rules (axe's runOnly); every rule axe enables by default otherwise. */
  rules?: string[];
  /** Open every closed `<details>` first, so what a disclosure hides is checked too (axe skips hidden content). */
  openDisclosures?: boolean;
};

export async function seriousAccessibilityFindings(page: Page, { exclude = [], rules, openDisclosures = false }: FindingOptions = {}): Promise<string[]> {
  if (openDisclosures) {
    await page.evaluate(() => {
      for (const details of document.querySelectorAll("details:not([open])")) details.setAttribute("open", "");
    });
  }
  await page.evaluate((source) => (0, eval)(source), AXE_SOURCE);
  const results = await page.evaluate(
    ({ excluded, only }) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(
        { include: [["html"]], exclude: excluded.map((selector) => [selector]) },
        only ? { runOnly: { type: "rule", values: only } } : {},
      ),
    { excluded: exclude, only: rules },
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** A copy of a context whose page scripts do not load: one page, reused for every URL it checks. */
export type ScriptlessCopy = { findings(url: string, options?: FindingOptions): Promise<string[]>; close(): Promise<void> };

/**
 * Opens a copy of `context` (its cookies as they are now) whose page scripts
 * are refused, to check many pages as the server renders them. `viewport`:
 * the copy's screen size (Playwright's default otherwise).
 */
export async function openScriptlessCopy(context: BrowserContext, { viewport }: { viewport?: { width: number; height: number } } = {}): Promise<ScriptlessCopy> {
  const browser = context.browser();
  if (!browser) throw new Error("no browser behind the context");
  const copy = await browser.newContext({ storageState: await context.storageState(), javaScriptEnabled: true, ...(viewport ? { viewport } : {}) });
  await copy.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  const page = await copy.newPage();
  return {
    async findings(url, options) {
      await page.goto(url);
      await page.locator("main").first().waitFor({ state: "attached" });
      return seriousAccessibilityFindings(page, options);
    },
    close: () => copy.close(),
  };
}

/** The findings of `url` as the server renders it, in a copy of `context` whose page scripts do not load. */
export async function seriousAccessibilityFindingsWithoutScripts(
  context: BrowserContext,
  url: string,
  { viewport, ...options }: FindingOptions & { viewport?: { width: number; height: number } } = {},
): Promise<string[]> {
  const copy = await openScriptlessCopy(context, { viewport });
  try {
    return await copy.findings(url, options);
  } finally {
    await copy.close();
  }
}
