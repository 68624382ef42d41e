import type { Credentials } from "../../auth/credentials";
import type { RequestContext } from "../../context.server";
import type { JsonObject } from "../actions/types";
import { createRedactor } from "../tasks/redact";
import type { DirectoryFile } from "./directory";
import type { DryRunResult } from "./template-editor.server";

// The editor's dry-run: the scaffolder service's dryRun (what POST
// /api/scaffolder/v2/dry-run runs) with the template, values, secrets and
// the directory's contents, its answer shaped as a result the editor keeps.
// The result holds none of the secrets: the runner masks them in the log and
// the output, and a file a step wrote one into is masked here, so the result
// the editor stores in the database (template-editor.server.ts) never has one.

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
  const mask = fileMask(input.secrets);
  return {
    templateTitle,
    status: failed ? "failed" : "completed",
    error: failed ? failed.message : undefined,
    log,
    files: response.directoryContents.map((file) => ({ path: file.path, base64Content: mask(file.base64Content), ...(file.executable ? { executable: true } : {}) })),
    output: response.output,
  };
}

/**
 * A file's content (base64) with every secret's bytes replaced by ***, the
 * rest byte for byte: matched as Latin-1 text, where each byte is one
 * character, so a binary file is left as it was.
 */
function fileMask(secrets: Record<string, string>): (base64: string) => string {
  const redact = createRedactor(Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, Buffer.from(value, "utf8").toString("latin1")])));
  return (base64) => {
    const text = Buffer.from(base64, "base64").toString("latin1");
    const masked = redact.text(text);
    return masked === text ? base64 : Buffer.from(masked, "latin1").toString("base64");
  };
}
