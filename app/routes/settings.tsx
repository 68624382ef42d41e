import { data, Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/settings";
import { IdentityCard } from "~/components/settings/identity-card";
import { SettingsFrame } from "~/components/settings/settings-frame";
import { useRootData, useTranslation } from "~/components/shell/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { pageIdentity } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";
import { createTranslator, LANGUAGES } from "~/lib/i18n/i18n";
import { readPreferences, THEMES } from "~/lib/settings/preferences";
import { userProfile } from "~/lib/settings/profile.server";
import { appearanceSchema } from "~/lib/settings/schema";
import { savePreferences } from "~/lib/settings/user-preferences.server";

// Settings > General: who you are, and the theme, language and sidebar you
// chose, kept for you on the server and mirrored in the render cookies.

const INVALID_FIELD_MESSAGES = { theme: "settings.themeInvalid", language: "settings.languageInvalid" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  // The root loader renews the session; this one only needs to know who it is.
  const identity = await pageIdentity(app, request, new Headers());
  return { profile: identity ? await userProfile(app.catalog, identity) : undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const parsed = appearanceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (field in INVALID_FIELD_MESSAGES) errors[field] = t(INVALID_FIELD_MESSAGES[field as keyof typeof INVALID_FIELD_MESSAGES]);
    }
    return data({ errors }, { status: 400 });
  }
  const { theme, language, sidebarPinned } = parsed.data;
  const headers = new Headers();
  const cookies = await savePreferences(app.userSettings, identity, { theme, language, sidebarPinned: sidebarPinned === "on" }, app.publicConfig.basePath);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashAlerts(request, app.publicConfig.basePath, { message: t("settings.saved"), severity: "success", display: "transient" }));
  return redirect("/settings", { headers });
}

export default function GeneralSettings({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const preferences = useRootData()?.preferences;
  const errors = useActionData<typeof action>()?.errors;
  return (
    <SettingsFrame>
      <div className="grid gap-6 lg:grid-cols-2">
        {loaderData.profile ? <IdentityCard profile={loaderData.profile} /> : null}
        {/* key: after another tab changes a setting and this one revalidates, the form shows the new values. */}
        <Form key={`${preferences?.theme}-${preferences?.language}-${preferences?.sidebarPinned}`} method="post" className="space-y-6 rounded bg-white p-6 shadow dark:bg-slate-900" aria-labelledby="appearance-title">
          <h2 id="appearance-title" className="text-lg font-semibold">
            {t("settings.appearance.title")}
          </h2>
          <input type="hidden" name="intent" value="appearance" />
          <fieldset>
            <legend className="font-semibold">{t("shell.theme.label")}</legend>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("settings.appearance.themeDescription")}</p>
            <div className="mt-2 flex gap-4">
              {THEMES.map((theme) => (
                <label key={theme} className="flex items-center gap-2">
                  <input type="radio" name="theme" value={theme} defaultChecked={preferences?.theme === theme} />
                  {t(`shell.theme.${theme}`)}
                </label>
              ))}
            </div>
            {errors?.theme ? <p className="mt-1 text-sm text-red-700">{errors.theme}</p> : null}
          </fieldset>
          <label className="block">
            <span className="font-semibold">{t("settings.language")}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">{t("settings.appearance.languageDescription")}</span>
            <select name="language" defaultValue={preferences?.language} className="mt-2 block w-full rounded border border-slate-300 bg-transparent p-2">
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`languages.${language}`)}
                </option>
              ))}
            </select>
            {errors?.language ? <p className="mt-1 text-sm text-red-700">{errors.language}</p> : null}
          </label>
          <label className="flex items-start gap-2">
            <input type="checkbox" name="sidebarPinned" defaultChecked={preferences?.sidebarPinned} className="mt-1" />
            <span>
              <span className="block font-semibold">{t("shell.pinSidebar")}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{t("settings.appearance.pinSidebarDescription")}</span>
            </span>
          </label>
          <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            {t("shell.theme.apply")}
          </button>
        </Form>
      </div>
    </SettingsFrame>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "settings.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="user-settings" />;
}
