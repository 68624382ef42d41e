import { data, redirect } from "react-router";
import type { Route } from "./+types/dismiss-banner";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { safeRedirectPath } from "~/lib/links";
import { dismissBannerSchema } from "~/lib/settings/banner-schema";
import { dismissBanner } from "~/lib/settings/notifications.server";

// POST /settings/banners/dismiss: dismisses a banner for good for the
// signed-in user (the 'notifications' bucket, as Backstage keeps it). A plain
// form post goes back to `returnTo`; the banner's script posts `js=1` and
// gets data instead. A refusal is the form's reply (app/lib/forms/submission.ts).

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const submission = await parseFormRequest(request, dismissBannerSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  const { bannerId, js, returnTo } = submission.value;
  await dismissBanner(app.userSettings, settingsOwnerOf(identity), bannerId);
  if (js === "1") return { dismissed: bannerId };
  throw redirect(safeRedirectPath(returnTo, app.publicConfig.basePath, "/"), 303);
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
