import type { Credentials } from "../auth/credentials";
import type { Identity } from "../auth/identity";
import type { RequestContext } from "../context.server";
import type { Entity } from "./entity";
import type { EntityDialogsData } from "./entity-dialogs";

// The entity page's dialogs, opened by query parameters so that a pasted link
// opens them on the server: ?inspect[=tab] (the inspector) and ?unregister
// (unregister or delete). The entity page's loader and action delegate here.

/** What the dialogs named in the URL need, or { kind: "none" } when none is open. */
export async function loadEntityDialogs(
  _app: RequestContext,
  _args: { url: URL; entity: Entity; credentials: Credentials },
): Promise<EntityDialogsData> {
  return { kind: "none" };
}

/**
 * The dialogs' form posts (intent unregister-location or delete-entity):
 * a redirect when done, or data with an error for the page to show.
 * Returns undefined for an intent that is not the dialogs'.
 */
export async function entityDialogAction(
  _app: RequestContext,
  _args: { request: Request; form: FormData; entity: Entity; credentials: Credentials; identity: Identity | undefined },
): Promise<Response | { error: string } | undefined> {
  return undefined;
}
