import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "~/components/shell/root-data";

// A dialog whose open state lives in the URL. The server renders it open, so
// a pasted link shows it without JavaScript (with an overlay behind it and a
// close link). With JavaScript it becomes a modal <dialog>: focus stays in
// it, Escape and a click outside close it (by navigating to `closeTo`), and
// focus goes back to where it was before it opened.

export function UrlDialog({ title, closeTo, children, testId }: { title: ReactNode; closeTo: string; children: ReactNode; testId?: string }) {
  const t = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const [modal, setModal] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && !dialog.contains(active) && active !== document.body ? active : null;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    setModal(true);
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const close = () => void navigate(closeTo, { preventScrollReset: true });

  return (
    <>
      {/* The overlay for the server-rendered (non-modal) dialog; a modal one has its ::backdrop. */}
      {modal ? null : <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/50" />}
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        data-testid={testId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          // A click on the dialog element itself, not its content, is a click on the backdrop.
          if (event.target === event.currentTarget) close();
        }}
        className="fixed inset-0 z-50 m-auto flex max-h-[90vh] w-[min(64rem,95vw)] flex-col overflow-hidden rounded-lg bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-700">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            aria-label={t("entityDialogs.close")}
            title={t("entityDialogs.close")}
            className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            ×
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-auto px-6 py-4">{children}</div>
      </dialog>
    </>
  );
}
