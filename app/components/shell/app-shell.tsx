import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import type { RootData } from "~/lib/root-data";
import { Progress } from "~/components/ui/progress";
import { AlertDisplay } from "./alert-display";
import { useFocusAfterNavigation } from "./focus-after-navigation";
import { InactivityPrompt } from "./inactivity-prompt";
import { RouteAnnouncer } from "./route-announcer";
import { SessionCookieRefresh } from "./session-cookie-refresh";
import { SettingsSync } from "./settings-sync";
import { Sidebar } from "./sidebar";
import { ShellSearchBox } from "~/components/search/shell-search-box";
import { useTranslation } from "~/components/ui/root-data";

/** The frame of every page: skip link, alerts, sidebar, and the page itself. */
export function AppShell({ root, children }: { root: RootData; children: ReactNode }) {
  const t = useTranslation();
  const navigating = useNavigation().state !== "idle";
  const { sidebarPinned, sidebarIntroDismissed } = root.preferences;
  // A real session exists only when there is a sign-in page; without one everyone is the guest, with no cookie to keep alive.
  const signedIn = Boolean(root.user?.canSignOut);
  useFocusAfterNavigation();
  return (
    <AlertDisplay initial={root.alerts}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2 focus:text-black">
        {t("shell.skipToContent")}
      </a>
      <SettingsSync />
      <RouteAnnouncer />
      {signedIn ? <SessionCookieRefresh basePath={root.config.basePath} /> : null}
      <InactivityPrompt settings={root.config.autologout} signedIn={signedIn} />
      <Sidebar pinned={sidebarPinned} introDismissed={sidebarIntroDismissed} appTitle={root.config.title} user={root.user} starred={root.starred} />
      <div className={`pb-[var(--sidebar-mobile-height)] sm:pb-0 ${sidebarPinned ? "sm:pl-[var(--sidebar-open-width)]" : "sm:pl-[var(--sidebar-closed-width)]"}`}>
        {navigating ? (
          <div className="fixed inset-x-0 top-0 z-50">
            <Progress label={t("shell.loading")} />
          </div>
        ) : null}
        <ShellSearchBox />
        {children}
      </div>
    </AlertDisplay>
  );
}
