import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, redirectDocument, useSearchParams } from "react-router";
import type { Route } from "./+types/sign-in";
import { useTranslation } from "~/components/ui/root-data";
import { ProviderSignInCard } from "~/components/auth/provider-sign-in-card";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { verifyIdToken } from "~/lib/auth/id-token.server";
import { redirectFlowUrl, startPathFor } from "~/lib/auth/login-requests.server";
import { profileFromClaims } from "~/lib/auth/provider-profiles.server";
import { PROVIDERS } from "~/lib/auth/providers";
import { resolveSignIn } from "~/lib/auth/resolvers.server";
import { signInSchema } from "~/lib/auth/sign-in-schema";
import { optionalIdentity } from "~/lib/auth/request-identity.server";
import { offeredSignInOptions, startGuestSession, startSession } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";
import { AuthenticationError } from "~/lib/errors";
import { createTranslator, type TranslationKey } from "~/lib/i18n/i18n";
import { safeRedirectPath } from "~/lib/links";
import { readPreferences } from "~/lib/settings/preferences";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const options = offeredSignInOptions(app);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), app.publicConfig.basePath);
  if (options.length === 0 || optionalIdentity(context)) throw redirect(redirectTo);
  // One card per configured provider the page offers, in the order auth.signInPage lists them.
  const providers = options.flatMap((option) => {
    const provider = app.authProviders.provider(option);
    return provider ? [{ id: provider.config.id, title: PROVIDERS[provider.config.id].title, startPath: startPathFor(app, provider.config.id, []) }] : [];
  });
  return { options, providers };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const options = offeredSignInOptions(app);
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const form = submission.value;
  const loginFailed = () => data(submission.reply({ formErrors: ["signIn.loginFailed"] }), { status: 400 });
  if (!options.includes(form.intent === "provider" ? form.provider : form.intent)) return loginFailed();
  const redirectTo = safeRedirectPath(form.redirectTo, app.publicConfig.basePath);
  if (form.intent === "provider") {
    // Without JavaScript: the provider's redirect flow, back to where the visitor was going.
    const provider = app.authProviders.provider(form.provider);
    if (!provider) return loginFailed();
    return redirectDocument(redirectFlowUrl(app, provider.config.id, [], redirectTo));
  }
  if (form.intent === "custom" && form.idToken) {
    // A verified ID token signs in whoever its issuer vouches for, resolved as that provider's sign-in would.
    const verified = await verifyIdToken(app.authProviders, form.idToken);
    if ("claims" in verified) {
      const { config } = verified.provider;
      const resolved = await resolveSignIn(app.catalog, config, profileFromClaims(config, verified.claims)).catch((error: unknown) => {
        if (error instanceof AuthenticationError) return error;
        throw error;
      });
      if (resolved instanceof AuthenticationError) return data(submission.reply({ formErrors: ["signIn.loginFailed", resolved.message] }), { status: 400 });
      return redirect(redirectTo, { headers: { "Set-Cookie": await startSession(app, { ...resolved, provider: "custom" }) } });
    }
    app.logger.info({ requestId: app.requestId, reason: verified.failure }, "Custom User sign-in without a verified ID token: entering as a guest");
  }
  // A guest, or a Custom User without a verified ID token: the guest's permissions and this browser's guest settings.
  const custom = form.intent === "custom" ? { provider: "custom", displayName: form.userId } : {};
  const guest = await startGuestSession(app, request, custom);
  const headers = new Headers();
  for (const cookie of guest.cookies) headers.append("Set-Cookie", cookie);
  if (form.intent === "custom")
    headers.append("Set-Cookie", flashAlerts(request, app.publicConfig.basePath, { message: t("signIn.custom.unverified", { name: form.userId }), severity: "info", display: "transient" }));
  return redirect(redirectTo, { headers });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "/";
  // The custom form's state comes from the action's reply, with JavaScript or without: values kept, errors beside fields.
  const [form, fields] = useForm({ id: "sign-in-custom-form", lastResult: actionData, shouldValidate: "onSubmit" });
  const formErrors = form.errors ?? [];
  return (
    <main id="main">
      <Header theme="home" title={t("signIn.title")} />
      <Content>
        {formErrors.length ? (
          <div role="alert" className="mb-4 rounded bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100">
            {formErrors.map((message) => (
              <p key={message}>{t(message as TranslationKey)}</p>
            ))}
          </div>
        ) : null}
        <div className="grid max-w-4xl gap-6 md:grid-cols-2">
          {loaderData.options.includes("guest") ? (
            <SignInCard id="sign-in-guest" title={t("signIn.guest.title")} lines={[t("signIn.guest.subtitle"), t("signIn.guest.description")]} redirectTo={redirectTo}>
              <button name="intent" value="guest" className="mt-4 rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
                {t("signIn.guest.enter")}
              </button>
            </SignInCard>
          ) : null}
          {loaderData.options.includes("custom") ? (
            <SignInCard id="sign-in-custom" title={t("signIn.custom.title")} lines={[t("signIn.custom.subtitle"), t("signIn.custom.subtitle2")]} redirectTo={redirectTo} formProps={getFormProps(form)}>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("signIn.custom.verifiedOnly")}</p>
              <label className="mt-4 block">
                <span className="font-medium">{t("signIn.custom.userId")}</span>
                <input {...withoutKey(getInputProps(fields.userId, { type: "text" }))} required className="mt-1 block w-full rounded border border-slate-300 bg-transparent p-2" />
              </label>
              <FieldErrors id={fields.userId.errorId} errors={fields.userId.errors} />
              <label className="mt-4 block">
                <span className="font-medium">{t("signIn.custom.idToken")}</span>
                <input {...withoutKey(getInputProps(fields.idToken, { type: "text" }))} className="mt-1 block w-full rounded border border-slate-300 bg-transparent p-2" />
              </label>
              <FieldErrors id={fields.idToken.errorId} errors={fields.idToken.errors} />
              <button name="intent" value="custom" className="mt-4 rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
                {t("signIn.custom.continue")}
              </button>
            </SignInCard>
          ) : null}
          {loaderData.providers.map((provider) => (
            <ProviderSignInCard key={provider.id} provider={provider} redirectTo={redirectTo} />
          ))}
        </div>
      </Content>
    </main>
  );
}

/** A field's errors, from the form's conform state; its id is the one the field's aria-describedby names. */
function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const t = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {errors.map((message) => (
        <p key={message}>{t(message as TranslationKey)}</p>
      ))}
    </div>
  );
}

/** conform's props carry the field's React key; a key is never spread. */
function withoutKey<Props extends { key?: unknown }>(props: Props): Omit<Props, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** One sign-in option: a card that is a form of its own, returning to where the visitor was going. */
function SignInCard({
  id,
  title,
  lines,
  redirectTo,
  formProps,
  children,
}: {
  id: string;
  title: string;
  lines: [string, string];
  redirectTo: string;
  formProps?: ReturnType<typeof getFormProps>;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" {...formProps} className="rounded bg-white p-6 shadow dark:bg-slate-900" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-2">{lines[0]}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{lines[1]}</p>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </Form>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "signIn.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="auth" />;
}
