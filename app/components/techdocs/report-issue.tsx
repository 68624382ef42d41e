import { useEffect, useState, type RefObject } from "react";
import { useRootData, useTranslation } from "~/components/ui/root-data";
import { issueBody, issueLinkText, issueTitle, issueUrl, SELECTION_DEBOUNCE_MS, type IssueRepository } from "~/lib/techdocs/addons/report-issue";

// The report-issue add-on: text selected in the article, once the selection
// has rested SELECTION_DEBOUNCE_MS, is offered as a new issue on the docs'
// GitHub or GitLab repository, in a popover beside the selection. Only with
// JavaScript (a selection is a script's to read).

type Offer = { href: string; top: number; left: number };

export function ReportIssue({ articleRef, repository }: { articleRef: RefObject<HTMLElement | null>; repository: IssueRepository }) {
  const t = useTranslation();
  const appTitle = useRootData()?.config.title ?? "Atrium";
  const [offer, setOffer] = useState<Offer | undefined>();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    function read() {
      const selection = document.getSelection();
      const article = articleRef.current;
      const text = selection?.toString() ?? "";
      if (!selection || !article || selection.rangeCount === 0 || !text.trim() || !article.contains(selection.getRangeAt(0).commonAncestorContainer)) {
        setOffer(undefined);
        return;
      }
      const rect = selection.getRangeAt(0).getBoundingClientRect();
      const href = issueUrl(repository, issueTitle(text), issueBody(text, window.location.href, repository.markdownUrl, appTitle));
      setOffer({ href, top: rect.bottom + window.scrollY + 8, left: rect.left + window.scrollX });
    }
    function onSelectionChange() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(read, SELECTION_DEBOUNCE_MS);
    }
    document.addEventListener("selectionchange", onSelectionChange);
    return () => {
      document.removeEventListener("selectionchange", onSelectionChange);
      if (timer) clearTimeout(timer);
    };
  }, [articleRef, repository, appTitle]);

  if (!offer) return null;
  return (
    <div
      role="dialog"
      aria-label={t("techdocs.addons.reportIssue")}
      data-testid="report-issue"
      className="absolute z-30 rounded border border-slate-300 bg-white px-3 py-2 shadow-lg dark:border-slate-600 dark:bg-slate-900"
      style={{ top: offer.top, left: offer.left }}
    >
      <a href={offer.href} target="_blank" rel="noopener noreferrer" className="docs-link font-semibold">
        {issueLinkText(repository)}
      </a>
    </div>
  );
}
