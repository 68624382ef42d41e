import type { RequestContext } from "../context.server";
import { ServiceUnavailableError } from "../errors";
import type { ScaffolderService } from "./scaffolder.server";

// The scaffolder service of the request context, for the pages under
// /create. Until app/lib/services.server.ts creates it (the tasks' runner
// lands separately), the pages answer 503 'The scaffolder is not available'
// instead of failing to build; once it is there this is `app.scaffolder`.
export function scaffolderOf(app: RequestContext): ScaffolderService {
  const service = (app as RequestContext & { scaffolder?: ScaffolderService }).scaffolder;
  if (!service) throw new ServiceUnavailableError("The scaffolder is not available");
  return service;
}

/** One installed action as GET /api/scaffolder/v2/actions lists it (Backstage's shape). */
export type InstalledAction = { id: string; description?: string; examples?: Array<{ description: string; example: string }>; schema?: { input?: unknown; output?: unknown } };

/** Backstage's GET /api/scaffolder/v2/templating-extensions answer. */
export type TemplatingExtensions = {
  filters: Record<string, TemplatingExtensionDoc>;
  globals: { functions: Record<string, TemplatingExtensionDoc>; values: Record<string, { description?: string; value: unknown }> };
};
export type TemplatingExtensionDoc = {
  description?: string;
  schema?: { input?: unknown; arguments?: unknown[]; output?: unknown };
  examples?: Array<{ description?: string; example: string; notes?: string }>;
};

/** The action registry's listing, from the scaffolder service (503 until it is created). */
export function installedActionsOf(app: RequestContext): InstalledAction[] {
  const registry = (app as RequestContext & { scaffolderActions?: { describe(): InstalledAction[] } }).scaffolderActions;
  if (!registry) throw new ServiceUnavailableError("The scaffolder is not available");
  return registry.describe();
}

/** The templating extensions' documentation (503 until the service that owns them is created). */
export function templatingExtensionsOf(app: RequestContext): TemplatingExtensions {
  const extensions = (app as RequestContext & { scaffolderTemplating?: { describe(): TemplatingExtensions } }).scaffolderTemplating;
  if (!extensions) throw new ServiceUnavailableError("The scaffolder is not available");
  return extensions.describe();
}
