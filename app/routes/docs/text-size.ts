import { redirect } from "react-router";
import type { Route } from "./+types/text-size";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { safeRedirectPath } from "~/lib/links";
import { saveTextSize } from "~/lib/techdocs/addons/text-size.server";
import { textSizeSchema } from "~/lib/techdocs/addons/text-size-schema";

// The text size add-on's form posts here (from the reader and from
// Settings): the size is kept for the user, and the page they came from
// shows it.

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const submission = await parseFormRequest(request, textSizeSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  await saveTextSize(app.userSettings, settingsOwnerOf(identity), submission.value.textSize);
  return redirect(safeRedirectPath(submission.value.returnTo, app.publicConfig.basePath, "/settings"));
}
