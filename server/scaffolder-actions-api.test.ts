import { describe, expect, it } from "vitest";
import { API_AUTHORIZATION, useServer } from "../tests/support/server";

// GET /api/scaffolder/v2/actions as a client of Backstage's scaffolder sees it.

describe("GET /api/scaffolder/v2/actions", () => {
  const app = useServer();

  it("lists the installed actions with their schemas and examples", async () => {
    const response = await app.get("/api/scaffolder/v2/actions", { headers: API_AUTHORIZATION });
    expect(response.status).toBe(200);
    const actions = (await response.json()) as Array<{ id: string; description?: string; examples?: unknown[]; schema: { input?: object; output?: object } }>;
    const ids = actions.map((action) => action.id);
    for (const id of [
      "fetch:plain",
      "fetch:plain:file",
      "fetch:template",
      "fetch:template:file",
      "fs:delete",
      "fs:rename",
      "debug:log",
      "debug:wait",
      "catalog:register",
      "catalog:write",
      "catalog:fetch",
    ]) {
      expect(ids).toContain(id);
    }
    const register = actions.find((action) => action.id === "catalog:register");
    expect(register).toMatchObject({ description: expect.any(String), schema: { input: { oneOf: expect.any(Array) }, output: { properties: { entityRef: {}, catalogInfoUrl: {} } } } });
    expect(register?.examples?.length).toBeGreaterThan(0);
  });

  it("answers only a caller with credentials, in Backstage's error body", async () => {
    const response = await app.get("/api/scaffolder/v2/actions");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { name: "AuthenticationError" }, response: { statusCode: 401 } });
    expect((await app.get("/api/scaffolder/v2/actions", { method: "POST", headers: API_AUTHORIZATION })).status).toBe(405);
  });
});
