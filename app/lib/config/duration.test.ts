import { describe, expect, it } from "vitest";
import { parseDuration } from "./duration";

const ms = (value: unknown) => {
  const result = parseDuration(value);
  if ("problem" in result) throw new Error(result.problem);
  return result.ms;
};
const problem = (value: unknown) => {
  const result = parseDuration(value);
  return "problem" in result ? result.problem : `no problem: ${result.ms} ms`;
};

describe("parseDuration, in Backstage's forms", () => {
  it("adds up every unit of the object form, calendar units at their casual lengths", () => {
    expect(ms({ minutes: 3 })).toBe(180_000);
    expect(ms({ hours: 1, minutes: 30, seconds: 15, milliseconds: 5 })).toBe(5_415_005);
    expect(ms({ weeks: 1, days: 1 })).toBe(8 * 86_400_000);
    expect(ms({ months: 1 })).toBe(30 * 86_400_000);
    expect(ms({ years: 1 })).toBe(365 * 86_400_000);
    expect(ms({ seconds: "90" })).toBe(90_000); // from ${ENV} substitution
  });

  it("reads ISO 8601 durations, dates and times alike", () => {
    expect(ms("PT3M")).toBe(180_000);
    expect(ms("P1DT6H")).toBe(30 * 3_600_000);
    expect(ms("P2W")).toBe(14 * 86_400_000);
    expect(ms("PT1.5S")).toBe(1500);
    expect(ms(" PT100S ")).toBe(100_000);
  });

  it("reads a number followed by a unit, as Backstage's string form does", () => {
    expect(ms("3m")).toBe(180_000);
    expect(ms("2 hours")).toBe(7_200_000);
    expect(ms("500ms")).toBe(500);
    expect(ms("1d")).toBe(86_400_000);
  });

  it("refuses an ISO duration without values instead of reading it as zero", () => {
    expect(problem("PT")).toBe("Invalid duration 'PT' in config at '{key}', Invalid ISO format, no values given");
    expect(problem("P")).toBe("Invalid duration 'P' in config at '{key}', Invalid ISO format, no values given");
    expect(problem("PT3X")).toMatch(/^Invalid duration 'PT3X' in config at '\{key\}', Invalid ISO format, expected a value similar to 'P2DT6H'/);
  });

  it("refuses a misspelt unit instead of falling back to the default", () => {
    expect(problem({ minute: 3 })).toBe(
      "Failed to read duration from config at '{key}', Unknown property 'minute'; expected one or more of 'years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds', 'milliseconds'",
    );
    expect(problem({ minutes: 3, secs: 1, hrs: 2 })).toMatch(/Unknown properties 'secs', 'hrs'; expected one or more of/);
    expect(problem({})).toMatch(/^Failed to read duration from config at '\{key\}', Needs one or more of 'years'/);
  });

  it("refuses values that are not numbers, plain numbers without a unit, negatives and other types", () => {
    expect(problem({ minutes: "three" })).toBe("Unable to convert config value for key '{key}.minutes' to a number, got 'three'");
    expect(problem({ minutes: -1 })).toMatch(/Negative durations are not allowed$/);
    expect(problem("180")).toMatch(/The value cannot be a plain number; try adding a unit like 'ms' or 'seconds'$/);
    expect(problem("-3m")).toMatch(/Negative durations are not allowed$/);
    expect(problem("three minutes")).toMatch(/Not a valid duration string, try a number followed by a unit such as '1d' or '2 seconds'$/);
    expect(problem(42)).toBe("Invalid type in config for key '{key}', got number, wanted object or string");
    expect(problem([1])).toBe("Invalid type in config for key '{key}', got array, wanted object or string");
  });
});
