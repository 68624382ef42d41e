import { data, redirect } from "react-router";
import type { Route } from "./+types/dismiss-banner";
import { pageIdentity } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";
import { safeRedirectPath } from "~/lib/links";
import { dismissBanner } from "~/lib/settings/notifications.server";

// POST /settings/banners/dismiss: dismisses a banner for good for the
// signed-in user (the 'notifications' bucket, as Backstage keeps it). A plain
// form post goes back to `returnTo`; the banner's script posts `js=1` and
// gets data instead.

const MAX_BANNER_ID_LENGTH = 200;

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const form = await request.formData();
  const bannerId = form.get("bannerId");
  if (!identity) return data({ error: "You must be signed in to dismiss banners" }, { status: 401 });
  if (typeof bannerId !== "string" || !bannerId.trim() || bannerId.length > MAX_BANNER_ID_LENGTH) {
    return data({ error: `A bannerId of 1 to ${MAX_BANNER_ID_LENGTH} characters is required` }, { status: 400 });
  }
  await dismissBanner(app.userSettings, identity.userEntityRef, bannerId);
  if (form.get("js") === "1") return { dismissed: bannerId };
  throw redirect(safeRedirectPath(form.get("returnTo"), app.publicConfig.basePath, "/"), 303);
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
