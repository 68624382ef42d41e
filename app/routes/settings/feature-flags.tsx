import { getFormProps, useForm } from "@conform-to/react";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/feature-flags";
import { SettingsFrame } from "~/components/settings/settings-frame";
import { useTranslation } from "~/components/ui/root-data";
import { FieldError, FormErrors } from "~/components/ui/field-error";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { formReplyOf, replyErrors, type FormReply } from "~/lib/forms/reply";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";
import { activeFeatureFlags, setFeatureFlag } from "~/lib/settings/feature-flags.server";
import { featureFlagToggleSchema } from "~/lib/settings/schema";

// Settings > Feature Flags: the flags registered in app.featureFlags, each a
// switch the user turns on or off for themselves (kept on the server).

export async function loader({ context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const active = await activeFeatureFlags(app.userSettings, settingsOwnerOf(identity));
  return { flags: app.config.config.app.featureFlags.map((flag) => ({ ...flag, active: active.has(flag.name) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const submission = await parseFormRequest(request, featureFlagToggleSchema);
  const registered = app.config.config.app.featureFlags;
  if (submission.status !== "success") return refuseSubmission(submission);
  if (!registered.some((flag) => flag.name === submission.value.name)) return refuseSubmission(submission, { fieldErrors: { name: ["settings.featureFlags.unknown"] } });
  const { name, active } = submission.value;
  await setFeatureFlag(app.userSettings, registered, { userEntityRef: settingsOwnerOf(identity), name, active: active === "on" });
  const message = t(active === "on" ? "settings.featureFlags.switchedOn" : "settings.featureFlags.switchedOff", { name });
  return redirect("/settings/feature-flags", {
    headers: { "Set-Cookie": flashAlerts(request, app.publicConfig.basePath, { message, severity: "success", display: "transient" }) },
  });
}

type Flag = Route.ComponentProps["loaderData"]["flags"][number];

export default function FeatureFlagsSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  const lastResult = formReplyOf(actionData);
  // A refused toggle shows beside its switch; one for a flag not listed (a hand-made post) above the list.
  const postedName = lastResult?.initialValue?.name;
  const unlisted = loaderData.flags.some((flag) => flag.name === postedName) ? undefined : replyErrors(lastResult);
  return (
    <SettingsFrame>
      <section aria-labelledby="feature-flags-title" className="rounded bg-white p-6 shadow dark:bg-slate-900">
        <h2 id="feature-flags-title" className="text-lg font-semibold">
          {t("settings.featureFlags.title")}
        </h2>
        <FormErrors id="feature-flags-error" errors={unlisted} className="mt-2" />
        {loaderData.flags.length === 0 ? (
          <div className="mt-4">
            <p className="font-semibold">{t("settings.featureFlags.empty")}</p>
            <p className="mt-1 text-slate-600 dark:text-slate-400">{t("settings.featureFlags.emptyDescription")}</p>
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {loaderData.flags.map((flag) => (
              <li key={flag.name} className="flex items-center justify-between gap-4 py-3" data-testid={`feature-flag-${flag.name}`}>
                <div className="min-w-0">
                  <p className="font-mono font-semibold">{flag.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {flag.pluginId ? t("settings.featureFlags.registeredIn", { plugin: flag.pluginId }) : t("settings.featureFlags.registeredInApp")}
                  </p>
                  {flag.description ? <p className="text-sm">{flag.description}</p> : null}
                </div>
                <FlagSwitch flag={flag} lastResult={postedName === flag.name ? lastResult : undefined} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </SettingsFrame>
  );
}

/** One flag's switch: a form of hidden fields and a button, its errors beside the button. */
function FlagSwitch({ flag, lastResult }: { flag: Flag; lastResult: FormReply | undefined }) {
  const t = useTranslation();
  const [form, fields] = useForm({ id: `flag-${flag.name}`, lastResult });
  const errors = [...(form.errors ?? []), ...(fields.name.errors ?? []), ...(fields.active.errors ?? [])];
  return (
    <div className="flex flex-col items-end">
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="name" value={flag.name} />
        <input type="hidden" name="active" value={flag.active ? "off" : "on"} />
        <button
          type="submit"
          role="switch"
          aria-checked={flag.active}
          aria-label={flag.name}
          aria-describedby={errors.length ? form.errorId : undefined}
          className={`w-16 rounded-full px-3 py-1 text-sm font-semibold ${flag.active ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"}`}
        >
          {t(flag.active ? "settings.featureFlags.on" : "settings.featureFlags.off")}
        </button>
      </Form>
      <FieldError id={form.errorId} errors={errors} />
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "settings.featureFlags.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="user-settings" />;
}
