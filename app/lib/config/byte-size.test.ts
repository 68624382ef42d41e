import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatByteSize, parseByteSize } from "./byte-size";
import { ConfigError } from "./errors";
import { loadConfig } from "./load.server";

function loadWith(yaml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-config-"));
  writeFileSync(path.join(dir, "app-config.yaml"), `app:\n  baseUrl: http://localhost:7007\n${yaml}`);
  return loadConfig({ rootDir: dir, argv: [], env: {} }).config;
}

describe("parseByteSize", () => {
  it.each([
    [1048576, 1048576],
    ["1048576", 1048576],
    ["512kb", 512 * 1024],
    ["1mb", 1024 * 1024],
    ["1.5 MiB", 1.5 * 1024 * 1024],
    ["16MB", 16 * 1024 * 1024],
    ["1g", undefined],
    ["1gb", 1024 ** 3],
  ])("reads %j as %j bytes", (value, bytes) => {
    expect(parseByteSize(value)).toBe(bytes);
  });
  it.each([0, -1, 1.5, "", "lots", "10 furlongs", "-5mb", null, true])("refuses %j", (value) => {
    expect(parseByteSize(value)).toBeUndefined();
  });
});

describe("formatByteSize", () => {
  it.each([
    [1024 * 1024, "1 MiB"],
    [16 * 1024 * 1024, "16 MiB"],
    [512 * 1024, "512 KiB"],
    [1000, "1000 bytes"],
  ])("writes %d as %s", (bytes, text) => {
    expect(formatByteSize(bytes)).toBe(text);
  });
});

describe("backend.limits", () => {
  it("defaults to 1 MiB for form bodies and 16 MiB for multipart bodies", () => {
    expect(loadWith("").backend.limits).toEqual({ formBody: 1024 * 1024, multipartBody: 16 * 1024 * 1024 });
  });
  it("takes sizes with units", () => {
    expect(loadWith("backend:\n  limits:\n    formBody: 256kb\n    multipartBody: 64mb\n").backend.limits).toEqual({ formBody: 256 * 1024, multipartBody: 64 * 1024 * 1024 });
  });
  it("stops start-up at a size it cannot read, naming the key", () => {
    let problems: string[] = [];
    try {
      loadWith("backend:\n  limits:\n    formBody: lots\n");
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([`Invalid size in config for key 'backend.limits.formBody', got "lots", wanted a number of bytes or a size such as '512kb' or '16mb'`]);
  });
});
