import { z } from "zod";
import { backendAuthSchema } from "../auth/external-access";
import { permissionConfigSchema } from "../permission/policy-config";
import { featureFlagNameProblem } from "../settings/feature-flags";
import { appRoutesSchema } from "../catalog/entity-page/external-routes";
import { unboundRouteProblems } from "../catalog/entity-page/layout";
import { entityPageConfigSchema } from "../catalog/entity-page/layout-schema";
import { DEFAULT_SESSION_DURATION_MS } from "../auth/session-duration";
import { configByteSize } from "./byte-size";
import { configDuration, configIntervalOrFalse } from "./duration";
import { integrationsSchema } from "./integrations";
import { techdocsConfigSchema } from "../techdocs/config";
import { kubernetesConfigSchema } from "../kubernetes/config";
import { configBoolean, configNumber, isHttpUrl } from "./values";

// The configuration Atrium reads. Keys and shapes follow Backstage's
// app-config so that an existing Backstage config works unchanged; subtrees
// that belong to other areas (auth providers) are open records here and
// validated by their own areas, or schemas the areas export (kubernetes,
// techdocs); integrations' hosts and URLs are
// checked here (integrations.ts), before anything reads them.

const httpUrl = z.string().refine(isHttpUrl, { message: "must be an absolute http(s) URL" });

export { isHttpUrl };

const openRecord = z.record(z.string(), z.unknown());

const supportLink = z.object({ url: z.string(), title: z.string().optional() });
const supportItem = z.object({
  title: z.string(),
  icon: z.string().optional(),
  links: z.array(supportLink).default([]),
});

// A port Node can listen on or connect to; anything else would stop the process with a stack trace instead of the key.
const isPort = (value: number) => Number.isInteger(value) && value >= 0 && value <= 65535;
const port = configNumber.refine(isPort, { message: "must be a port number, an integer from 0 to 65535" });

// Backstage's string forms: '7007', ':7007' or 'host:7007' (runtime.ts reads them).
const listen = z.union([z.string(), z.object({ host: z.string().optional(), port: port.optional() })]).superRefine((value, ctx) => {
  if (typeof value !== "string") return;
  const portText = value.slice(value.lastIndexOf(":") + 1);
  if (!/^\d+$/.test(portText) || !isPort(Number(portText))) ctx.addIssue({ code: "custom", message: "must be 'port', ':port' or 'host:port', with a port number from 0 to 65535" });
});

const databaseConnection = z.union([
  z.string(),
  z.object({
    directory: z.string().optional(),
    filename: z.string().optional(),
    host: z.string().optional(),
    port: port.optional(),
    user: z.string().optional(),
    password: z.string().optional(),
    database: z.string().optional(),
    connectionString: z.string().optional(),
    ssl: z.unknown().optional(),
  }),
]);

const database = z.object({
  client: z.enum(["better-sqlite3", "sqlite3", "sqlite", "pg"]).default("better-sqlite3"),
  connection: databaseConnection.optional(),
  // PostgreSQL: the longest one read for a request may run before the database stops it; false for no limit (app/lib/db/client.server.ts).
  statementTimeout: configIntervalOrFalse.optional(),
});

const locationRule = z.object({ allow: z.array(z.string()) });
const catalogLocation = z.object({
  type: z.string().default("url"),
  target: z.string(),
  rules: z.array(locationRule).optional(),
});

// Feature flags registered for users to switch on in Settings > Feature Flags.
const featureFlag = z.object({
  name: z.string().superRefine((name, ctx) => {
    const problem = featureFlagNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  pluginId: z.string().default(""),
  description: z.string().optional(),
});
const featureFlags = z.array(featureFlag).superRefine((flags, ctx) => {
  const seen = new Set<string>();
  flags.forEach((flag, index) => {
    if (seen.has(flag.name)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `The '${flag.name}' feature flag is registered twice` });
    seen.add(flag.name);
  });
});

// Backstage's auth.autologout keys, with its limits.
const autologout = z
  .object({
    enabled: configBoolean.default(false),
    idleTimeoutMinutes: configNumber.refine((minutes) => minutes >= 0.5, { message: "idleTimeoutMinutes should be >= 0.5 minutes (30 seconds)" }).default(60),
    promptBeforeIdleSeconds: configNumber.refine((seconds) => seconds >= 0, { message: "promptBeforeIdleSeconds should be >= 0 seconds; set it to 0 to disable the prompt" }).default(10),
    logoutIfDisconnected: configBoolean.default(true),
  })
  .refine((value) => value.idleTimeoutMinutes * 60 > value.promptBeforeIdleSeconds, {
    path: ["promptBeforeIdleSeconds"],
    message: "promptBeforeIdleSeconds should be smaller than idleTimeoutMinutes",
  });

/** Forms of fields and text; the template editor's uploaded folders (at most 10 MiB, app/lib/scaffolder/editor/directory.ts) fit in the multipart limit. */
export const DEFAULT_FORM_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MULTIPART_BODY_BYTES = 16 * 1024 * 1024;

const discoveryTarget = z.union([z.string(), z.object({ internal: z.string(), external: z.string() })]);

export const configSchema = z
  .object({
    app: z.object({
      title: z.string().default("Atrium"),
      baseUrl: httpUrl,
      support: z
        .object({
          url: z.string().optional(),
          items: z.array(supportItem).default([]),
        })
        .optional(),
      featureFlags: featureFlags.default([]),
      // The catalog's external routes (create-component, view-techdoc, ...), resolved to paths.
      routes: appRoutesSchema,
    }),
    organization: z.object({ name: z.string() }).optional(),
    backend: z
      .object({
        baseUrl: httpUrl.optional(),
        listen: listen.optional(),
        trustProxy: z.union([configBoolean, configNumber, z.string(), z.array(z.string())]).optional(),
        database: database.optional(),
        // How many HTTP worker processes serve requests; the cores the process may use (os.availableParallelism()) when
        // unset, one on an in-memory SQLite database and under `npm run dev` (server/workers.js, docs/decisions/048-workers.md).
        workers: configNumber.refine((value) => Number.isInteger(value) && value >= 1, { message: "must be a positive integer: the number of worker processes" }).optional(),
        reading: z.object({ allow: z.array(z.object({ host: z.string() })).optional() }).optional(),
        // Where the scaffolder keeps its tasks' workspaces; the system's temp directory when unset, as in Backstage.
        workingDirectory: z.string().min(1).optional(),
        // Static tokens for CLIs and CI, in Backstage's format (auth/external-access.ts), and
        // Backstage's switch that lets callers without credentials into every /api route (app/lib/http/public-routes.ts).
        auth: backendAuthSchema.extend({ dangerouslyDisableDefaultAuthPolicy: configBoolean.default(false) }).optional(),
        // The largest bodies a page's form may post (server/body-limits.ts); the JSON API's own is 1 MiB.
        limits: z
          .object({
            formBody: configByteSize.default(DEFAULT_FORM_BODY_BYTES),
            multipartBody: configByteSize.default(DEFAULT_MULTIPART_BODY_BYTES),
          })
          .prefault({}),
      })
      .prefault({}),
    auth: z
      .object({
        environment: z.string().default("development"),
        providers: z.record(z.string(), openRecord).default({}),
        // The sign-in page's options (guest, custom, provider ids); none or an empty list: no sign-in page.
        signInPage: z
          .array(z.string().min(1, { error: "must be a sign-in option: guest, custom or a provider id" }))
          .nullable()
          .optional()
          .transform((options) => [...new Set(options ?? [])]),
        // Cookie auth on every page and asset, the sign-in page excepted.
        protectedMode: configBoolean.default(false),
        autologout: autologout.optional(),
        // The longest a session lasts from its sign-in, renewals included (app/lib/auth/session-duration.ts).
        sessionDuration: configDuration.default(DEFAULT_SESSION_DURATION_MS),
        // Validated by the auth area (app/lib/auth/provider-config.server.ts).
        developmentIdentityProvider: z.unknown().optional(),
        loginRateLimit: z.unknown().optional(),
      })
      .prefault({}),
    // Validated by the permission area: roles, grants and their conditions.
    permission: permissionConfigSchema.prefault({}),
    catalog: z
      .object({
        locations: z.array(catalogLocation).default([]),
        rules: z.array(locationRule).optional(),
        // How often each location is read again, in milliseconds; false: never (duration.ts).
        processingInterval: configIntervalOrFalse.optional(),
        import: z
          .object({
            entityFilename: z.string().default("catalog-info.yaml"),
            pullRequestBranchName: z.string().default("backstage-integration"),
          })
          .default({ entityFilename: "catalog-info.yaml", pullRequestBranchName: "backstage-integration" }),
        // The entity page's tabs and cards per kind (catalog/entity-page/layout-schema.ts).
        entityPage: entityPageConfigSchema,
      })
      .prefault({}),
    integrations: integrationsSchema.default({}),
    // The scaffolder: the author and message of the commits its publishers
    // make (Backstage's keys), and the embedded default's git host that
    // publish:git writes to (app/lib/scaffolder/actions/git/). Other keys
    // belong to the scaffolder's own areas.
    scaffolder: z
      .looseObject({
        defaultAuthor: z.object({ name: z.string().min(1).optional(), email: z.string().min(1).optional() }).optional(),
        defaultCommitMessage: z.string().min(1).optional(),
        localGit: z
          .object({
            // Where the bare repositories live; relative to the directory Atrium runs in. Default: git/ beside the SQLite database.
            root: z.string().min(1).optional(),
            // The host templates name in repoUrl ({host}?owner=..&repo=..) for this portal's repositories.
            host: z
              .string()
              .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$/i, { message: "must be a host name, optionally with a port" })
              .default("localhost"),
          })
          .prefault({}),
      })
      .prefault({}),
    // Validated by the Kubernetes area (app/lib/kubernetes/config.ts).
    kubernetes: kubernetesConfigSchema.prefault({}),
    // Validated by the TechDocs area (app/lib/techdocs/config.ts).
    techdocs: techdocsConfigSchema,
    discovery: z
      .object({
        endpoints: z.array(z.object({ target: discoveryTarget, plugins: z.array(z.string()) })).default([]),
      })
      .default({ endpoints: [] }),
  })
  .superRefine((config, ctx) => {
    // Layouts and route bindings live in different keys; a card needing an unbound route stops start-up.
    for (const problem of unboundRouteProblems(config.catalog.entityPage, config.app.routes)) ctx.addIssue({ code: "custom", ...problem });
  });

export type AtriumConfig = z.output<typeof configSchema>;
