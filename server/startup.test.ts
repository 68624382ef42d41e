import { describe, expect, it } from "vitest";
import { freePort } from "../tests/support/browser-session";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { configArgs, runServer, startServer, writeConfig } from "../tests/support/server";

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

  it("stops naming catalog.processingInterval when it is not a duration, instead of reprocessing without pause", async () => {
    const { code, output } = await exitOf("catalog:\n  processingInterval: PT\n");
    expect(code).toBe(1);
    expect(output).toContain("Invalid duration 'PT' in config at 'catalog.processingInterval', Invalid ISO format, no values given");
  });

  it("stops naming a misspelt unit of catalog.processingInterval, instead of falling back to the default", async () => {
    const { code, output } = await exitOf("catalog:\n  processingInterval: { minute: 3 }\n");
    expect(code).toBe(1);
    expect(output).toContain("Failed to read duration from config at 'catalog.processingInterval', Unknown property 'minute'");
  });

  it("stops naming an auth.signInPage of unknown shape, instead of making every visitor the guest", async () => {
    const { code, output } = await exitOf("auth:\n  signInPage: { providers: [oidc] }\n");
    expect(code).toBe(1);
    expect(output).toContain("Invalid type in config for key 'auth.signInPage', got object, wanted array");
  });

  it("stops naming the key of an integration host that is not one, not blaming the database", async () => {
    const { code, output } = await exitOf("integrations:\n  github:\n    - host: ghe example.com\n");
    expect(code).toBe(1);
    expect(output).toContain("Invalid config value at 'integrations.github[0].host': 'ghe example.com' is not a valid host");
    expect(output).not.toContain("database or migrations failed");
  });

  it.each([
    ["a port no server can use", () => "backend:\n  listen:\n    port: 99999\n", "Invalid config value at 'backend.listen.port': must be a port number, an integer from 0 to 65535"],
    [
      "a config that includes itself",
      () => {
        const file = writeConfig("");
        writeFileSync(file, `organization:\n  $include: ${path.basename(file)}\n`);
        return `app:\n  support:\n    $include: ${file}\n`;
      },
      "Config key 'app.support.organization' includes 'app-config.test.yaml', which is already being read",
    ],
    [
      "an included file that is not JSON",
      () => {
        const file = path.join(path.dirname(writeConfig("")), "org.json");
        writeFileSync(file, "{ name: Acme }");
        return `organization:\n  $include: ${file}\n`;
      },
      "Failed to parse included file '",
    ],
  ])("stops on %s naming the key, without a stack trace", async (_label, yaml, message) => {
    const { code, output } = await exitOf(yaml());
    expect(code).toBe(1);
    expect(output).toContain(message);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("serves sign-in on the port PORT sets: the repository's base URLs follow it", async () => {
    const port = await freePort();
    const server = await startServer("backend:\n  listen:\n    port: ${PORT}\n", { PORT: String(port) });
    try {
      const start = await fetch(`${server.url}/api/auth/oidc/start?env=development`, { redirect: "manual" });
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.get("location")!);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`http://localhost:${port}/api/auth/dev-idp/auth`);
      expect(authorize.searchParams.get("redirect_uri")).toBe(`http://localhost:${port}/api/auth/oidc/handler/frame`);
    } finally {
      await server.stop();
    }
  });

  it("logs keys it does not use once, and shuts down cleanly on SIGTERM", async () => {
    const server = await startServer("sonarqube:\n  baseUrl: https://sonar.example\n");
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    const unusedLines = server
      .output()
      .split("\n")
      .filter((line) => line.includes("Atrium does not use"));
    expect(unusedLines).toHaveLength(1);
    expect(unusedLines[0]).toContain('"sonarqube"');
    expect(server.output()).toContain('"msg":"Stopped"');
  });
});
