import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import type { Entity } from "~/lib/catalog/entity";
import type { CardView } from "~/lib/catalog/entity-page/entity-page-view";
import { DocsReaderPage } from "~/components/techdocs/docs-reader";
import { InfoCard } from "./info-card";
import { MissingAnnotationEmptyState } from "./missing-annotation";

/**
 * The Docs tab: the docs reader inside the entity page (its links stay under
 * the tab), with a link to the reader on its own page (the view-techdoc
 * route); or what annotation is missing.
 */
export function TechDocsCard({ view, entity }: { view: Extract<CardView, { card: "techdocs" }>; entity: Entity }) {
  const t = useTranslation();
  if (view.reader && view.readerBase && view.docsPath) {
    return (
      <section id="techdocs" aria-label={t("entityPage.cards.techdocs")} className="flex flex-col gap-3">
        <p className="text-sm">
          <Link to={`${view.docsPath}/`} className="font-semibold text-brand-600 hover:underline dark:text-brand-300">
            {t("entityPage.cards.readDocs")}
          </Link>
        </p>
        <DocsReaderPage data={view.reader} readerBase={view.readerBase} embedded />
      </section>
    );
  }
  return (
    <InfoCard id="techdocs" title={t("entityPage.cards.techdocs")}>
      {view.docsPath ? (
        <div className="flex flex-col gap-2">
          <p>{t("entityPage.cards.docsIntro", { title: entity.metadata.title ?? entity.metadata.name })}</p>
          <p>
            <Link to={view.docsPath} className="font-semibold text-brand-600 hover:underline dark:text-brand-300">
              {t("entityPage.cards.readDocs")}
            </Link>
          </p>
        </div>
      ) : (
        <MissingAnnotationEmptyState annotations={view.missingAnnotations} kind={entity.kind} />
      )}
    </InfoCard>
  );
}
