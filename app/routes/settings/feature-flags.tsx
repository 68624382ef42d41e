import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/feature-flags";
import { SettingsFrame } from "~/components/settings/settings-frame";
import { useTranslation } from "~/components/shell/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { pageMeta } from "~/components/ui/page";
import { flashAlerts } from "~/lib/alerts/flash.server";
import { pageIdentity } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";
import { activeFeatureFlags, setFeatureFlag } from "~/lib/settings/feature-flags.server";

// Settings > Feature Flags: the flags registered in app.featureFlags, each a
// switch the user turns on or off for themselves (kept on the server).

const toggleSchema = z.object({ intent: z.literal("toggle"), name: z.string().min(1).max(150), active: z.enum(["on", "off"]) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const active = identity ? await activeFeatureFlags(app.userSettings, identity.userEntityRef) : new Set<string>();
  return { flags: app.config.config.app.featureFlags.map((flag) => ({ ...flag, active: active.has(flag.name) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  const parsed = toggleSchema.safeParse(Object.fromEntries(await request.formData()));
  const registered = app.config.config.app.featureFlags;
  if (!identity || !parsed.success || !registered.some((flag) => flag.name === parsed.data.name)) {
    return data({ error: t("settings.featureFlags.unknown") }, { status: 400 });
  }
  const { name, active } = parsed.data;
  await setFeatureFlag(app.userSettings, registered, { userEntityRef: identity.userEntityRef, name, active: active === "on" });
  const message = t(active === "on" ? "settings.featureFlags.switchedOn" : "settings.featureFlags.switchedOff", { name });
  return redirect("/settings/feature-flags", {
    headers: { "Set-Cookie": flashAlerts(request, app.publicConfig.basePath, { message, severity: "success", display: "transient" }) },
  });
}

export default function FeatureFlagsSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  return (
    <SettingsFrame>
      <section aria-labelledby="feature-flags-title" className="rounded bg-white p-6 shadow dark:bg-slate-900">
        <h2 id="feature-flags-title" className="text-lg font-semibold">
          {t("settings.featureFlags.title")}
        </h2>
        {actionData?.error ? <p className="mt-2 text-sm text-red-700">{actionData.error}</p> : null}
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
                <Form method="post">
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="name" value={flag.name} />
                  <input type="hidden" name="active" value={flag.active ? "off" : "on"} />
                  <button
                    type="submit"
                    role="switch"
                    aria-checked={flag.active}
                    aria-label={flag.name}
                    className={`w-16 rounded-full px-3 py-1 text-sm font-semibold ${flag.active ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"}`}
                  >
                    {t(flag.active ? "settings.featureFlags.on" : "settings.featureFlags.off")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </SettingsFrame>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "settings.featureFlags.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="user-settings" />;
}
