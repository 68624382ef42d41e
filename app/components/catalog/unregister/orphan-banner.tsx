import { Link, useLocation } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import { ANNOTATION_ORPHAN, type Entity } from "~/lib/catalog/entity";
import { DELETE_PARAM, withSearchParams } from "~/lib/catalog/entity-dialogs";

// An orphan: no location emits the entity any more. The banner opens the
// confirmation (?delete, orphan.tsx) whose Delete button posts to the page.

export function OrphanBanner({ entity }: { entity: Entity }) {
  const t = useTranslation();
  const location = useLocation();
  if (entity.metadata.annotations?.[ANNOTATION_ORPHAN] !== "true") return null;
  return (
    <div role="alert" data-testid="orphan-warning" className="mb-4 rounded border border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <Link to={withSearchParams(location, { [DELETE_PARAM]: "" })} preventScrollReset className="block px-4 py-3 text-sm hover:underline">
        {t("entityDialogs.orphan.warning")}
      </Link>
    </div>
  );
}
