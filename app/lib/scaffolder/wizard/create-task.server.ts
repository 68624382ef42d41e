import { NotImplementedError } from "../../errors";
import type { ScaffolderService } from "../scaffolder.server";
import type { JsonObject } from "./json";
import type { WizardCall } from "./wizard.server";

// Create: hands the wizard's values to the scaffolder's tasks with the
// caller's credentials (the service checks the permission and validates the
// values against the template again) and answers the new task's id.

export async function createWizardTask(call: WizardCall, request: { templateRef: string; values: JsonObject; secrets: Record<string, string> }): Promise<{ taskId: string }> {
  // The tasks' service joins the services when its runner lands (app/lib/services.server.ts).
  const scaffolder = (call.app as { scaffolder?: ScaffolderService }).scaffolder;
  if (!scaffolder) throw new NotImplementedError("The scaffolder's tasks are not available yet");
  const secrets = Object.keys(request.secrets).length ? request.secrets : undefined;
  const { id } = await scaffolder.createTask({ templateRef: request.templateRef, values: request.values, secrets }, { credentials: call.credentials });
  return { taskId: id };
}
