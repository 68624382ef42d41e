import { NavLink } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import type { MessageKey } from "~/lib/i18n/i18n";

// The tabs of /settings, in Backstage's order. A tab is a link to its own
// route, so tabs work without JavaScript; adding a tab is one entry here and
// one child route under "settings" in app/routes.ts.
export const SETTINGS_TABS: ReadonlyArray<{ id: string; path: string; label: MessageKey }> = [
  { id: "general", path: "/settings", label: "settings.tabs.general" },
  { id: "auth-providers", path: "/settings/auth-providers", label: "authProviders.tab" },
  { id: "feature-flags", path: "/settings/feature-flags", label: "settings.tabs.featureFlags" },
];

export function SettingsTabs() {
  const t = useTranslation();
  return (
    <nav aria-label={t("settings.tabs.label")} className="border-b border-slate-200 px-6 dark:border-slate-800">
      <ul className="mx-auto flex max-w-6xl gap-6">
        {SETTINGS_TABS.map((tab) => (
          <li key={tab.id}>
            <NavLink
              to={tab.path}
              end
              prefetch="intent"
              className={({ isActive }) =>
                `inline-block border-b-2 py-3 text-sm font-semibold uppercase tracking-wide ${isActive ? "border-brand-600 text-brand-700 dark:text-brand-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"}`
              }
            >
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
