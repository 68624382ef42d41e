import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/keep-guest-stars";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";
import { keepGuestStars } from "~/lib/settings/guest-stars.server";

// Settings > General's "Keep my guest stars": the stars this browser made as
// a guest join the signed-in user's own (app/lib/settings/guest-stars.server.ts).

const keepSchema = z.object({ intent: z.literal("keep-guest-stars") });

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const submission = parseWithZod(await request.formData(), { schema: keepSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const kept = await keepGuestStars(app.userSettings, identity, request.headers.get("cookie"));
  const message = t("settings.profile.guestStarsKept", { count: kept });
  return redirect("/settings", { headers: { "Set-Cookie": flashAlerts(request, app.publicConfig.basePath, { message, severity: "success", display: "transient" }) } });
}
