import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/settings";
import { IdentityCard } from "~/components/settings/identity-card";
import { SettingsFrame } from "~/components/settings/settings-frame";
import { useRootData, useTranslation } from "~/components/ui/root-data";
import { FieldError, FormErrors } from "~/components/ui/field-error";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { withoutKey } from "~/lib/forms/controls";
import { parseForm, parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { formReplyOf, type FormReply } from "~/lib/forms/reply";
import { createTranslator, LANGUAGES } from "~/lib/i18n/i18n";
import { guestStarsToKeep } from "~/lib/settings/guest-stars.server";
import { readPreferences, THEMES, type Preferences } from "~/lib/settings/preferences";
import { userProfile } from "~/lib/settings/profile.server";
import { appearanceSchema } from "~/lib/settings/schema";
import { savePreferences } from "~/lib/settings/user-preferences.server";
import { DocsSettings } from "~/components/techdocs/docs-settings";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { readTextSize } from "~/lib/techdocs/addons/text-size.server";

// Settings > General: who you are, and the theme, language and sidebar you
// chose, kept for you on the server and mirrored in the render cookies.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const guestStars = (await guestStarsToKeep(app.userSettings, identity, request.headers.get("cookie"))).length;
  // The docs reader's text size add-on keeps its choice here too (app/lib/techdocs/addons/).
  const textSize = await readTextSize(app.userSettings, settingsOwnerOf(identity));
  return { profile: { ...(await userProfile(app.catalog, identity)), guestStars }, textSize };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const submission = await parseFormRequest(request, appearanceSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  const { theme, language, sidebarPinned } = submission.value;
  const headers = new Headers();
  const cookies = await savePreferences(app.userSettings, identity, { theme, language, sidebarPinned: sidebarPinned === true }, app.publicConfig.basePath);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashAlerts(request, app.publicConfig.basePath, { message: t("settings.saved"), severity: "success", display: "transient" }));
  return redirect("/settings", { headers });
}

export default function GeneralSettings({ loaderData, actionData }: Route.ComponentProps) {
  const preferences = useRootData()?.preferences;
  return (
    <SettingsFrame>
      <div className="grid gap-6 lg:grid-cols-2">
        {loaderData.profile ? <IdentityCard profile={loaderData.profile} /> : null}
        {/* key: after another tab changes a setting and this one revalidates, the form starts again from the new values. */}
        <AppearanceForm key={`${preferences?.theme}-${preferences?.language}-${preferences?.sidebarPinned}`} preferences={preferences} lastResult={formReplyOf(actionData)} />
        <DocsSettings textSize={loaderData.textSize} />
      </div>
    </SettingsFrame>
  );
}

function AppearanceForm({ preferences, lastResult }: { preferences: Preferences | undefined; lastResult: FormReply | undefined }) {
  const t = useTranslation();
  const [form, fields] = useForm({
    id: "appearance",
    lastResult,
    defaultValue: { intent: "appearance", theme: preferences?.theme, language: preferences?.language, sidebarPinned: preferences?.sidebarPinned ? "on" : undefined },
    onValidate: ({ formData }) => parseForm(formData, appearanceSchema),
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6 rounded bg-white p-6 shadow dark:bg-slate-900" aria-labelledby="appearance-title">
      <h2 id="appearance-title" className="text-lg font-semibold">
        {t("settings.appearance.title")}
      </h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="appearance" />
      <fieldset aria-describedby={fields.theme.errors ? fields.theme.errorId : undefined}>
        <legend className="font-semibold">{t("shell.theme.label")}</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("settings.appearance.themeDescription")}</p>
        <div className="mt-2 flex gap-4">
          {getCollectionProps(fields.theme, { type: "radio", options: [...THEMES] }).map(({ key, ...props }) => (
            <label key={key} className="flex items-center gap-2">
              <input {...props} />
              {t(`shell.theme.${props.value as Preferences["theme"]}`)}
            </label>
          ))}
        </div>
        <FieldError id={fields.theme.errorId} errors={fields.theme.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.language.id} className="block">
          <span className="font-semibold">{t("settings.language")}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">{t("settings.appearance.languageDescription")}</span>
        </label>
        <select {...withoutKey(getSelectProps(fields.language))} className="mt-2 block w-full rounded border border-slate-300 bg-transparent p-2">
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
        <FieldError id={fields.language.errorId} errors={fields.language.errors} />
      </div>
      <div>
        <label className="flex items-start gap-2">
          <input {...withoutKey(getInputProps(fields.sidebarPinned, { type: "checkbox" }))} className="mt-1" />
          <span>
            <span className="block font-semibold">{t("shell.pinSidebar")}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">{t("settings.appearance.pinSidebarDescription")}</span>
          </span>
        </label>
        <FieldError id={fields.sidebarPinned.errorId} errors={fields.sidebarPinned.errors} />
      </div>
      <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        {t("shell.theme.apply")}
      </button>
    </Form>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "settings.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="user-settings" />;
}
