import { redirect } from "react-router";
import type { Route } from "./+types/sidebar";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { safeRedirectPath } from "~/lib/links";
import { savePreferences } from "~/lib/settings/user-preferences.server";
import { sidebarSchema } from "~/lib/settings/schema";

// Pin or unpin the sidebar, or dismiss its intro, then go back where the user was.
export async function action({ request, context }: Route.ActionArgs) {
  const { publicConfig, userSettings } = getRequestContext(context);
  const identity = requireIdentity(context);
  const submission = await parseFormRequest(request, sidebarSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  const { intent, redirectTo } = submission.value;
  const choice = intent === "dismiss-intro" ? { sidebarIntroDismissed: true } : { sidebarPinned: intent === "pin" };
  // Kept for a signed-in user on the server as well, like the settings page's choices.
  const cookies = await savePreferences(userSettings, identity, choice, publicConfig.basePath);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(redirectTo, publicConfig.basePath), { headers });
}
