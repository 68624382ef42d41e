import { Link } from "~/components/ui/link";
import { Tooltip, TOOLTIP_DELAY } from "~/components/ui/tooltip";
import { entityRoute } from "~/lib/catalog/entity-route";
import { lookupPresentation, type Presentations } from "~/lib/catalog/presentation";

/**
 * A link to an entity's page that reads as the entity's title; its ref, kind
 * and type on hover (a tooltip after 1500 ms; the title attribute without
 * JavaScript). Presentations were resolved on the server for the whole page
 * (presentRefs); a ref missing from them shows as its humanized form.
 */
export function EntityRefLink({
  entityRef,
  presentations,
  defaultKind,
  className,
}: {
  entityRef: string;
  presentations?: Presentations;
  /** A kind this spot implies (owners are groups): left out of the text. */
  defaultKind?: string;
  className?: string;
}) {
  const presentation = lookupPresentation(presentations, entityRef, { defaultKind });
  let to: string | undefined;
  try {
    to = entityRoute(presentation.entityRef);
  } catch {
    to = undefined;
  }
  if (!to) return <span className={className}>{presentation.primaryTitle}</span>;
  return (
    <Tooltip text={presentation.secondaryTitle} delay={TOOLTIP_DELAY.entity}>
      <Link to={to} data-entity-ref={presentation.entityRef} className={className ?? "text-brand-600 hover:underline dark:text-brand-300"}>
        {presentation.primaryTitle}
      </Link>
    </Tooltip>
  );
}
