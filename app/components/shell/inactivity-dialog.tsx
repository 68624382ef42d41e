import { Description } from "@headlessui/react";
import { ModalDialog } from "~/components/ui/dialog";
import { useTranslation } from "~/components/ui/root-data";

/** 'Logging out due to inactivity' with its countdown (inactivity-prompt.tsx decides when). */
export function InactivityDialog({ secondsLeft, onStay }: { secondsLeft: number; onStay: () => void }) {
  const t = useTranslation();
  // The kit's ModalDialog: focus moves to 'Yes! Don't log me out' (data-autofocus, Headless UI's initial focus) and stays in the dialog; Escape means the person is here.
  return (
    <ModalDialog title={t("session.inactivity.title")} onClose={onStay} role="alertdialog" size="narrow" testId="inactivity-prompt-dialog">
      <Description as="p">{t("session.inactivity.countdown", { count: secondsLeft })}</Description>
      <div className="mt-6 flex justify-end">
        <button type="button" data-autofocus onClick={onStay} className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {t("session.inactivity.stay")}
        </button>
      </div>
    </ModalDialog>
  );
}
