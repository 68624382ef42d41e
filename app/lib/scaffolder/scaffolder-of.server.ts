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
