import { redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/login-request";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { loginRequestSchema } from "~/lib/auth/login-request-schema";
import { LOGIN_REQUEST_PARAM } from "~/lib/auth/login-requests";
import { redirectFlowUrl } from "~/lib/auth/login-requests.server";
import { normalizeScopes } from "~/lib/auth/providers";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { createTranslator } from "~/lib/i18n/i18n";
import { safeRedirectPath } from "~/lib/links";
import { readPreferences } from "~/lib/settings/preferences";

// The login-request dialog's forms without JavaScript: "Log in" becomes the
// provider's redirect flow, coming back to the page; "Reject All" returns to
// the page without its requests. With JavaScript the dialog opens a popup instead.
export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const submission = await parseFormRequest(request, loginRequestSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  const form = submission.value;
  const returnTo = withoutRequests(safeRedirectPath(form.returnTo, app.publicConfig.basePath));
  if (form.intent === "reject") {
    return redirect(returnTo, { headers: { "Set-Cookie": flashAlerts(request, app.publicConfig.basePath, { message: t("signIn.rejected"), severity: "error", display: "transient" }) } });
  }
  const provider = app.authProviders.provider(form.provider);
  if (!provider) return refuseSubmission(submission, { fieldErrors: { provider: ["signIn.loginFailed"] } });
  return redirectDocument(redirectFlowUrl(app, provider.config.id, normalizeScopes(form.scope), returnTo));
}

function withoutRequests(path: string): string {
  const url = new URL(path, "http://atrium.invalid");
  url.searchParams.delete(LOGIN_REQUEST_PARAM);
  return `${url.pathname}${url.search}`;
}
