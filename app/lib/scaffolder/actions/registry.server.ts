import { ConflictError, NotFoundError } from "../../errors";
import type { ActionExample, JsonSchema, TemplateAction } from "./types";

// The actions a template's steps may name, each once by id, as Backstage's
// TemplateActionRegistry (plugins/scaffolder-backend/src/scaffolder/actions/
// TemplateActionRegistry.ts) keeps them: registering an id twice is a
// programming error, asking for an unknown one is the template's error and
// fails its step with Backstage's own message. GET /api/scaffolder/v2/actions
// lists them in the shape of Backstage's answer.

/** One action as GET /v2/actions lists it. */
export type ActionDescription = {
  id: string;
  description?: string;
  examples?: ActionExample[];
  schema: { input?: JsonSchema; output?: JsonSchema };
};

export type ActionRegistry = {
  register(action: TemplateAction): void;
  /** The action with this id, or a NotFoundError with Backstage's message. */
  get(id: string): TemplateAction;
  has(id: string): boolean;
  list(): TemplateAction[];
  /** What GET /api/scaffolder/v2/actions answers, in registration order. */
  describe(): ActionDescription[];
};

export function createActionRegistry(actions: TemplateAction[] = []): ActionRegistry {
  const byId = new Map<string, TemplateAction>();
  const registry: ActionRegistry = {
    register(action) {
      if (byId.has(action.id)) throw new ConflictError(`Template action with ID '${action.id}' has already been registered`);
      byId.set(action.id, action);
    },
    get(id) {
      const action = byId.get(id);
      if (!action) throw new NotFoundError(`Template action with ID '${id}' is not registered.`);
      return action;
    },
    has(id) {
      return byId.has(id);
    },
    list() {
      return [...byId.values()];
    },
    describe() {
      return [...byId.values()].map(describeAction);
    },
  };
  for (const action of actions) registry.register(action);
  return registry;
}

export function describeAction(action: TemplateAction): ActionDescription {
  return {
    id: action.id,
    ...(action.description !== undefined ? { description: action.description } : {}),
    ...(action.examples !== undefined ? { examples: action.examples } : {}),
    schema: {
      ...(action.schema?.input ? { input: action.schema.input } : {}),
      ...(action.schema?.output ? { output: action.schema.output } : {}),
    },
  };
}
