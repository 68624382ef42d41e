import { stringify } from "yaml";
import type { ActionExample, JsonObject } from "../types";

/** An action's example as Backstage writes one: a template's `steps`, in YAML. */
export function stepsExample(description: string, steps: Array<{ action: string; id: string; name: string; input?: JsonObject }>): ActionExample {
  return { description, example: stringify({ steps }) };
}
