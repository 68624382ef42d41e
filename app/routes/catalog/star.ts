import { data, redirect } from "react-router";
import type { Route } from "./+types/star";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { pageIdentity } from "~/lib/auth/sign-in.server";
import { parseEntityRef } from "~/lib/catalog/entity-ref";
import { toggleStarred } from "~/lib/catalog/starred.server";
import { getRequestContext } from "~/lib/context.server";
import { safeRedirectPath } from "~/lib/links";

// POST /catalog/star: stars or unstars an entity for the signed-in user. A
// plain form post goes back to `returnTo` (a path of this app only); the
// star button's script posts with `js=1` and gets the new state as data.
// Only an entity the user may read can be starred: anything else is 403.

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const form = await request.formData();
  const entityRef = form.get("entityRef");
  const ref = typeof entityRef === "string" ? parsedRef(entityRef) : undefined;
  if (!identity) return data({ error: "You must be signed in to star entities" }, { status: 401 });
  if (!ref) return data({ error: "A valid entityRef is required" }, { status: 400 });
  const entity = await app.catalog.entities.entityByRef(ref, { credentials: pageCredentials(identity) });
  if (!entity) return data({ error: `You may not star ${ref}` }, { status: 403 });
  const starred = await toggleStarred(app.userSettings, identity.userEntityRef, ref);
  if (form.get("js") === "1") return { starred };
  throw redirect(safeRedirectPath(form.get("returnTo"), app.publicConfig.basePath, "/catalog"), 303);
}

export function loader() {
  throw data("Not Found", { status: 404 });
}

function parsedRef(value: string): string | undefined {
  try {
    const { kind, namespace, name } = parseEntityRef(value);
    return `${kind}:${namespace}/${name}`;
  } catch {
    return undefined;
  }
}
