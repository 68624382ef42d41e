import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings.auth-providers";
import { LoginRequestDialog } from "~/components/auth/login-request-dialog";
import { useTranslation } from "~/components/ui/root-data";
import { FormErrors } from "~/components/ui/field-error";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { SettingsFrame } from "~/components/settings/settings-frame";
import { pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { LOGIN_REQUEST_PARAM } from "~/lib/auth/login-requests";
import { pendingLoginRequests, providerSession, withoutLoginRequests } from "~/lib/auth/login-requests.server";
import { clearedProviderSessionCookies } from "~/lib/auth/oauth-state.server";
import { PROVIDERS } from "~/lib/auth/providers";
import { providerSecretKey, readSecretsCookie } from "~/lib/auth/session-secrets.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { isSecure } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { formReplyOf, replyErrors } from "~/lib/forms/reply";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";

// Settings › Authentication Providers: one row per configured
// provider with sign in / sign out. "Sign in" adds a login request to the
// URL, so the login-request dialog opens, with or without JavaScript.

// Each row's Sign out: hidden fields, so a refusal shows above the list (app/lib/forms/submission.ts).
const signOutSchema = z.object({ intent: z.literal("signOut", { error: "signIn.logoutFailed" }), provider: z.string({ error: "signIn.logoutFailed" }).max(40, { error: "signIn.logoutFailed" }) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const url = new URL(request.url);
  const providers = await Promise.all(
    app.authProviders.configured().map(async (provider) => {
      const session = await providerSession(app, request, provider.id);
      return { id: provider.id, title: PROVIDERS[provider.id].title, signedIn: Boolean(session), scopes: session?.scopes ?? [] };
    }),
  );
  return { providers, requests: await pendingLoginRequests(app, request), returnTo: withoutLoginRequests(url, app.publicConfig.basePath) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const submission = await parseFormRequest(request, signOutSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  const provider = app.authProviders.provider(submission.value.provider);
  if (!provider) return refuseSubmission(submission, { fieldErrors: { provider: ["signIn.logoutFailed"] } });
  const headers = new Headers();
  const { basePath } = app.publicConfig;
  try {
    await app.authProviders.secrets.remove(readSecretsCookie(request.headers.get("cookie")), identity.userEntityRef, providerSecretKey(provider.config.id));
  } catch (error) {
    app.logger.error({ err: error, requestId: app.requestId }, "Provider sign-out failed");
    return refuseSubmission(submission, { formErrors: ["signIn.logoutFailed"], status: 500 });
  }
  for (const cookie of clearedProviderSessionCookies({ basePath, providerId: provider.config.id, secure: isSecure(app) })) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    flashAlerts(request, basePath, { message: t("authProviders.signedOutMessage", { provider: PROVIDERS[provider.config.id].title }), severity: "success", display: "transient" }),
  );
  return redirect("/settings/auth-providers", { headers });
}

export default function AuthProvidersSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  const { providers, requests, returnTo } = loaderData;
  return (
    <SettingsFrame>
      <section aria-labelledby="auth-providers-title" className="max-w-2xl rounded bg-white p-6 shadow dark:bg-slate-900">
        <h2 id="auth-providers-title" className="text-xl font-semibold">
          {t("authProviders.tab")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("authProviders.description")}</p>
        <FormErrors id="auth-providers-error" errors={replyErrors(formReplyOf(actionData))} className="mt-3" />
        {providers.length === 0 ? <p className="mt-4">{t("authProviders.none")}</p> : null}
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
          {providers.map((provider) => (
            <li key={provider.id} className="flex items-center justify-between gap-4 py-3" data-testid={`auth-provider-${provider.id}`}>
              <div>
                <p className="font-medium">{provider.title}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{provider.signedIn ? t("authProviders.signedIn") : t("authProviders.signedOut")}</p>
              </div>
              {provider.signedIn ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="signOut" />
                  <input type="hidden" name="provider" value={provider.id} />
                  <button className="rounded border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">{t("authProviders.signOut")}</button>
                </Form>
              ) : (
                <Link to={`?${new URLSearchParams({ [LOGIN_REQUEST_PARAM]: provider.id })}`} className="rounded bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700">
                  {t("authProviders.signIn")}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
      <LoginRequestDialog requests={requests} returnTo={returnTo} />
    </SettingsFrame>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "authProviders.tab");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="user-settings" />;
}
