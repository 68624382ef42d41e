import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "./root-data";
import { useHydrated } from "./use-hydrated";

type ModalDialogProps = {
  title: ReactNode;
  children: ReactNode;
  /** Escape and a click outside: what closing means for this dialog. */
  onClose: () => void;
  /** A Close link in the header, for dialogs that are a URL: how they close without JavaScript. */
  closeTo?: string;
  /** "alertdialog" for an urgent question (the inactivity prompt). */
  role?: "dialog" | "alertdialog";
  testId?: string;
  /** Wide for tables and code (the inspector), narrow for a short form. */
  size?: "wide" | "narrow";
};

const PANEL = "flex max-h-[90vh] flex-col overflow-hidden rounded-lg bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100";
const WIDTH = { wide: "w-[min(64rem,95vw)]", narrow: "w-[min(32rem,95vw)]" } as const;

/**
 * The kit's modal dialog. The server renders it open over an overlay, so a
 * dialog that a URL or a loader opened is there without JavaScript and works
 * through its links and forms (a URL dialog's overlay is a link out of it), the
 * focus on it when the page loads. Once hydrated it is Headless UI's Dialog:
 * modal, Tab stays inside it, Escape and a click outside call `onClose`, and
 * focus goes back to where it was before the dialog opened.
 */
export function ModalDialog({ title, children, onClose, closeTo, role = "dialog", testId, size = "wide" }: ModalDialogProps) {
  const hydrated = useHydrated();
  const panel = useKeptFocus(hydrated);
  const titleId = useId();
  const header = <DialogHeader titleId={titleId} title={title} closeTo={closeTo} scripted={hydrated} />;
  const body = <div className="min-h-0 flex-1 overflow-auto px-6 py-4">{children}</div>;

  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-40 grid place-items-center bg-black/50 p-4">
        {/* A click beside a URL dialog closes it here too: the overlay is a link to the page without it (the Close link is the one to tab to). */}
        {closeTo !== undefined ? <Link to={closeTo} preventScrollReset aria-hidden="true" tabIndex={-1} className="absolute inset-0" /> : null}
        {/* The page loads with the focus on the dialog (autofocus needs no script), so the next Tab is its first
            control rather than the page behind the overlay, as in the hydrated dialog. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <div role={role} aria-labelledby={titleId} data-testid={testId} tabIndex={-1} autoFocus className={`relative ${PANEL} ${WIDTH[size]} focus:outline-none`}>
          {header}
          {body}
        </div>
      </div>
    );
  }
  return (
    <Dialog open onClose={onClose} role={role} data-testid={testId} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 grid place-items-center p-4">
        <DialogPanel ref={panel} className={`${PANEL} ${WIDTH[size]}`}>
          {header}
          {body}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * Keeps the focus inside the open dialog. A menu that opened it (the entity
 * page's 'More' menu) gives the focus back to its own button a frame after
 * its item was chosen, by which time the dialog may already have taken it:
 * the focus would sit behind the overlay. Focus that lands outside the
 * dialog and outside Headless UI's portals (where listbox options render)
 * goes back to the dialog.
 */
function useKeptFocus(active: boolean) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) return;
    const keepInside = (event: FocusEvent) => {
      const dialog = panel.current?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
      const target = event.target;
      if (!dialog || !(target instanceof Element) || dialog.contains(target) || target.closest("#headlessui-portal-root")) return;
      dialog.focus();
    };
    document.addEventListener("focusin", keepInside);
    return () => document.removeEventListener("focusin", keepInside);
  }, [active]);
  return panel;
}

/**
 * A dialog whose open state lives in the URL (?inspect, ?unregister,
 * ?customize), so a pasted link shows it: closing, by its Close link, by
 * Escape or by a click outside, goes to `closeTo`, the page without the
 * dialog's parameter.
 */
export function UrlDialog({ closeTo, ...props }: Omit<ModalDialogProps, "onClose" | "closeTo" | "role"> & { closeTo: string }) {
  const navigate = useNavigate();
  return <ModalDialog {...props} closeTo={closeTo} onClose={() => void navigate(closeTo, { preventScrollReset: true })} />;
}

function DialogHeader({ titleId, title, closeTo, scripted }: { titleId: string; title: ReactNode; closeTo?: string; scripted: boolean }) {
  const t = useTranslation();
  const heading = "text-xl font-semibold";
  return (
    <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-700">
      {scripted ? (
        <DialogTitle as="h2" id={titleId} className={heading}>
          {title}
        </DialogTitle>
      ) : (
        <h2 id={titleId} className={heading}>
          {title}
        </h2>
      )}
      {closeTo !== undefined ? (
        <Link
          to={closeTo}
          preventScrollReset
          aria-label={t("uiKit.dialog.close")}
          title={t("uiKit.dialog.close")}
          className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          ×
        </Link>
      ) : null}
    </div>
  );
}
