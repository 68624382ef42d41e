import { z } from "zod";
import { apiRoute } from "~/lib/http/api.server";
import { errorBodyFor } from "~/lib/http/error-response.server";
import { TemplateValuesError } from "~/lib/scaffolder/scaffolder.server";

// POST /api/scaffolder/v2/dry-run: runs a template (the editor's, not the
// catalog's) in a temporary workspace seeded with directoryContents
// (base64), skipping the actions that cannot run dry, and answers Backstage's
// dry-run result: log, directoryContents, output, steps. Paths that would
// leave the workspace are refused with 400.

/** Templates with their skeleton files; nginx lets 10 MB through (docs/nginx/atrium.conf). */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const route = apiRoute({
  POST: {
    maxBodyBytes: MAX_BODY_BYTES,
    body: z.object({
      template: z.record(z.string(), z.unknown(), { error: "Malformed request: template must be an object" }),
      values: z.record(z.string(), z.unknown(), { error: "Malformed request: values must be an object" }),
      secrets: z.record(z.string(), z.string(), { error: "Malformed request: secrets must be an object of strings" }).optional(),
      directoryContents: z.array(
        z.object({
          path: z.string({ error: "Malformed request: every file of directoryContents needs a path" }),
          base64Content: z.string({ error: "Malformed request: every file of directoryContents needs base64Content" }),
          executable: z.boolean().optional(),
        }),
        { error: "Malformed request: directoryContents must be a list of files" },
      ),
    }),
    handler: async ({ app, request, body, credentials }) => {
      try {
        return Response.json(await app.scaffolder.dryRun(body as never, { credentials }));
      } catch (error) {
        if (!(error instanceof TemplateValuesError)) throw error;
        return Response.json({ ...errorBodyFor(error, request), errors: error.errors }, { status: 400 });
      }
    },
  },
});
export const loader = route;
export const action = route;
