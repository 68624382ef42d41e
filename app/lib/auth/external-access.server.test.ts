import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config/errors";
import { loadConfig } from "../config/load.server";
import { createExternalAccess, servicePrincipalFor } from "./external-access.server";

// backend.auth.externalAccess through the real config loader: Backstage's
// format accepted, bad entries refused at start with the key at fault.

function load(yaml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-external-access-"));
  writeFileSync(path.join(dir, "app-config.yaml"), `app:\n  baseUrl: http://localhost:7007\n${yaml}`);
  return loadConfig({ rootDir: dir, argv: [], env: { CI_TOKEN: "ci-token-from-env" } });
}

function problemsOf(yaml: string): string[] {
  try {
    load(yaml);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

const entries = (...lines: string[]) => `backend:\n  auth:\n    externalAccess:\n${lines.map((line) => `      ${line}`).join("\n")}\n`;

describe("backend.auth.externalAccess", () => {
  it("reads static tokens with their subject and access restrictions, as Backstage writes them", () => {
    const { config, unusedKeys } = load(
      entries(
        "- type: static",
        "  options: { token: '${CI_TOKEN}', subject: ci-pipeline }",
        "- type: static",
        "  options: { token: reader-token-1, subject: reader }",
        "  accessRestrictions:",
        "    - plugin: catalog",
        "      permission: catalog.entity.read, catalog.location.read",
        "      permissionAttribute: { action: [read] }",
      ),
    );
    expect(unusedKeys).toEqual([]);
    const access = createExternalAccess(config.backend.auth!.externalAccess);
    expect(access.verify("ci-token-from-env")).toEqual({ subject: "ci-pipeline", restrictions: undefined });
    expect(access.verify("ci-token-from-en")).toBeUndefined();
    const reader = access.verify("reader-token-1")!;
    expect(servicePrincipalFor(reader, "catalog")).toEqual({
      type: "service",
      subject: "reader",
      accessRestrictions: { permissionNames: ["catalog.entity.read", "catalog.location.read"], permissionAttributes: { action: ["read"] } },
    });
    expect(() => servicePrincipalFor(reader, "scaffolder")).toThrow(expect.objectContaining({ name: "NotAllowedError", message: "This token's access is restricted to plugin(s) 'catalog'" }));
  });

  it("refuses a token shorter than Backstage's minimum of 8 characters, naming the key", () => {
    expect(problemsOf(entries("- type: static", "  options: { token: short, subject: ci }"))).toEqual([
      "Invalid config value at 'backend.auth.externalAccess[0].options.token': Illegal token, must be at least 8 characters length",
    ]);
  });

  it("refuses tokens and subjects with spaces, tokens declared twice and unknown types", () => {
    expect(problemsOf(entries("- type: static", "  options: { token: 'has a space', subject: ci }"))).toEqual([
      "Invalid config value at 'backend.auth.externalAccess[0].options.token': Illegal token, must be a set of non-space characters",
    ]);
    expect(problemsOf(entries("- type: static", "  options: { token: long-enough, subject: 'c i' }"))).toEqual([
      "Invalid config value at 'backend.auth.externalAccess[0].options.subject': Illegal subject, must be a set of non-space characters",
    ]);
    expect(problemsOf(entries("- type: static", "  options: { token: long-enough, subject: a }", "- type: static", "  options: { token: long-enough, subject: b }"))).toEqual([
      "Invalid config value at 'backend.auth.externalAccess[1].options.token': Static externalAccess token was declared more than once",
    ]);
    expect(problemsOf(entries("- type: legacy", "  options: { secret: abc }"))).toEqual([
      "Invalid config value at 'backend.auth.externalAccess[0].type': Unknown type 'legacy', expected one of 'static'",
    ]);
    expect(problemsOf(entries("- type: static", "  options: { subject: ci }"))).toEqual(["Missing required config value at 'backend.auth.externalAccess[0].options.token'"]);
  });
});
