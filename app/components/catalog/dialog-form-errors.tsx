import { FormErrors } from "~/components/ui/field-error";
import { entityDialogFormId } from "~/lib/catalog/entity-dialogs";
import { replyErrors, type FormReply } from "~/lib/forms/reply";

/**
 * The errors of a refused dialog post, at the top of the dialog: the id is
 * the posting form's error id, which that form and its button point at.
 */
export function DialogFormErrors({ lastResult }: { lastResult: FormReply | undefined }) {
  const errors = replyErrors(lastResult);
  const intent = lastResult?.initialValue?.intent;
  return <FormErrors id={`${entityDialogFormId(typeof intent === "string" ? intent : "unknown")}-error`} errors={errors} />;
}
