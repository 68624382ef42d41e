import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type AtriumDatabase } from "../app/lib/db/client.server";
import { dropTestDatabase, testDatabaseConfig, type TestDatabaseConfig } from "../tests/support/databases";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, repoRoot, startServer, type RunningServer } from "../tests/support/server";

// Two replicas of the built server on one PostgreSQL database, behind one
// nginx running the recipe operators copy (docs/nginx/atrium.conf, both
// replicas on its upstream), ingesting a catalog of several thousand
// entities in several Location entities. Both replicas serve through the
// proxy; one of them runs the ingestion (catalog processing is one global
// task of the scheduler, leased in scheduler_tasks, and each location is
// leased in catalog_entities: docs/decisions/023-one-scheduler.md). That
// one is killed with SIGKILL in the middle: the survivor takes the task's
// and the locations' leases over once they lapse (30 s without renewal,
// app/lib/scheduler/scheduler.server.ts and
// app/lib/catalog/processing/processing-engine.server.ts; no configuration
// shortens them, so the test waits them out) and finishes the ingestion.
// Every entity is then there once, every location processed and released,
// and the survivor wrote exactly what was missing: it inserted the entities
// the dead replica had not committed and rewrote none it had (their uids
// and etags are unchanged). Two replicas processing one location at once
// would show as a conflict (an insert losing the unique index's race is
// recorded as a ConflictError on the location,
// docs/decisions/006-catalog-storage-and-processing.md) or as
// entities written twice; the test samples both replicas' task state while
// the first one ingests and never sees both running. Requests through nginx
// keep succeeding after the kill: the proxy moves on to the survivor.
// Each replica runs one worker process (backend.workers: 1): a replica of
// several workers is several processes on the same leases, which
// server/workers.test.ts and server/replicas-start.test.ts cover; here one
// process per replica makes "kill the replica that ingests" one kill.

const LOCATIONS = 8;
const FILES_PER_LOCATION = 5;
const COMPONENTS_PER_FILE = 250;
const COMPONENTS_PER_LOCATION = FILES_PER_LOCATION * COMPONENTS_PER_FILE;
const TOTAL_COMPONENTS = LOCATIONS * COMPONENTS_PER_LOCATION;
const TASKS_PATH = "/portal/api/catalog/.backstage/scheduler/v1/tasks";

/** The catalog: a root file with LOCATIONS Location entities (each listing FILES_PER_LOCATION files of COMPONENTS_PER_FILE components) and their owner. */
function writeCatalog(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const documents: unknown[] = [{ apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "platform" }, spec: { type: "team", children: [] } }];
  for (let location = 0; location < LOCATIONS; location++) {
    const targets = Array.from({ length: FILES_PER_LOCATION }, (_, file) => `./location-${location}-part-${file}.yaml`);
    targets.forEach((target, file) => {
      const components = Array.from({ length: COMPONENTS_PER_FILE }, (_, index) =>
        JSON.stringify({
          apiVersion: "backstage.io/v1alpha1",
          kind: "Component",
          metadata: { name: `service-${location}-${file}-${index}`, description: `Generated service ${index} of file ${file} of location ${location}`, tags: ["generated"] },
          spec: { type: "service", lifecycle: "production", owner: "group:default/platform" },
        }),
      );
      writeFileSync(path.join(dir, target), components.join("\n---\n"));
    });
    documents.push({ apiVersion: "backstage.io/v1alpha1", kind: "Location", metadata: { name: `generated-${location}` }, spec: { targets } });
  }
  const file = path.join(dir, "catalog.yaml");
  writeFileSync(file, documents.map((document) => JSON.stringify(document)).join("\n---\n"));
  return file;
}

function replicaConfig(database: TestDatabaseConfig, publicUrl: string, catalogFile: string): string {
  return `
app:
  baseUrl: ${publicUrl}
backend:
  baseUrl: ${publicUrl}
  trustProxy: true
  workers: 1
  database:
    client: pg
    connection: ${JSON.stringify(database.connection)}
catalog:
  locations:
    - type: file
      target: ${catalogFile}
  rules:
    - allow: [Component, Group, Location]
  processingInterval: false
`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx with docs/nginx/atrium.conf in front of the given replicas, through the runner the end-to-end tests use. */
async function startNginx(replicaPorts: number[], port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, "tests/e2e/support/nginx.js"), replicaPorts.join(","), String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  child.on("exit", () => process.off("exit", killChild));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}`);
      return (await fetch(`http://127.0.0.1:${port}/portal/healthcheck`)).status === 200;
    },
    "nginx to answer",
    30_000,
  );
  return child;
}

/** Lines of a replica's JSON log with the given message. */
function logLines(server: RunningServer, msg: string): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

type TaskState = { status: "running" | "idle" | "initial-wait" } | null;

/** What the replica itself says about its catalog-processing task, asked on its own port. */
async function workerState(server: RunningServer): Promise<TaskState> {
  const response = await fetch(`${server.url}${TASKS_PATH}`, { headers: API_AUTHORIZATION });
  const { tasks } = (await response.json()) as { tasks: { taskId: string; workerState: TaskState }[] };
  return tasks.find((task) => task.taskId === "catalog-processing")!.workerState;
}

describe("two replicas on one PostgreSQL database behind the nginx recipe", () => {
  const servers: RunningServer[] = [];
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("both serve; the one ingesting is killed with SIGKILL and the other finishes, every entity once, every location processed once at a time", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-replicas-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const database = testDatabaseConfig("pg");
    cleanups.push(() => dropTestDatabase(database));
    const nginxPort = await freePort();
    const proxy = `http://127.0.0.1:${nginxPort}/portal`;
    const config = replicaConfig(database, proxy, writeCatalog(path.join(dir, "catalog")));

    const started = await Promise.allSettled([startServer(config), startServer(config)]);
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    expect(started.flatMap((result) => (result.status === "rejected" ? [String(result.reason).slice(0, 3000)] : []))).toEqual([]);
    const replicas = [...servers];
    const nginx = await startNginx(
      replicas.map((replica) => replica.port),
      nginxPort,
    );
    cleanups.push(async () => {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    });
    const observer: AtriumDatabase = await openDatabase(database as never, dir);
    cleanups.push(() => observer.destroy());

    const count = async (kind?: string) => {
      let query = observer.db.selectFrom("catalog_entities").select((eb) => eb.fn.countAll().as("count"));
      if (kind) query = query.where("kind", "=", kind);
      return Number((await query.executeTakeFirstOrThrow()).count);
    };
    let probes = 0;
    /** A GET through nginx, tagged so the replica that answered it can be told from its request log. */
    const throughProxy = async (pathname: string) => {
      const requestId = `replicas-probe-${++probes}`;
      const response = await fetch(`${proxy}${pathname}`, { headers: { ...API_AUTHORIZATION, "x-request-id": requestId } });
      const text = await response.text();
      return { requestId, status: response.status, body: (response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as Record<string, unknown> };
    };
    const answeredBy = (server: RunningServer, requestIds: string[]) => logLines(server, "request").filter((line) => requestIds.includes(line.requestId as string)).length;

    // Mid-ingestion: some of the components are in, most are not. Meanwhile,
    // both replicas are asked (on their own ports) whether they run the
    // processing task, and requests go through the proxy.
    const beforeKill: string[] = [];
    const statuses: number[] = [];
    const bothRunning: Array<[TaskState, TaskState]> = [];
    const ingesting = await eventually(
      async () => {
        const states = await Promise.all(replicas.map(workerState));
        if (states.every((state) => state?.status === "running")) bothRunning.push([states[0]!, states[1]!]);
        const probe = await throughProxy("/api/catalog/entities/by-query?filter=kind=component&limit=1");
        statuses.push(probe.status);
        beforeKill.push(probe.requestId);
        const components = await count("component");
        const running = states.findIndex((state) => state?.status === "running");
        return components >= TOTAL_COMPONENTS / 4 && running >= 0 ? { replica: replicas[running]!, components } : undefined;
      },
      "the ingestion to be under way",
      90_000,
    );
    expect(bothRunning).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(ingesting.components).toBeLessThan(TOTAL_COMPONENTS);
    const victim = ingesting.replica;
    const survivor = replicas.find((replica) => replica !== victim)!;
    // Both replicas answered through the proxy (round robin over the recipe's upstream).
    await eventually(async () => {
      for (let more = 0; more < 10; more++) {
        const probe = await throughProxy("/api/catalog/entities/by-query?filter=kind=location&limit=1");
        statuses.push(probe.status);
        beforeKill.push(probe.requestId);
      }
      return answeredBy(victim, beforeKill) > 0 && answeredBy(survivor, beforeKill) > 0;
    }, "requests through nginx to reach both replicas");
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Only the ingesting replica processed anything so far.
    expect(logLines(survivor, "Processed location")).toEqual([]);

    await victim.stop("SIGKILL");
    // Whatever the dead replica's last transactions committed is in once the count stops moving; the
    // survivor cannot write yet, as the task's lease stays the dead one's for at least 20 s (the lease
    // lapses 30 s after the last heartbeat, which beats every 10 s).
    let atKill = -1;
    await eventually(async () => {
      const now = await count();
      const stable = now === atKill;
      atKill = now;
      if (!stable) await new Promise((resolve) => setTimeout(resolve, 500));
      return stable;
    }, "the dead replica's last writes to settle");
    expect(logLines(survivor, "Processed location")).toEqual([]);
    const componentsAtKill = await count("component");
    expect(componentsAtKill).toBeLessThan(TOTAL_COMPONENTS);
    const writtenAtKill = await observer.db.selectFrom("catalog_entities").select(["entity_ref", "entity_id", "etag"]).execute();
    // The dead replica still holds the lease of at least one location it was in the middle of.
    const heldByTheDead = await observer.db.selectFrom("catalog_entities").select(["entity_ref", "lease_until"]).where("kind", "=", "location").where("lease_until", ">", Date.now()).execute();
    expect(heldByTheDead.length).toBeGreaterThan(0);

    // The proxy moves on to the survivor: every request succeeds, and the survivor answers them all.
    const afterKill: Array<{ requestId: string; status: number }> = [];
    for (let request = 0; request < 10; request++) afterKill.push(await throughProxy("/api/catalog/entities/by-query?filter=kind=location&limit=1"));
    expect(afterKill.map((probe) => probe.status)).toEqual(Array(10).fill(200));
    const afterKillIds = afterKill.map((probe) => probe.requestId);
    // A request's log line is written once its answer is sent, so it may reach us a moment after the answer.
    await eventually(async () => answeredBy(survivor, afterKillIds) === afterKillIds.length, "the survivor's log to show every request after the kill");

    // The survivor takes over and finishes; the catalog through the proxy says so.
    await eventually(
      async () => {
        const probe = await throughProxy("/api/catalog/entities/by-query?filter=kind=component&limit=1");
        return probe.status === 200 && (probe.body as { totalItems: number }).totalItems === TOTAL_COMPONENTS;
      },
      "the survivor to finish the ingestion",
      120_000,
    );
    await eventually(
      async () => (await observer.db.selectFrom("catalog_entities").select("entity_ref").where("lease_owner", "is not", null).execute()).length === 0,
      "every location's lease to be released",
      30_000,
    );
    // The survivor finished the dead replica's locations only once their leases had lapsed. (A location
    // whose files were all written before the kill is finished without a log line: nothing was left to write.)
    for (const { entity_ref: location, lease_until: leaseUntil } of heldByTheDead) {
      for (const line of logLines(survivor, "Processed location").filter((each) => each.location === location)) {
        expect(Date.parse(line.time as string), location).toBeGreaterThanOrEqual(Number(leaseUntil));
      }
    }
    expect(survivor.output()).toMatch(/"task":"catalog-processing".*"msg":"Took over a task whose holder stopped beating its heartbeat"/);

    // Every location processed: none due, none leased, no errors (a conflict would be one).
    const locations = await observer.db.selectFrom("catalog_entities").select(["entity_ref", "errors", "next_refresh_at", "lease_owner"]).where("kind", "=", "location").execute();
    expect(locations).toHaveLength(LOCATIONS + 1);
    for (const location of locations) {
      expect(location, location.entity_ref).toMatchObject({ errors: null, lease_owner: null });
      expect(Number(location.next_refresh_at), location.entity_ref).toBeGreaterThan(Date.now());
    }
    // Every component once, under its own location.
    const perLocation = await observer.db
      .selectFrom("catalog_entities")
      .select(["parent_ref", (eb) => eb.fn.countAll().as("count"), (eb) => eb.fn.count("entity_ref").distinct().as("distinct")])
      .where("kind", "=", "component")
      .groupBy("parent_ref")
      .execute();
    expect(perLocation.map((row) => [row.parent_ref, Number(row.count), Number(row.distinct)]).sort()).toEqual(
      Array.from({ length: LOCATIONS }, (_, location) => [`location:default/generated-${location}`, COMPONENTS_PER_LOCATION, COMPONENTS_PER_LOCATION]).sort(),
    );
    const duplicatedRelations = await observer.db
      .selectFrom("catalog_relations")
      .select(["source_ref", "type", "target_ref"])
      .groupBy(["source_ref", "type", "target_ref"])
      .having(sql`count(*)`, ">", 1)
      .execute();
    expect(duplicatedRelations).toEqual([]);
    expect(await observer.db.selectFrom("catalog_entities").select("entity_ref").where("orphan", "=", 1).execute()).toEqual([]);

    // The survivor wrote exactly what was missing: what the dead replica committed kept its uid and etag,
    // and the survivor's inserts are the rest, with no updates and no conflicts.
    const final = new Map((await observer.db.selectFrom("catalog_entities").select(["entity_ref", "entity_id", "etag"]).execute()).map((row) => [row.entity_ref, row]));
    expect(writtenAtKill.filter((row) => final.get(row.entity_ref)?.entity_id !== row.entity_id || final.get(row.entity_ref)?.etag !== row.etag)).toEqual([]);
    const survivorWrites = logLines(survivor, "Processed location");
    const sum = (key: string) => survivorWrites.reduce((total, line) => total + Number(line[key] ?? 0), 0);
    expect({ inserted: sum("inserted"), updated: sum("updated"), conflicts: sum("conflicts"), orphaned: sum("orphaned") }).toEqual({
      inserted: final.size - atKill,
      updated: 0,
      conflicts: 0,
      orphaned: 0,
    });
    expect(logLines(victim, "Processed location").every((line) => line.conflicts === 0 && line.errors === 0)).toBe(true);

    // The survivor served throughout and still does, through the proxy.
    expect(survivor.process.exitCode).toBeNull();
    expect((await throughProxy("/api/catalog/entities/by-name/component/default/service-0-0-0")).status).toBe(200);
  }, 240_000);
});
