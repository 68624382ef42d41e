import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { statusOf } from "../errors";
import { PG_ADMIN } from "../../../tests/support/databases";
import { asDatabaseError, isDatabaseUnavailable } from "./unavailable.server";

// Which real driver errors mean "the database is unavailable" (503) and
// which are a query's own fault (left as they are).

async function pgError(config: pg.ClientConfig, query: string): Promise<unknown> {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: 2_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query(query);
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error("expected the query to fail");
}

describe("an unavailable database", () => {
  it("is a refused connection, answered 503 with the driver's error as its cause", async () => {
    const refused = await pgError({ host: "127.0.0.1", port: 1, user: "nobody" }, "SELECT 1");
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const translated = asDatabaseError(refused) as Error;
    expect(statusOf(translated)).toBe(503);
    expect(translated).toMatchObject({ name: "ServiceUnavailableError", message: "The database is unavailable; try again in a moment", cause: refused });
  });

  it("is a connection the server ended under a query", async () => {
    const admin = new pg.Client({ ...PG_ADMIN, database: "postgres" });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const killer = new pg.Client({ ...PG_ADMIN, database: "postgres" });
    await killer.connect();
    admin.on("error", () => undefined);
    const running = admin.query("SELECT pg_sleep(5)").catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await killer.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    await killer.end();
    const error = await running;
    await admin.end().catch(() => undefined);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is not a query's own fault: a syntax error, a unique constraint", async () => {
    const syntax = await pgError({ ...PG_ADMIN, database: "postgres" }, "SELEC 1");
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(asDatabaseError(syntax)).toBe(syntax);

    const sqlite = new DatabaseSync(":memory:");
    sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)");
    let unique: unknown;
    try {
      sqlite.exec("INSERT INTO t VALUES (1)");
    } catch (error) {
      unique = error;
    }
    expect(unique).toBeDefined();
    expect(isDatabaseUnavailable(unique)).toBe(false);
  });
});
