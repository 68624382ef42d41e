import { useNavigation } from "react-router";
import type { Entity } from "~/lib/catalog/entity";
import { UNREGISTER_PARAM, type EntityDialogsData } from "~/lib/catalog/entity-dialogs";
import { InspectorDialog } from "./inspector/inspector-dialog";
import { DeleteOrphanDialog, OrphanBanner } from "./unregister/orphan";
import { UnregisterDialog } from "./unregister/unregister-dialog";

/** The dialog the URL opened (inspector, unregister), rendered on the server. */
export function EntityDialogs({ data, entity, actionError }: { data: EntityDialogsData; entity: Entity; actionError?: string }) {
  const navigation = useNavigation();
  switch (data.kind) {
    case "inspector":
      return <InspectorDialog data={data.data} entity={entity} />;
    case "unregister":
      return <UnregisterDialog state={data.state} actionError={actionError} />;
    case "delete-orphan":
      return <DeleteOrphanDialog actionError={actionError} />;
    case "none":
      // With JavaScript the dialog opens at once, showing progress until the server's answer arrives.
      if (navigation.state === "loading" && new URLSearchParams(navigation.location.search).has(UNREGISTER_PARAM)) {
        return <UnregisterDialog state={{ type: "loading" }} />;
      }
      return null;
  }
}

/** The orphan banner of spec 2.4: a warning with a delete button and a cancel button. */
export function OrphanWarning({ entity }: { entity: Entity }) {
  return <OrphanBanner entity={entity} />;
}
