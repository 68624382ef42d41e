import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { StarButton } from "~/components/catalog/star-button";
import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import type { PageTheme } from "~/components/ui/page";
import type { EntityPageView } from "~/lib/catalog/entity-page/entity-page-view";
import { Breadcrumbs } from "./breadcrumbs";
import { MoreMenu } from "./more-menu";

/**
 * The entity page's header, as Backstage's: breadcrumb of up to two parents,
 * the title (' in {namespace}' outside the default namespace), the type
 * line, owner and lifecycle labels, the favourite star and the 'more' menu.
 * Its colours follow the page theme of the entity's spec type.
 */
export function EntityHeader({ view }: { view: EntityPageView }) {
  const t = useTranslation();
  const { header, presentations } = view;
  const title = header.namespace ? t("entityPage.titleInNamespace", { title: header.title, namespace: header.namespace }) : header.title;
  const crumbs = [
    {
      key: "catalog",
      node: (
        <Link to="/catalog" className="hover:underline">
          {t("shell.nav.catalog")}
        </Link>
      ),
    },
    ...header.breadcrumbs.map((ref) => ({ key: ref, node: <EntityRefLink entityRef={ref} presentations={presentations} className="hover:underline" /> })),
  ];
  return (
    <header data-page-theme={header.theme as PageTheme} className="flex flex-wrap items-end justify-between gap-4 px-6 py-6 text-white shadow">
      <div className="min-w-0">
        <Breadcrumbs items={crumbs} label={t("entityPage.breadcrumbs")} />
        <div className="mt-1 flex items-center gap-2">
          <h1 className="text-3xl font-semibold tracking-tight break-words">{title}</h1>
          <StarButton entityRef={view.entityRef} starred={view.starred} title={header.title} />
        </div>
        <p className="mt-1 text-white/80" data-testid="entity-type-line">
          {header.typeLine}
        </p>
      </div>
      <div className="flex items-start gap-6">
        <dl className="flex gap-6 text-sm">
          {header.owners.length > 0 ? (
            <div>
              <dt className="text-xs font-bold tracking-wide text-white/70 uppercase">{t("entityPage.owner")}</dt>
              <dd className="mt-1">
                {header.owners.map((owner, index) => (
                  <span key={owner}>
                    {index > 0 ? ", " : null}
                    <EntityRefLink entityRef={owner} presentations={presentations} defaultKind="group" className="text-white underline-offset-2 hover:underline" />
                  </span>
                ))}
              </dd>
            </div>
          ) : null}
          {header.lifecycle ? (
            <div>
              <dt className="text-xs font-bold tracking-wide text-white/70 uppercase">{t("entityPage.lifecycle")}</dt>
              <dd className="mt-1">{header.lifecycle}</dd>
            </div>
          ) : null}
        </dl>
        <MoreMenu menu={view.menu} />
      </div>
    </header>
  );
}

/** One tab per sub-route of the layout; the selected one follows the path. Plain links: no JavaScript needed. */
export function EntityTabs({ view, basePath }: { view: EntityPageView; basePath: string }) {
  const t = useTranslation();
  if (view.tabs.length <= 1) return null;
  return (
    <nav aria-label={t("entityPage.tabs")} className="border-b border-slate-200 bg-white px-6 dark:border-slate-800 dark:bg-slate-900">
      <ul className="flex flex-wrap gap-1">
        {view.tabs.map((tab) => (
          <li key={tab.link}>
            <Link
              to={`${basePath}${tab.link}`}
              aria-current={tab.selected ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-3 text-sm font-semibold uppercase ${tab.selected ? "border-brand-500 text-brand-700 dark:text-brand-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300"}`}
            >
              {tab.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
