import { tmpdir } from "node:os";
import type { Catalog } from "../../catalog/catalog.server";
import { createLocationReader } from "../../catalog/processing/readers.server";
import type { AtriumConfig } from "../../config/schema";
import { createBuiltinActions } from "./builtin/index.server";
import { loadTemplateRenderer } from "./renderer.server";
import { createActionRegistry, type ActionRegistry } from "./registry.server";
import { createTaskWorkspaces, type TaskWorkspaces } from "./workspace.server";

// The scaffolder's actions and workspaces, created once with the services
// (app/lib/services.server.ts). The fetch actions read http(s) template
// locations through a reader built from the same configuration as the
// catalog's, so they reach exactly the hosts the catalog may read. Other
// modules (publishing) register their actions on the same registry.

export function createScaffolderActions(options: { config: AtriumConfig; catalog: Pick<Catalog, "entities" | "locations"> }): { actions: ActionRegistry; workspaces: TaskWorkspaces } {
  const { config, catalog } = options;
  const reader = createLocationReader({ integrations: config.integrations, readingAllow: config.backend.reading?.allow });
  const actions = createActionRegistry(createBuiltinActions({ reader, catalog, loadRenderer: loadTemplateRenderer }));
  const workspaces = createTaskWorkspaces({ workingDirectory: config.backend.workingDirectory ?? tmpdir() });
  return { actions, workspaces };
}
