import { useTranslation } from "~/components/ui/root-data";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { Link } from "~/components/ui/link";
import { panelLook } from "~/components/ui/warning-panel";
import { humanizeEntityRef, parseEntityRef } from "~/lib/catalog/entity-ref";
import type { ProcessingErrorView } from "~/lib/catalog/entity-page/entity-page-view";
import type { Presentations } from "~/lib/catalog/presentation";

/**
 * Processing errors of level error, as Backstage's EntityProcessingErrorsPanel
 * but in two weights: the entity's own in one error panel, up front; its
 * ancestors' (the Locations it was read through, whose other files may be
 * broken) folded into one summary with their count, each under the ancestor
 * it came from, and a link to the inspector's ancestry. A <details>, so it
 * opens without JavaScript.
 */
export function ProcessingErrors({ errors, presentations, inspectAncestryHref }: { errors: ProcessingErrorView[]; presentations: Presentations; inspectAncestryHref: string }) {
  const t = useTranslation();
  const own = errors.filter((error) => !error.ancestorRef);
  const inherited = errors.filter((error) => error.ancestorRef);
  if (errors.length === 0) return null;
  const byAncestor = new Map<string, string[]>();
  for (const error of inherited) byAncestor.set(error.ancestorRef!, [...(byAncestor.get(error.ancestorRef!) ?? []), error.message]);
  return (
    <div className="flex flex-col gap-3" data-testid="processing-errors">
      {own.length > 0 ? (
        <section role="alert" aria-labelledby="own-processing-errors-title" data-testid="own-processing-errors" className={panelLook("error")}>
          <h2 id="own-processing-errors-title" className="font-semibold">
            {t("entityPage.processingErrors.own", { count: own.length })}
          </h2>
          <ul className="mt-1 flex flex-col gap-1">
            {own.map((error, index) => (
              <li key={index} className="font-mono text-sm break-words">
                {error.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {inherited.length > 0 ? (
        <details data-testid="ancestor-processing-errors" className={panelLook("warning")}>
          <summary className="cursor-pointer font-semibold">{t("entityPage.processingErrors.ancestors", { count: inherited.length })}</summary>
          <p className="mt-2 text-sm">
            {t("entityPage.processingErrors.ancestorsHelp")} <Link to={inspectAncestryHref}>{t("entityPage.processingErrors.inspectAncestry")}</Link>
          </p>
          <ul className="mt-2 flex flex-col gap-2">
            {[...byAncestor].map(([ref, messages]) => (
              <li key={ref}>
                <p className="text-sm">
                  {t("entityPage.processingErrors.originatesFrom")} <EntityRefLink entityRef={ref} presentations={presentations} className="font-semibold" />
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {messages.map((message, index) => (
                    <li key={index} className="font-mono text-sm break-words">
                      {message}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
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
