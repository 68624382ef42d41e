import { data, Form, redirect, redirectDocument, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/sign-in";
import { useTranslation } from "~/components/shell/root-data";
import { ProviderSignInCard } from "~/components/auth/provider-sign-in-card";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { GUEST_IDENTITY, isOpenIdConnectJwt } from "~/lib/auth/identity";
import { redirectFlowUrl, startPathFor } from "~/lib/auth/login-requests.server";
import { ownershipEntityRefs } from "~/lib/auth/ownership.server";
import { PROVIDERS } from "~/lib/auth/providers";
import { signInSchema } from "~/lib/auth/sign-in-schema";
import { offeredSignInOptions, startSession } from "~/lib/auth/sign-in.server";
import { isValidEntityName } from "~/lib/catalog/validation";
import { getRequestContext } from "~/lib/context.server";
import { createTranslator } from "~/lib/i18n/i18n";
import { safeRedirectPath } from "~/lib/links";
import { readPreferences } from "~/lib/settings/preferences";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const options = offeredSignInOptions(app);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), app.publicConfig.basePath);
  if (options.length === 0 || app.auth.identity) throw redirect(redirectTo);
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
  const parsed = signInSchema.safeParse(Object.fromEntries(await request.formData()));
  const offered = parsed.success && options.includes(parsed.data.intent === "provider" ? parsed.data.provider : parsed.data.intent);
  if (!parsed.success || !offered) return data({ error: t("signIn.loginFailed"), field: undefined, userId: undefined }, { status: 400 });
  const form = parsed.data;
  if (form.intent === "provider") {
    // Without JavaScript: the provider's redirect flow, back to where the visitor was going.
    const provider = app.authProviders.provider(form.provider);
    if (!provider) return data({ error: t("signIn.loginFailed"), field: undefined, userId: undefined }, { status: 400 });
    return redirectDocument(redirectFlowUrl(app, provider.config.id, [], safeRedirectPath(form.redirectTo, app.publicConfig.basePath)));
  }
  let identity = GUEST_IDENTITY;
  if (form.intent === "custom") {
    // The User ID comes back with an error, so a page rendered without JavaScript keeps it.
    const failed = (field: "userId" | "idToken", error: string) => data({ error, field, userId: form.userId }, { status: 400 });
    if (!isValidEntityName(form.userId)) return failed("userId", t("signIn.custom.userIdInvalid"));
    if (form.idToken && !isOpenIdConnectJwt(form.idToken)) return failed("idToken", t("signIn.custom.tokenInvalid"));
    const userEntityRef = `user:default/${form.userId.toLocaleLowerCase("en-US")}`;
    identity = { userEntityRef, ownershipEntityRefs: await ownershipEntityRefs(app.catalog, userEntityRef), provider: "custom" };
  }
  return redirect(safeRedirectPath(form.redirectTo, app.publicConfig.basePath), { headers: { "Set-Cookie": await startSession(app, identity) } });
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "/";
  return (
    <main id="main">
      <Header theme="home" title={t("signIn.title")} />
      <Content>
        {result?.error && !result.field ? (
          <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100">
            {result.error}
          </p>
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
            <SignInCard id="sign-in-custom" title={t("signIn.custom.title")} lines={[t("signIn.custom.subtitle"), t("signIn.custom.subtitle2")]} redirectTo={redirectTo}>
              <label className="mt-4 block">
                <span className="font-medium">{t("signIn.custom.userId")}</span>
                <input name="userId" required defaultValue={result?.userId} className="mt-1 block w-full rounded border border-slate-300 bg-transparent p-2" aria-invalid={result?.field === "userId"} />
              </label>
              {result?.field === "userId" ? <p className="mt-1 text-sm text-red-700">{result.error}</p> : null}
              <label className="mt-4 block">
                <span className="font-medium">{t("signIn.custom.idToken")}</span>
                <input name="idToken" className="mt-1 block w-full rounded border border-slate-300 bg-transparent p-2" aria-invalid={result?.field === "idToken"} />
              </label>
              {result?.field === "idToken" ? <p className="mt-1 text-sm text-red-700">{result.error}</p> : null}
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

/** One sign-in option: a card that is a form of its own, returning to where the visitor was going. */
function SignInCard({ id, title, lines, redirectTo, children }: { id: string; title: string; lines: [string, string]; redirectTo: string; children: React.ReactNode }) {
  return (
    <Form method="post" className="rounded bg-white p-6 shadow dark:bg-slate-900" aria-labelledby={id}>
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
