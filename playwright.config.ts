import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Two apps and a proxy: one app at the root, one under /portal behind nginx
// running docs/nginx/atrium.conf. Every test runs with JavaScript on and off.
// ATRIUM_E2E_PORT moves all three, so two checkouts can run their suites at once.
const FIRST_PORT = Number(process.env.ATRIUM_E2E_PORT ?? 7411);
export const ROOT_APP_PORT = FIRST_PORT;
export const PREFIXED_APP_PORT = FIRST_PORT + 1;
export const NGINX_PORT = FIRST_PORT + 2;
/** The catalog files the dialogs' tests register and change (tests/e2e/support/catalog-fixture-server.js). */
export const CATALOG_FIXTURE_PORT = FIRST_PORT + 3;
/** The fakes of GitHub and Azure DevOps the import opens pull requests on (tests/e2e/support/source-hosts.ts). */
export const GITHUB_PORT = FIRST_PORT + 4;
export const AZURE_DEVOPS_PORT = FIRST_PORT + 5;

/** The tokens the fake source hosts accept. */
export const GITHUB_TOKEN = "ghp_e2e_token_0123456789";
export const AZURE_DEVOPS_TOKEN = "azure-pat-e2e-0123456789";

/** The apps' integrations: the fake source hosts and their tokens. */
const INTEGRATIONS = JSON.stringify({
  github: [
    {
      host: `127.0.0.1:${GITHUB_PORT}`,
      apiBaseUrl: `http://127.0.0.1:${GITHUB_PORT}/api/v3`,
      rawBaseUrl: `http://127.0.0.1:${GITHUB_PORT}/raw`,
      baseUrl: `http://127.0.0.1:${GITHUB_PORT}`,
      token: GITHUB_TOKEN,
    },
  ],
  azure: [{ host: `127.0.0.1:${AZURE_DEVOPS_PORT}`, apiBaseUrl: `http://127.0.0.1:${AZURE_DEVOPS_PORT}`, token: AZURE_DEVOPS_TOKEN }],
});

/** Each app's git host (scaffolder.localGit): emptied when the app starts, so a run begins with no repositories. */
const gitRootOf = (port: number) => path.join(tmpdir(), `atrium-e2e-git-${port}`);

/** Each app's copy of the docs the sync test changes (tests/fixtures/techdocs-sync, tests/e2e/techdocs-sync.spec.ts): fresh when the app starts. */
export const syncDocsDirOf = (port: number) => path.join(tmpdir(), `atrium-e2e-techdocs-sync-${port}`);

const app = (port: number, baseUrl: string, extraEnv: Record<string, string> = {}) => ({
  command: `rm -rf ${gitRootOf(port)} ${syncDocsDirOf(port)} && cp -R tests/fixtures/techdocs-sync ${syncDocsDirOf(port)} && node --disable-warning=ExperimentalWarning server/index.js --config tests/e2e/app-config.e2e.yaml`,
  url: `http://127.0.0.1:${port}/.backstage/health/v1/readiness`,
  reuseExistingServer: false,
  timeout: 30_000,
  env: {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    ATRIUM_BASE_URL: baseUrl,
    ATRIUM_E2E_FIXTURE_PORT: String(CATALOG_FIXTURE_PORT),
    APP_CONFIG_scaffolder_localGit_root: gitRootOf(port),
    ATRIUM_E2E_SYNC_DIR: syncDocsDirOf(port),
    APP_CONFIG_integrations: INTEGRATIONS,
    ...extraEnv,
  },
});

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/source-hosts.ts",
  workers: 2,
  // CI's machine has run this suite about three times slower than a quiet
  // 2-core development machine (56 minutes against 18), and the Kubernetes tab polls
  // every 10 s, so a test there outlives a poll or two: twice Playwright's
  // default time for a test and for an assertion to come true. A test that
  // passes takes no longer for it.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry, reported as flaky: headless Chromium on a busy 2-core machine
  // now and then loses a page ("Not attached to an active page"). A test that
  // fails twice still fails the run.
  retries: 1,
  forbidOnly: true,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://127.0.0.1:${ROOT_APP_PORT}`,
    // Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // *.js-only.spec.ts covers what only scripts do (timers, live updates).
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/ },
  ],
  webServer: [
    app(ROOT_APP_PORT, `http://127.0.0.1:${ROOT_APP_PORT}`),
    app(PREFIXED_APP_PORT, `http://127.0.0.1:${NGINX_PORT}/portal`, { APP_CONFIG_backend_trustProxy: "true" }),
    {
      command: `node tests/e2e/support/nginx.js ${PREFIXED_APP_PORT} ${NGINX_PORT}`,
      url: `http://127.0.0.1:${NGINX_PORT}/portal/healthcheck`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node tests/e2e/support/catalog-fixture-server.js ${CATALOG_FIXTURE_PORT}`,
      url: `http://127.0.0.1:${CATALOG_FIXTURE_PORT}/healthcheck`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
