import type { JsonObject } from "./json";
import type { WizardCall } from "./wizard.server";

// Create: hands the wizard's values to the scaffolder's tasks with the
// caller's credentials (the service checks the permission and validates the
// values against the template again) and answers the new task's id.

export async function createWizardTask(call: WizardCall, request: { templateRef: string; values: JsonObject; secrets: Record<string, string> }): Promise<{ taskId: string }> {
  const secrets = Object.keys(request.secrets).length ? request.secrets : undefined;
  const { id } = await call.app.scaffolder.createTask({ templateRef: request.templateRef, values: request.values, secrets }, { credentials: call.credentials });
  return { taskId: id };
}
