import { data, redirect } from "react-router";
import type { Route } from "./+types/sidebar";
import { getRequestContext } from "~/lib/context.server";
import { InputError } from "~/lib/errors";
import { errorBodyFor } from "~/lib/http/error-response.server";
import { safeRedirectPath } from "~/lib/links";
import { savePreferences } from "~/lib/settings/user-preferences.server";
import { sidebarSchema } from "~/lib/settings/schema";

// Pin or unpin the sidebar, or dismiss its intro, then go back where the user was.
export async function action({ request, context }: Route.ActionArgs) {
  const { publicConfig, auth, userSettings } = getRequestContext(context);
  const parsed = sidebarSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data(errorBodyFor(new InputError("Unknown sidebar action"), request), { status: 400 });
  }
  const { intent, redirectTo } = parsed.data;
  const choice = intent === "dismiss-intro" ? { sidebarIntroDismissed: true } : { sidebarPinned: intent === "pin" };
  // Kept for a signed-in user on the server as well, like the settings page's choices.
  const cookies = await savePreferences(userSettings, auth.identity, choice, publicConfig.basePath);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(redirectTo, publicConfig.basePath), { headers });
}
