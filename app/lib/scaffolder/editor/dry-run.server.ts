import type { Credentials } from "../../auth/credentials";
import type { RequestContext } from "../../context.server";
import { ServiceUnavailableError } from "../../errors";
import type { DirectoryFile } from "./directory";
import type { DryRunResult } from "./template-editor.server";

// The editor's dry-run: the scaffolder service's dryRun (what POST
// /api/scaffolder/v2/dry-run runs) with the template, values, secrets and
// the directory's contents, its answer shaped as a result the editor keeps.

export type DryRunInput = { template: Record<string, unknown>; values: Record<string, unknown>; secrets: Record<string, string>; directoryContents: DirectoryFile[] };

export async function runDryRun(_app: RequestContext, _credentials: Credentials, _input: DryRunInput): Promise<Omit<DryRunResult, "id" | "n" | "createdAt">> {
  throw new ServiceUnavailableError("The scaffolder is not available");
}
