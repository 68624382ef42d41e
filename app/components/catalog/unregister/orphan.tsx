import { Link, useLocation } from "react-router";
import { UrlDialog } from "~/components/ui/dialog";
import { useTranslation } from "~/components/ui/root-data";
import { DELETE_ENTITY_INTENT, DELETE_PARAM, withSearchParams } from "~/lib/catalog/entity-dialogs";
import type { FormReply } from "~/lib/forms/reply";
import { DialogFormErrors } from "../dialog-form-errors";
import { PostButton } from "./unregister-dialog";

// An orphan: no location emits the entity any more. Its banner
// (orphan-banner.tsx) opens this confirmation (?delete), whose Delete button
// posts to the page.

export function DeleteOrphanDialog({ lastResult }: { lastResult?: FormReply }) {
  const t = useTranslation();
  const location = useLocation();
  const closeTo = withSearchParams(location, { [DELETE_PARAM]: null });
  return (
    <UrlDialog title={t("entityDialogs.orphan.dialogTitle")} closeTo={closeTo} testId="delete-entity-dialog">
      <DialogFormErrors lastResult={lastResult} />
      <div className="flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className="rounded px-4 py-2 text-sm font-semibold text-brand-700 uppercase hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800">
          {t("entityDialogs.orphan.cancel")}
        </Link>
        <PostButton intent={DELETE_ENTITY_INTENT} lastResult={lastResult}>
          {t("entityDialogs.orphan.delete")}
        </PostButton>
      </div>
    </UrlDialog>
  );
}
