import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dropTestDatabase, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, repoRoot, startServer, type RunningServer } from "../tests/support/server";

// Two replicas of the built server started at the same moment on one fresh
// PostgreSQL database (it does not even exist yet): both create it, migrate
// it and register the config's catalog locations, and neither may crash on
// the other's rows. Start-up takes a PostgreSQL advisory lock for this
// (AtriumDatabase.exclusively in app/lib/db/client.server.ts), so the
// replicas migrate and seed one after the other. A race is a matter of
// timing, so it is run several times: every other trial with two worker
// processes per replica (backend.workers, docs/decisions/048-workers.md),
// whose first worker migrates and seeds before the other starts, so four
// processes share the database and two of them contend for the lock.

const TRIALS = 4;

const configFor = (database: TestDatabaseConfig, workers: number) => `
backend:
  workers: ${workers}
  database:
    client: pg
    connection: ${JSON.stringify(database.connection)}
catalog:
  locations:
    - type: file
      target: ./examples/catalog-info.yaml
    - type: url
      target: https://example.invalid/one/catalog-info.yaml
    - type: url
      target: https://example.invalid/two/catalog-info.yaml
`;

/** Waits for the server to answer ready, or to exit; an exit is reported with the server's log lines of level error and above. */
async function readyOrExited(server: RunningServer): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      const errors = server
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line));
      return `exited with ${server.process.exitCode}: ${errors.join("\n").slice(0, 3000)}`;
    }
    const response = await fetch(`${server.url}/.backstage/health/v1/readiness`).catch(() => undefined);
    if (response?.status === 200) return "ready";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return "not ready within a minute";
}

describe("replicas starting together on a fresh PostgreSQL database", () => {
  const servers: RunningServer[] = [];
  const databases: TestDatabaseConfig[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    for (const database of databases.splice(0)) await dropTestDatabase(database);
  });

  it(`both start and serve, with each config location registered once (${TRIALS} trials, one or two workers each)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const database = testDatabaseConfig("pg");
      databases.push(database);
      const workers = trial % 2 === 0 ? 1 : 2;
      const config = configFor(database, workers);
      const started = await Promise.allSettled([startServer(config), startServer(config)]);
      for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
      const failures = started.flatMap((result) => (result.status === "rejected" ? [String(result.reason).slice(0, 3000)] : []));
      expect(failures, `trial ${trial + 1}`).toEqual([]);
      // Listening comes before the database is ready: each must become ready, not exit.
      expect(await Promise.all(servers.map(readyOrExited)), `trial ${trial + 1}`).toEqual(["ready", "ready"]);
      if (workers > 1) {
        for (const server of servers)
          await eventually(async () => (server.output().includes('"msg":"Every worker process is ready"') ? true : undefined), `every worker of trial ${trial + 1}`, 60_000);
      }

      for (const server of servers) {
        const response = await fetch(`${server.url}/api/catalog/locations`, { headers: API_AUTHORIZATION });
        expect(response.status).toBe(200);
        const roots = await fetch(`${server.url}/api/catalog/entities/by-query?filter=kind=location&limit=100`, { headers: API_AUTHORIZATION });
        const { items } = (await roots.json()) as { items: { metadata: { name: string; annotations: Record<string, string> } }[] };
        // The three config roots, each once, whoever of the two registered them.
        const configRoots = items.filter((entity) => entity.metadata.name.startsWith("generated-")).map((entity) => entity.metadata.annotations["backstage.io/managed-by-location"]);
        expect(configRoots.sort()).toEqual([
          `file:${path.join(repoRoot, "examples/catalog-info.yaml")}`,
          "url:https://example.invalid/one/catalog-info.yaml",
          "url:https://example.invalid/two/catalog-info.yaml",
        ]);
      }
      for (const server of servers) expect(server.process.exitCode).toBeNull();
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      await dropTestDatabase(database);
      databases.pop();
    }
  }, 300_000);
});
