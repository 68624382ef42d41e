import { describe, expect, it } from "vitest";
import { featureFlagNameProblem } from "./feature-flags";

describe("feature flag names", () => {
  it("accepts 3 to 150 characters: a lowercase letter, then lowercase letters, digits and hyphens", () => {
    for (const name of ["abc", "feature-flag-one", "release-2020", "a".repeat(150)]) expect(featureFlagNameProblem(name)).toBeUndefined();
  });

  it("refuses anything else with Backstage's messages", () => {
    expect(featureFlagNameProblem("ab")).toBe("The 'ab' feature flag must have a minimum length of three characters.");
    expect(featureFlagNameProblem("a".repeat(151))).toBe(`The '${"a".repeat(151)}' feature flag must not exceed 150 characters.`);
    for (const name of ["1abc", "-abc", "Abc", "ab_c", "ab c", "abç"]) {
      expect(featureFlagNameProblem(name)).toBe(
        `The '${name}' feature flag must start with a lowercase letter and only contain lowercase letters, numbers and hyphens. Examples: feature-flag-one, alpha, release-2020`,
      );
    }
  });
});
