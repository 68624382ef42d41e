import { describe, expect, it } from "vitest";
import { MAX_PATH_LENGTH, pathProblem } from "./request-guards";

describe("pathProblem", () => {
  it.each(["/", "/catalog/default/component/foo", "/foo%2Fbar", "/caf%C3%A9"])("lets %s through", (path) => {
    expect(pathProblem(path)).toBeUndefined();
  });
  it.each([
    ["dot segments", "/../etc/passwd", /'\.\.' segments/],
    ["encoded dot-dot slashes", "/assets/..%2f..%2fpackage.json", /'\.\.' segments/],
    ["encoded dots", "/assets/%2e%2e/%2e%2e/x", /'\.\.' segments/],
    ["backslash dot-dot", "/a/..\\b", /'\.\.' segments/],
    ["broken percent-encoding", "/%E0%A4%A", /percent-encoding/],
    ["a NUL byte", "/x%00y", /NUL/],
    ["an over-long path", `/${"a".repeat(MAX_PATH_LENGTH)}`, /longer than/],
  ])("refuses %s", (_label, path, message) => {
    expect(pathProblem(path)).toMatch(message);
  });
});
