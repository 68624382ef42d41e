import type { Credentials } from "../../auth/credentials";
import type { RequestContext } from "../../context.server";
import type { JsonObject } from "../actions/types";
import type { DirectoryFile } from "./directory";
import type { DryRunResult } from "./template-editor.server";

// The editor's dry-run: the scaffolder service's dryRun (what POST
// /api/scaffolder/v2/dry-run runs) with the template, values, secrets and
// the directory's contents, its answer shaped as a result the editor keeps.

export type DryRunInput = { template: Record<string, unknown>; values: Record<string, unknown>; secrets: Record<string, string>; directoryContents: DirectoryFile[] };

export async function runDryRun(app: RequestContext, credentials: Credentials, input: DryRunInput): Promise<Omit<DryRunResult, "id" | "n" | "createdAt">> {
  const metadata = (input.template.metadata ?? {}) as Record<string, unknown>;
  const templateTitle = String(metadata.title ?? metadata.name ?? "template");
  const response = await app.scaffolder.dryRun(
    { template: input.template as JsonObject, values: input.values as JsonObject, secrets: input.secrets, directoryContents: input.directoryContents },
    { credentials },
  );
  const log = response.log.map(({ body }) => ({
    at: typeof body.createdAt === "string" ? body.createdAt : "",
    stepId: typeof body.stepId === "string" ? body.stepId : undefined,
    status: typeof body.status === "string" ? body.status : undefined,
    message: typeof body.message === "string" ? body.message : "",
  }));
  // A step that failed says so in its last log line's status; the run as a whole failed then.
  const failed = log.find((line) => line.status === "failed");
  return {
    templateTitle,
    status: failed ? "failed" : "completed",
    error: failed ? failed.message : undefined,
    log,
    files: response.directoryContents.map((file) => ({ path: file.path, base64Content: file.base64Content, ...(file.executable ? { executable: true } : {}) })),
    output: response.output,
  };
}
