import { useTranslation } from "~/components/ui/root-data";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { panelLook } from "~/components/ui/warning-panel";
import { humanizeEntityRef, parseEntityRef } from "~/lib/catalog/entity-ref";
import type { ProcessingErrorView } from "~/lib/catalog/entity-page/entity-page-view";
import type { Presentations } from "~/lib/catalog/presentation";

/** Processing errors of level error, the entity's own and its ancestors' (named), as Backstage's EntityProcessingErrorsPanel. */
export function ProcessingErrors({ errors, presentations }: { errors: ProcessingErrorView[]; presentations: Presentations }) {
  const t = useTranslation();
  if (errors.length === 0) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="processing-errors">
      {errors.map((error, index) => (
        <section key={index} role="alert" className={panelLook("error")}>
          <h2 className="font-semibold">{t("entityPage.processingErrors.title")}</h2>
          {error.ancestorRef ? (
            <p className="mt-1 text-sm">
              {t("entityPage.processingErrors.originatesFrom")} <EntityRefLink entityRef={error.ancestorRef} presentations={presentations} className="font-semibold underline" />
            </p>
          ) : null}
          <p className="mt-1 font-mono text-sm break-words">{error.message}</p>
        </section>
      ))}
    </div>
  );
}

/** Relation targets the catalog does not have (checked for 1 to 1000 relations). */
export function RelationWarning({ missing }: { missing: string[] }) {
  const t = useTranslation();
  if (missing.length === 0) return null;
  const refs = missing.map((ref) => {
    try {
      return humanizeEntityRef(parseEntityRef(ref), { defaultNamespace: false });
    } catch {
      return ref;
    }
  });
  return (
    <section role="alert" data-testid="relation-warning" className={panelLook("warning")}>
      <h2 className="font-semibold">{t("entityPage.relationWarning.title")}</h2>
      <p className="mt-1">{t("entityPage.relationWarning.text")}</p>
      <p className="mt-1 font-mono text-sm">{t("entityPage.relationWarning.missing", { refs: refs.join(", ") })}</p>
    </section>
  );
}

/** 'Entity not found': a warning panel, with the page's 404 status set by the loader. */
export function EntityNotFound({ kind }: { kind: string }) {
  const t = useTranslation();
  return (
    <section role="alert" data-testid="entity-not-found" className={panelLook("warning")}>
      <h1 className="text-lg font-semibold">{t("entityPage.notFound")}</h1>
      <p className="mt-1">{t("entityPage.notFoundDetail", { kind })}</p>
    </section>
  );
}
