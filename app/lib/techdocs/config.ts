import { z } from "zod";
import { configDuration, configIntervalOrFalse } from "../config/duration";
import { KEYED_MESSAGE } from "../config/errors";
import { configBoolean } from "../config/values";
import { customHomeSchema } from "./custom-home";

// The `techdocs` config keys, in Backstage's shape: who builds
// (techdocs.builder: local, Atrium builds; external, CI publishes and Atrium
// only reads), where sites are published (techdocs.publisher: local or
// awsS3 with Backstage's keys), and Atrium's own build limits
// (techdocs.build.timeout, .throttle, .syncInterval), durations in
// Backstage's forms as other keys (app/lib/config/duration.ts).

const DEFAULT_BUILD_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_SYNC_INTERVAL_MS = 30 * 60_000;
/** Backstage's DocsBuilder checks an entity's sources at most once a minute. */
export const DEFAULT_SYNC_THROTTLE_MS = 60_000;

const awsS3 = z
  .object({
    bucketName: z.string().min(1),
    region: z.string().min(1).optional(),
    endpoint: z
      .string()
      .refine((value) => /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(value), { message: "must be an absolute http(s) URL" })
      .optional(),
    s3ForcePathStyle: configBoolean.optional(),
    bucketRootPath: z.string().optional(),
    credentials: z.object({ accessKeyId: z.string().min(1), secretAccessKey: z.string().min(1) }).catchall(z.unknown()),
  })
  .catchall(z.unknown());

export const techdocsConfigSchema = z
  .object({
    builder: z.enum(["local", "external"]).default("local"),
    publisher: z
      .object({
        type: z.enum(["local", "awsS3"]).default("local"),
        local: z
          .object({ publishDirectory: z.string().min(1).optional() })
          .catchall(z.unknown())
          .optional(),
        awsS3: awsS3.optional(),
      })
      .catchall(z.unknown())
      .superRefine((publisher, ctx) => {
        if (publisher.type === "awsS3" && !publisher.awsS3) ctx.addIssue({ code: "custom", path: ["awsS3"], message: `${KEYED_MESSAGE}Missing required config value at '{key}'` });
      })
      .prefault({}),
    build: z
      .object({
        // How long one build may take before it is stopped and reported as failed.
        timeout: configDuration.default(DEFAULT_BUILD_TIMEOUT_MS),
        // A sync within this long of the last check of the same entity's sources answers {updated: false} at once.
        throttle: configDuration.default(DEFAULT_SYNC_THROTTLE_MS),
        // How often every entity with docs is synced, so search has every page; false: never.
        syncInterval: configIntervalOrFalse.default(DEFAULT_SYNC_INTERVAL_MS),
      })
      .prefault({}),
    // The docs home's tabs and panels (the reader's: app/lib/techdocs/custom-home.ts).
    customHome: customHomeSchema.optional(),
  })
  .catchall(z.unknown())
  .prefault({});

export type TechDocsConfig = z.output<typeof techdocsConfigSchema>;
