import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ModalDialog } from "~/components/ui/dialog";
import { useBasePath, useTranslation } from "~/components/ui/root-data";
import { routerPath } from "~/lib/links";
import type { IssueRepository } from "~/lib/techdocs/addons/report-issue";
import type { TextSize } from "~/lib/techdocs/addons/text-size";
import { ReportIssue } from "./report-issue";

// The page's article: the builder's sanitised HTML, its links already made
// the reader's by the loader (app/lib/techdocs/reader-page.server.ts). With JavaScript, a click on a link to another
// page of the docs is a router navigation (the shell stays), an in-page
// anchor scrolls as the browser does, and an image opens in the lightbox.

type DocsArticleProps = {
  html: string;
  /** The reader's root without the base path (the /docs route or the entity's Docs tab). */
  readerBase: string;
  textSize: TextSize;
  issueRepository?: IssueRepository;
};

export function DocsArticle({ html, readerBase, textSize, issueRepository }: DocsArticleProps) {
  const basePath = useBasePath();
  const navigate = useNavigate();
  const t = useTranslation();
  const articleRef = useRef<HTMLElement>(null);
  const [lightbox, setLightbox] = useState<{ src: string; alt: string } | undefined>();

  // One listener on the article for its links (the markup is the builder's, not React's).
  useEffect(() => {
    const article = articleRef.current;
    if (!article) return;
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest("a");
      if (!anchor || !article?.contains(anchor) || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      if (anchor.hasAttribute("data-lightbox")) {
        const image = anchor.querySelector("img");
        if (image) {
          event.preventDefault();
          setLightbox({ src: image.currentSrc || image.src, alt: image.alt });
        }
        return;
      }
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const root = `${basePath}${readerBase}`;
      if (url.pathname !== root && !url.pathname.startsWith(`${root}/`)) return;
      // The same page: the browser scrolls to the anchor itself.
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      void navigate(routerPath(`${url.pathname}${url.search}${url.hash}`, basePath));
    }
    article.addEventListener("click", onClick);
    // Says that the article's links and images now act as the script makes them (tests wait for it).
    article.dataset.enhanced = "";
    return () => article.removeEventListener("click", onClick);
  }, [basePath, readerBase, navigate]);

  return (
    <>
      <article ref={articleRef} className="docs-article md-typeset" style={{ fontSize: `${textSize}%` }} data-text-size={textSize} dangerouslySetInnerHTML={{ __html: html }} />
      {issueRepository ? <ReportIssue articleRef={articleRef} repository={issueRepository} /> : null}
      {lightbox ? (
        <ModalDialog title={lightbox.alt || t("techdocs.addons.lightboxTitle")} onClose={() => setLightbox(undefined)} testId="docs-lightbox">
          <img src={lightbox.src} alt={lightbox.alt} className="mx-auto max-h-[75vh] max-w-full" />
          <div className="mt-4 flex justify-end">
            <button type="button" onClick={() => setLightbox(undefined)} className="rounded border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
              {t("techdocs.addons.lightboxClose")}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}
