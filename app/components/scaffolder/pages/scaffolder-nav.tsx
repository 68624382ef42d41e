import { NavLink } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import type { MessageKey } from "~/lib/i18n/i18n";

// The scaffolder's own pages, as Backstage's context menu on /create offers
// them (Manage Templates, Installed Actions, Task List, Templating
// Extensions): plain links, so they work without JavaScript.
const PAGES: Array<{ to: string; label: MessageKey; end?: boolean }> = [
  { to: "/create", label: "scaffolderPages.nav.templates", end: true },
  { to: "/create/tasks", label: "scaffolderPages.nav.tasks" },
  { to: "/create/actions", label: "scaffolderPages.nav.actions" },
  { to: "/create/templating-extensions", label: "scaffolderPages.nav.extensions" },
  { to: "/create/edit", label: "scaffolderPages.nav.editor" },
];

export function ScaffolderNav() {
  const t = useTranslation();
  return (
    <nav aria-label={t("scaffolderPages.nav.label")} className="flex flex-wrap gap-1 text-sm">
      {PAGES.map((page) => (
        <NavLink
          key={page.to}
          to={page.to}
          end={page.end}
          className={({ isActive }) => `rounded px-3 py-1 font-semibold text-white hover:bg-white/10 ${isActive ? "bg-white/20" : "border border-white/40"}`}
        >
          {t(page.label)}
        </NavLink>
      ))}
    </nav>
  );
}
