import { InputError } from "../../errors";
import type { Entity } from "../../catalog/entity";
import { wizardSteps } from "../wizard/steps.server";
import { stepView, type StepView, type WizardCall } from "../wizard/wizard.server";
import { isJsonObject, type JsonObject } from "../wizard/json";
import { parseYamlMapping } from "./template-editor.server";
import { parse as parseYaml } from "yaml";

// The template form editor's preview and the custom field explorer: the
// wizard's own steps (app/lib/scaffolder/wizard/wizard.server.ts), so the
// preview is the form the wizard will render, field extensions included.

/** The preview renders where it is asked for: its forms post back to the page they are on. */
export type PreviewCall = Omit<WizardCall, "path">;

/** A template's parameters from what the user pasted: a whole Template, its spec, or the parameters alone (one schema or a list). */
export function parametersOf(text: string): unknown {
  if (!text.trim()) return [];
  let parsed: unknown;
  if (text.trimStart().startsWith("-")) {
    // A list of steps is no mapping; parse it with the same limits.
    try {
      parsed = parseYaml(text, { maxAliasCount: 100 });
    } catch (error) {
      throw new InputError(`Template: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    }
    if (!Array.isArray(parsed)) throw new InputError("Template must be a YAML mapping");
    return parsed;
  }
  parsed = parseYamlMapping(text, "Template") ?? {};
  const record = parsed as Record<string, unknown>;
  const spec = isJsonObject(record.spec as JsonObject) ? (record.spec as Record<string, unknown>) : undefined;
  if (spec && "parameters" in spec) return spec.parameters;
  if ("parameters" in record) return record.parameters;
  return record;
}

/** Every step of the form with its defaults, as the wizard would show it on a first visit. */
export async function previewSteps(call: PreviewCall, parameters: unknown, values: JsonObject = {}): Promise<StepView[]> {
  // Every step, feature-flagged ones included: the editor previews what the template can show.
  const steps = wizardSteps({ spec: { parameters } as Entity["spec"] }, () => true);
  return Promise.all(steps.map((step, index) => stepView({ ...call, path: call.url.pathname }, step, index, values, false)));
}
