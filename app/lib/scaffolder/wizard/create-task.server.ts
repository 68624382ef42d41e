import { NotImplementedError } from "../../errors";
import type { JsonObject } from "./json";
import type { WizardCall } from "./wizard.server";

// Create: hands the wizard's values to the scaffolder's tasks and answers
// the new task's id. Placeholder until the tasks service lands.

export async function createWizardTask(call: WizardCall, request: { templateRef: string; values: JsonObject; secrets: Record<string, string> }): Promise<{ taskId: string }> {
  void call;
  void request;
  throw new NotImplementedError("The scaffolder's tasks are not available yet");
}
