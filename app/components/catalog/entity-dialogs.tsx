import { useNavigation } from "react-router";
import type { Entity } from "~/lib/catalog/entity";
import { UNREGISTER_PARAM, type EntityDialogsData } from "~/lib/catalog/entity-dialogs";
import type { FormReply } from "~/lib/forms/submission";
import { DialogFormErrors } from "./dialog-form-errors";
import { InspectorDialog } from "./inspector/inspector-dialog";
import { DeleteOrphanDialog } from "./unregister/orphan";
import { UnregisterDialog } from "./unregister/unregister-dialog";

/** The dialog the URL opened (inspector, unregister), rendered on the server, with the reply to a refused post. */
export function EntityDialogs({ data, entity, lastResult }: { data: EntityDialogsData; entity: Entity; lastResult?: FormReply }) {
  const navigation = useNavigation();
  switch (data.kind) {
    case "inspector":
      return <InspectorDialog data={data.data} entity={entity} />;
    case "unregister":
      return <UnregisterDialog state={data.state} lastResult={lastResult} />;
    case "delete-orphan":
      return <DeleteOrphanDialog lastResult={lastResult} />;
    case "none":
      // With JavaScript the dialog opens at once, showing progress until the server's answer arrives.
      if (navigation.state === "loading" && new URLSearchParams(navigation.location.search).has(UNREGISTER_PARAM)) {
        return <UnregisterDialog state={{ type: "loading" }} />;
      }
      // A hand-made post without its dialog open: the refusal still shows.
      return <DialogFormErrors lastResult={lastResult} />;
  }
}
