import { useNavigation } from "react-router";
import { FormErrors } from "~/components/ui/field-error";
import type { Entity } from "~/lib/catalog/entity";
import { entityDialogFormId, UNREGISTER_PARAM, type EntityDialogsData } from "~/lib/catalog/entity-dialogs";
import { replyErrors, type FormReply } from "~/lib/forms/submission";
import { InspectorDialog } from "./inspector/inspector-dialog";
import { DeleteOrphanDialog, OrphanBanner } from "./unregister/orphan";
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

/**
 * The errors of a refused dialog post, at the top of the dialog: the id is
 * the posting form's error id, which that form and its button point at.
 */
export function DialogFormErrors({ lastResult }: { lastResult: FormReply | undefined }) {
  const errors = replyErrors(lastResult);
  const intent = lastResult?.initialValue?.intent;
  return <FormErrors id={`${entityDialogFormId(typeof intent === "string" ? intent : "unknown")}-error`} errors={errors} />;
}

/** The orphan banner, as Backstage's: a warning with a delete button and a cancel button. */
export function OrphanWarning({ entity }: { entity: Entity }) {
  return <OrphanBanner entity={entity} />;
}
