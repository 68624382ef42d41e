import { Form } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import { InfoCard } from "~/components/ui/info-card";
import { Link } from "~/components/ui/link";
import { entityRoute } from "~/lib/catalog/entity-route";
import type { HomeDoc, HomeEntity, HomePageData } from "~/lib/home/home-page";
import type { HomeWidgetId } from "~/lib/home/home-widgets";

// The home page's widgets, each an info card; the page lays them out in the
// order the user chose.

export function HomeWidget({ id, data }: { id: HomeWidgetId; data: HomePageData }) {
  const t = useTranslation();
  switch (id) {
    case "search":
      return <SearchWidget kinds={data.searchKinds} />;
    case "starred":
      return (
        <EntityList
          id="starred"
          title={t("home.widgets.starred")}
          entities={data.starred}
          empty={data.signedIn ? t("home.starredEmpty") : t("home.signInFor")}
          more={data.starred.length ? "/catalog?filters[user]=starred" : undefined}
        />
      );
    case "recent":
      return <EntityList id="recent" title={t("home.widgets.recent")} entities={data.recent} empty={data.signedIn ? t("home.recentEmpty") : t("home.signInFor")} />;
    case "owned":
      return (
        <EntityList
          id="owned"
          title={t("home.widgets.owned")}
          entities={data.owned}
          empty={data.signedIn ? t("home.ownedEmpty") : t("home.signInFor")}
          more={data.ownedTotal > data.owned.length ? "/catalog?filters[user]=owned" : undefined}
        />
      );
    case "docs":
      return <DocsList docs={data.docs} />;
  }
}

/**
 * Searches the whole catalog, every kind (Backstage's HomePageSearchBar goes
 * to the search page too), and says so: the kinds it searches are listed
 * under the box. A GET form to /search, so it works without JavaScript.
 */
function SearchWidget({ kinds }: { kinds: string[] }) {
  const t = useTranslation();
  return (
    <InfoCard id="home-search" title={t("home.widgets.search")}>
      <Form method="get" action="/search" role="search" aria-label={t("home.search.label")} className="flex flex-col gap-2">
        <div className="flex gap-2">
          <label htmlFor="home-search-text" className="sr-only">
            {t("home.search.label")}
          </label>
          <input type="hidden" name="types[0]" value="software-catalog" />
          <input
            id="home-search-text"
            type="search"
            name="term"
            maxLength={100}
            placeholder={t("home.search.placeholder")}
            aria-describedby="home-search-kinds"
            className="min-w-0 flex-1 rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-950"
          />
          <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {t("home.search.submit")}
          </button>
        </div>
        <p id="home-search-kinds" className="text-sm text-slate-600 dark:text-slate-400">
          {kinds.length > 0 ? t("home.search.kinds", { kinds: kinds.join(", ") }) : t("home.search.everyKind")}
        </p>
      </Form>
    </InfoCard>
  );
}

function EntityList({ id, title, entities, empty, more }: { id: string; title: string; entities: HomeEntity[]; empty: string; more?: string }) {
  const t = useTranslation();
  return (
    <InfoCard id={`home-${id}`} title={title} deepLink={more ? { title: t("home.more"), link: more } : undefined}>
      {entities.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {entities.map((entity) => (
            <li key={entity.entityRef}>
              <Link to={entityRoute(entity.entityRef)} title={entity.hover} className="text-brand-600 hover:underline dark:text-brand-300">
                {entity.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </InfoCard>
  );
}

function DocsList({ docs }: { docs: HomeDoc[] }) {
  const t = useTranslation();
  return (
    <InfoCard id="home-docs" title={t("home.widgets.docs")}>
      {docs.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t("home.docsEmpty")}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {docs.map((doc) => (
            <li key={doc.entityRef}>
              <Link to={doc.docsPath} title={doc.hover} className="text-brand-600 hover:underline dark:text-brand-300">
                {doc.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </InfoCard>
  );
}
