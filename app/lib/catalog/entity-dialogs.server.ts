import { redirect } from "react-router";
import { flashAlerts } from "../alerts/flash.server";
import type { Credentials } from "../auth/credentials";
import type { Identity } from "../auth/identity";
import type { RequestContext } from "../context.server";
import { statusOf } from "../errors";
import { refuseSubmission, type AcceptedSubmission } from "../forms/submission";
import { createTranslator } from "../i18n/i18n";
import { readPreferences } from "../settings/preferences";
import { ANNOTATION_ORPHAN, type Entity } from "./entity";
import type { entityDialogSchema } from "./entity-dialogs-schema";
import { DELETE_PARAM, INSPECT_PARAM, parseInspectTab, REFRESH_ENTITY_INTENT, UNREGISTER_LOCATION_INTENT, UNREGISTER_PARAM, type EntityDialogsData } from "./entity-dialogs";
import { entityRoute } from "./entity-route";
import { stringifyEntityRef } from "./entity-ref";
import { loadInspectorTab } from "./inspector/load-inspector.server";
import { deleteEntity, unregisterLocation, unregisterState } from "./unregister/unregister.server";

// The entity page's dialogs, opened by query parameters so that a pasted link
// opens them on the server: ?inspect[=tab] (the inspector), ?unregister
// (unregister or delete) and ?delete (delete an orphan). The entity page's
// loader and action delegate here.

/**
 * Where the user goes once the entity is gone: the catalog index. The
 * entity page's configurable unregister-redirect binding replaces this when
 * the page passes it in (app/lib/catalog/entity-page/external-routes.ts).
 */
export const DEFAULT_UNREGISTER_REDIRECT = "/catalog";

/** What the dialogs named in the URL need, or { kind: "none" } when none is open. */
export async function loadEntityDialogs(app: RequestContext, { url, entity, credentials }: { url: URL; entity: Entity; credentials: Credentials }): Promise<EntityDialogsData> {
  const params = url.searchParams;
  if (params.has(INSPECT_PARAM)) {
    return { kind: "inspector", data: await loadInspectorTab(app.catalog, parseInspectTab(params.get(INSPECT_PARAM)), entity, credentials) };
  }
  if (params.has(UNREGISTER_PARAM)) {
    try {
      return { kind: "unregister", state: await unregisterState(app.catalog, entity, { credentials }) };
    } catch (error) {
      // Backstage's error variant: the dialog opens with the error, the page stays.
      app.logger.error({ err: error, requestId: app.requestId, entityRef: stringifyEntityRef(entity) }, "Loading the unregister dialog failed");
      return { kind: "unregister", state: { type: "error", message: error instanceof Error ? error.message : String(error) } };
    }
  }
  if (params.has(DELETE_PARAM) && isOrphan(entity)) return { kind: "delete-orphan" };
  return { kind: "none" };
}

export function isOrphan(entity: Entity): boolean {
  return entity.metadata.annotations?.[ANNOTATION_ORPHAN] === "true";
}

/**
 * The dialogs' form posts (intent unregister-location or delete-entity),
 * parsed with entityDialogSchema: a redirect when done, or the form's reply
 * with the service's refusal as the form's error and the HTTP status it
 * deserves (403 without permission, 404 when the location is gone).
 */
export async function entityDialogAction(
  app: RequestContext,
  {
    request,
    submission,
    entity,
    credentials,
  }: { request: Request; submission: AcceptedSubmission<typeof entityDialogSchema>; entity: Entity; credentials: Credentials; identity: Identity | undefined },
  options: { redirectTo?: string } = {},
) {
  const { intent } = submission.value;
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const redirectTo = options.redirectTo ?? DEFAULT_UNREGISTER_REDIRECT;
  if (intent === REFRESH_ENTITY_INTENT) return refreshEntityAction(app, { request, submission, entity, credentials }, t);
  try {
    if (intent === UNREGISTER_LOCATION_INTENT) {
      await unregisterLocation(app.catalog, entity, { credentials });
      return redirect(redirectTo);
    }
    await deleteEntity(app.catalog, entity, { credentials });
    const message = t("entityDialogs.unregister.removed", { entityName: entity.metadata.title ?? entity.metadata.name });
    return redirect(redirectTo, {
      headers: { "Set-Cookie": flashAlerts(request, app.publicConfig.basePath, { message, severity: "success", display: "transient" }) },
    });
  } catch (error) {
    const status = statusOf(error);
    app.logger.error({ err: error, requestId: app.requestId, intent, entityRef: stringifyEntityRef(entity) }, "Unregistering or deleting an entity failed");
    // Errors we did not anticipate keep their details in the log, found by the request id.
    const message = status === 500 ? t("entityDialogs.unregister.unexpectedError", { requestId: app.requestId }) : (error as Error).message;
    return refuseSubmission(submission, { formErrors: [message], status });
  }
}

/**
 * Backstage's "Schedule entity refresh" (the About card): the entity's
 * location is read again now, as POST /api/catalog/refresh does, the service
 * checking catalog.entity.refresh; back to the page with "Refresh scheduled".
 */
async function refreshEntityAction(
  app: RequestContext,
  { request, submission, entity, credentials }: { request: Request; submission: AcceptedSubmission<typeof entityDialogSchema>; entity: Entity; credentials: Credentials },
  t: ReturnType<typeof createTranslator>,
) {
  try {
    await app.catalog.entities.refresh(stringifyEntityRef(entity), { credentials });
  } catch (error) {
    const status = statusOf(error);
    if (status === 500) app.logger.error({ err: error, requestId: app.requestId, entityRef: stringifyEntityRef(entity) }, "Scheduling an entity refresh failed");
    const message = status === 500 ? t("entityDialogs.unregister.unexpectedError", { requestId: app.requestId }) : (error as Error).message;
    return refuseSubmission(submission, { formErrors: [message], status });
  }
  return redirect(entityRoute(entity), {
    status: 303,
    headers: { "Set-Cookie": flashAlerts(request, app.publicConfig.basePath, { message: t("entityPage.about.refreshScheduled"), severity: "info", display: "transient" }) },
  });
}
