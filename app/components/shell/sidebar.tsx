import { Form, NavLink, useLocation } from "react-router";
import type { StarredLink } from "~/lib/catalog/starred-sidebar.server";
import { entityRoute } from "~/lib/catalog/entity-route";
import type { MessageKey } from "~/lib/i18n/i18n";
import { Icon, type IconName } from "./icons";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";

// The navigation. Each area adds its entry here when it lands, so the shell
// never links to a page that does not exist.
const NAV_ITEMS: Array<{ to: string; label: MessageKey; icon: IconName; end?: boolean }> = [
  { to: "/", label: "shell.nav.home", icon: "home", end: true },
  { to: "/catalog", label: "shell.nav.catalog", icon: "catalog" },
  { to: "/catalog-graph", label: "shell.nav.graph", icon: "graph" },
  { to: "/docs", label: "shell.nav.docs", icon: "docs" },
  { to: "/search", label: "shell.nav.search", icon: "search" },
  { to: "/create", label: "shell.nav.create", icon: "create" },
  { to: "/settings", label: "shell.nav.settings", icon: "settings" },
];

/**
 * Closed it is 72px wide and opens to 224px on hover or keyboard focus (after
 * 100 ms, fading labels in over 200 ms); pinned it stays open. On small
 * screens it becomes a bottom bar 56px high. All of it is CSS and forms, so
 * it works without JavaScript.
 */
export function Sidebar({
  pinned,
  introDismissed,
  appTitle,
  user,
  starred,
}: {
  pinned: boolean;
  introDismissed: boolean;
  appTitle: string;
  user?: { userEntityRef: string; canSignOut: boolean };
  /** The signed-in user's starred entities; undefined for a visitor. */
  starred?: StarredLink[];
}) {
  const t = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const width = pinned ? "sm:w-[var(--sidebar-open-width)]" : "sm:w-[var(--sidebar-closed-width)] sm:hover:w-[var(--sidebar-open-width)] sm:focus-within:w-[var(--sidebar-open-width)]";
  const label = pinned ? "sm:opacity-100" : "sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100";

  return (
    <nav
      aria-label={t("shell.navigation")}
      data-pinned={pinned}
      data-dark-surface
      className={`group fixed inset-x-0 bottom-0 z-40 flex h-[var(--sidebar-mobile-height)] overflow-hidden bg-brand-900 text-white transition-[width] delay-[var(--sidebar-open-delay)] duration-[var(--sidebar-fade)] sm:inset-y-0 sm:right-auto sm:left-0 sm:h-auto sm:flex-col ${width}`}
    >
      <div className="hidden h-16 items-center gap-3 px-5 text-lg font-semibold whitespace-nowrap sm:flex">
        <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded bg-brand-500">
          A
        </span>
        <span className={`min-w-0 truncate transition-opacity duration-[var(--sidebar-fade)] ${label}`} title={appTitle}>
          {appTitle}
        </span>
      </div>
      <ul className="flex flex-1 justify-around sm:mt-2 sm:flex-none sm:flex-col sm:justify-start">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) => `flex h-14 items-center gap-4 px-2 whitespace-nowrap hover:bg-white/10 sm:px-6 ${isActive ? "bg-white/15 font-semibold" : ""}`}
            >
              <Icon name={item.icon} className="h-6 w-6 shrink-0" />
              <span className={`sr-only transition-opacity duration-[var(--sidebar-fade)] sm:not-sr-only ${label}`}>{t(item.label)}</span>
            </NavLink>
          </li>
        ))}
        {starred ? (
          // On a phone the starred list below is hidden: the bottom bar leads to the catalog's Starred view.
          <li className="sm:hidden">
            <Link to="/catalog?filters[user]=starred" aria-label={t("catalogCommon.starred.title")} className="flex h-14 items-center px-2 hover:bg-white/10">
              <Icon name="star" className="h-6 w-6 shrink-0 text-amber-400" />
            </Link>
          </li>
        ) : null}
        {user?.canSignOut ? (
          // On a phone the user menu below is hidden: sign-out is the bottom bar's last icon.
          <li className="sm:hidden">
            <Form method="post" action="/sign-out">
              <button aria-label={t("signIn.signOut")} className="flex h-14 items-center px-2 hover:bg-white/10">
                <Icon name="signOut" className="h-6 w-6 shrink-0" />
              </button>
            </Form>
          </li>
        ) : null}
      </ul>
      {starred ? (
        // Scrollable only with links in it: an empty list's hint, cut short on a low screen, would be a
        // scrollable region with nothing to focus (axe's scrollable-region-focusable).
        <section
          aria-labelledby="sidebar-starred"
          className={`hidden min-h-0 flex-col whitespace-nowrap sm:flex ${starred.length ? "overflow-y-auto" : "overflow-hidden"}`}
          data-testid="sidebar-starred"
        >
          <h2 id="sidebar-starred" className="flex h-10 items-center gap-4 px-6 text-sm font-semibold">
            <Icon name="star" className="h-5 w-5 shrink-0 text-amber-400" />
            <span className={`transition-opacity duration-[var(--sidebar-fade)] ${label}`}>{t("catalogCommon.starred.title")}</span>
          </h2>
          <ul className={`transition-opacity duration-[var(--sidebar-fade)] ${label}`}>
            {starred.map((entry) => (
              <li key={entry.entityRef}>
                <NavLink to={entityRoute(entry.entityRef)} title={entry.hover} className="block truncate py-1 pr-4 pl-15 text-sm hover:bg-white/10">
                  {entry.title}
                </NavLink>
              </li>
            ))}
          </ul>
          {starred.length === 0 ? (
            <p className={`px-6 text-xs whitespace-normal text-white/70 transition-opacity duration-[var(--sidebar-fade)] ${label}`}>{t("catalogCommon.starred.empty")}</p>
          ) : null}
        </section>
      ) : null}
      <div className="mt-auto hidden flex-col gap-2 pb-4 sm:flex">
        {pinned && !introDismissed ? (
          <div className="mx-3 rounded bg-white/10 p-3 text-sm whitespace-normal" data-testid="sidebar-intro">
            <p>{t("shell.intro.text")}</p>
            <Form method="post" action="/shell/sidebar" className="mt-2">
              <input type="hidden" name="redirectTo" value={here} />
              <button name="intent" value="dismiss-intro" className="font-semibold underline">
                {t("shell.intro.dismiss")}
              </button>
            </Form>
          </div>
        ) : null}
        {user ? (
          <div className="flex flex-col gap-1 px-6 text-sm whitespace-nowrap" data-testid="user-menu">
            <span className={`truncate transition-opacity duration-[var(--sidebar-fade)] ${label}`}>{t("signIn.signedInAs", { user: user.userEntityRef })}</span>
            {user.canSignOut ? (
              <Form method="post" action="/sign-out">
                <button className={`font-semibold underline transition-opacity duration-[var(--sidebar-fade)] ${label}`}>{t("signIn.signOut")}</button>
              </Form>
            ) : null}
          </div>
        ) : null}
        <Form method="post" action="/shell/sidebar">
          <input type="hidden" name="redirectTo" value={here} />
          <button name="intent" value={pinned ? "unpin" : "pin"} className="flex h-12 w-full items-center gap-4 px-6 whitespace-nowrap hover:bg-white/10" aria-pressed={pinned}>
            <Icon name="pin" className="h-5 w-5 shrink-0" />
            <span className={`transition-opacity duration-[var(--sidebar-fade)] ${label}`}>{pinned ? t("shell.unpinSidebar") : t("shell.pinSidebar")}</span>
          </button>
        </Form>
      </div>
    </nav>
  );
}
