import type { Entity } from "~/lib/catalog/entity";
import type { EntityDialogsData } from "~/lib/catalog/entity-dialogs";

/** The dialog the URL opened (inspector, unregister), rendered on the server. */
export function EntityDialogs(_props: { data: EntityDialogsData; entity: Entity; actionError?: string }) {
  return null;
}

/** The orphan banner of spec 2.4: a warning with a delete button and a cancel button. */
export function OrphanWarning(_props: { entity: Entity }) {
  return null;
}
