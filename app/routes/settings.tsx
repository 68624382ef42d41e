import { data, Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/settings";
import { useRootData, useTranslation } from "~/components/shell/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { getRequestContext } from "~/lib/context.server";
import { createTranslator, LANGUAGES } from "~/lib/i18n/i18n";
import { readPreferences, THEMES } from "~/lib/settings/preferences";
import { preferenceCookies } from "~/lib/settings/preferences.server";
import { appearanceSchema } from "~/lib/settings/schema";

const INVALID_FIELD_MESSAGES = { theme: "settings.themeInvalid", language: "settings.languageInvalid" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { publicConfig } = getRequestContext(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const parsed = appearanceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => String(issue.path[0]));
    const errors: Partial<Record<string, string>> = {};
    for (const field of fields) if (field in INVALID_FIELD_MESSAGES) errors[field] = t(INVALID_FIELD_MESSAGES[field as keyof typeof INVALID_FIELD_MESSAGES]);
    return data({ errors }, { status: 400 });
  }
  const { theme, language, sidebarPinned } = parsed.data;
  const headers = new Headers();
  for (const cookie of preferenceCookies({ theme, language, sidebarPinned: sidebarPinned === "on" }, publicConfig.basePath)) {
    headers.append("Set-Cookie", cookie);
  }
  headers.append("Set-Cookie", flashAlerts(request, publicConfig.basePath, { message: t("settings.saved"), severity: "success", display: "transient" }));
  return redirect("/settings", { headers });
}

export default function Settings() {
  const t = useTranslation();
  const preferences = useRootData()?.preferences;
  const errors = useActionData<typeof action>()?.errors;
  return (
    <main id="main">
      <Header theme="home" title={t("settings.title")} />
      <Content>
        <nav className="mb-4">
          <Link to="/settings/auth-providers" className="text-brand-700 underline dark:text-brand-100">
            {t("authProviders.tab")}
          </Link>
        </nav>
        <Form method="post" className="max-w-md space-y-6 rounded bg-white p-6 shadow dark:bg-slate-900">
          <input type="hidden" name="intent" value="appearance" />
          <fieldset>
            <legend className="font-semibold">{t("shell.theme.label")}</legend>
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
            <select name="language" defaultValue={preferences?.language} className="mt-2 block w-full rounded border border-slate-300 bg-transparent p-2">
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`languages.${language}`)}
                </option>
              ))}
            </select>
            {errors?.language ? <p className="mt-1 text-sm text-red-700">{errors.language}</p> : null}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="sidebarPinned" defaultChecked={preferences?.sidebarPinned} />
            {t("shell.pinSidebar")}
          </label>
          <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            {t("shell.theme.apply")}
          </button>
        </Form>
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "settings.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="user-settings" />;
}
