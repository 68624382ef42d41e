import { data, redirect } from "react-router";
import type { Route } from "./+types/star";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { starSchema } from "~/lib/catalog/star-schema";
import { toggleStarred } from "~/lib/catalog/starred.server";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { createTranslator } from "~/lib/i18n/i18n";
import { safeRedirectPath } from "~/lib/links";
import { readPreferences } from "~/lib/settings/preferences";

// POST /catalog/star: stars or unstars an entity for the signed-in user. A
// plain form post goes back to `returnTo` (a path of this app only); the
// star button's script posts with `js=1` and gets the new state as data.
// Only an entity the user may read can be starred: anything else is 403.
// A refusal is the form's reply (app/lib/forms/submission.ts), which the
// button shows beside itself.

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const submission = await parseFormRequest(request, starSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  const { entityRef: ref, js, returnTo } = submission.value;
  const entity = await app.catalog.entities.entityByRef(ref, { credentials: pageCredentials(identity) });
  if (!entity) {
    const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
    return refuseSubmission(submission, { fieldErrors: { entityRef: [t("catalogCommon.star.forbidden", { entityRef: ref })] }, status: 403 });
  }
  const starred = await toggleStarred(app.userSettings, settingsOwnerOf(identity), ref);
  if (js === "1") return { starred };
  throw redirect(safeRedirectPath(returnTo, app.publicConfig.basePath, "/catalog"), 303);
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
