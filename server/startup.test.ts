import { describe, expect, it } from "vitest";
import { configArgs, runServer, startServer } from "../tests/support/server";

async function exitOf(configYaml: string, env: Record<string, string> = {}) {
  const { exited, output } = runServer(configArgs(configYaml), env);
  return { code: await exited, output: output() };
}

describe("start-up", () => {
  it("stops with a non-zero exit naming the key of a value of the wrong type", async () => {
    const { code, output } = await exitOf("permission:\n  enabled: [true]\n");
    expect(code).toBe(1);
    expect(output).toContain("Invalid type in config for key 'permission.enabled', got array, wanted boolean");
  });

  it("stops naming a missing required key", async () => {
    const { code, output } = await exitOf("catalog:\n  locations:\n    - type: url\n      target: ${ATRIUM_TEST_NOT_SET}\n");
    expect(code).toBe(1);
    expect(output).toContain("Missing required config value at 'catalog.locations[0].target'");
  });

  it("stops naming a value that does not convert", async () => {
    const { code, output } = await exitOf("", { APP_CONFIG_backend_listen_port: '"seven"' });
    expect(code).toBe(1);
    expect(output).toContain("Unable to convert config value for key 'backend.listen.port' to a number, got 'seven'");
  });

  it("stops when the database cannot be reached", async () => {
    const { code, output } = await exitOf("backend:\n  database:\n    client: pg\n    connection: postgres://nobody@127.0.0.1:1/atrium\n");
    expect(code).toBe(1);
    expect(output).toContain("database or migrations failed");
  });

  it("logs keys it does not use once, and shuts down cleanly on SIGTERM", async () => {
    const server = await startServer("sonarqube:\n  baseUrl: https://sonar.example\n");
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    const unusedLines = server.output().split("\n").filter((line) => line.includes("Atrium does not use"));
    expect(unusedLines).toHaveLength(1);
    expect(unusedLines[0]).toContain('"sonarqube"');
    expect(server.output()).toContain('"msg":"Stopped"');
  });
});
