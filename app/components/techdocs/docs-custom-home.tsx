import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import type { CustomHomeData } from "~/lib/techdocs/custom-home";
import { DocsCardGrid, DocsTable } from "./docs-table";

// The docs custom home: its tabs (links: each tab is a URL) and the selected
// tab's panels, as cards or a table.

export function DocsCustomHome({ home }: { home: CustomHomeData }) {
  const t = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-6 py-6">
      {home.tabs.length > 1 ? (
        <nav aria-label={t("techdocs.index.panels")}>
          <ul className="flex gap-2 border-b border-slate-200 dark:border-slate-700">
            {home.tabs.map((tab) => (
              <li key={tab.href}>
                <Link to={tab.href} aria-current={tab.selected ? "page" : undefined} className={`docs-link block px-4 py-2 ${tab.selected ? "border-b-2 border-brand-600 font-semibold" : ""}`}>
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {home.panels.map((panel, index) => (
        <section key={`${panel.title}-${index}`} aria-labelledby={`docs-panel-${index}`} className="flex flex-col gap-3" data-testid="docs-panel">
          <h2 id={`docs-panel-${index}`} className="text-xl font-semibold">
            {panel.title}
          </h2>
          {panel.description ? <p>{panel.description}</p> : null}
          {panel.panelType === "DocsTable" ? <DocsTable rows={panel.rows} presentations={home.presentations} caption={panel.title} /> : <DocsCardGrid rows={panel.rows} />}
        </section>
      ))}
    </div>
  );
}
