import { describe, expect, it } from "vitest";
import { techdocsConfigSchema } from "./config";

describe("the techdocs config", () => {
  it("defaults to a local builder and publisher, Backstage's minute of throttle and a ten-minute build limit", () => {
    expect(techdocsConfigSchema.parse(undefined)).toEqual({
      builder: "local",
      publisher: { type: "local" },
      build: { timeout: 600_000, throttle: 60_000, syncInterval: 1_800_000 },
    });
  });

  it("takes durations in Backstage's forms and refuses what is not one", () => {
    expect(techdocsConfigSchema.parse({ build: { timeout: "90s", throttle: { minutes: 2 }, syncInterval: false } }).build).toEqual({ timeout: 90_000, throttle: 120_000, syncInterval: false });
    expect(techdocsConfigSchema.safeParse({ build: { timeout: 0 } }).success).toBe(false);
    expect(techdocsConfigSchema.safeParse({ builder: "remote" }).success).toBe(false);
  });

  it("needs the awsS3 block, with credentials, for an S3 publisher", () => {
    expect(techdocsConfigSchema.safeParse({ publisher: { type: "awsS3" } }).success).toBe(false);
    expect(techdocsConfigSchema.safeParse({ publisher: { type: "awsS3", awsS3: { bucketName: "docs" } } }).success).toBe(false);
    expect(techdocsConfigSchema.parse({ publisher: { type: "awsS3", awsS3: { bucketName: "docs", credentials: { accessKeyId: "a", secretAccessKey: "b" } } } }).publisher.awsS3?.bucketName).toBe(
      "docs",
    );
  });
});
