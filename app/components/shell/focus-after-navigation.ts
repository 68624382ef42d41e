import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Where the keyboard focus goes after a client-side navigation. A page load
 * starts the keyboard again from the top of the page; a navigation with
 * JavaScript keeps the document, and when it removes the element that had
 * the focus (the link just followed, or a filter whose form the new view
 * remounts, app/routes/catalog/index.tsx) the browser leaves the focus
 * nowhere and the next Tab lands wherever that element used to be. So, once
 * a navigation has lost the focus:
 * - on the same page (only the query changed: a filter, an order, a page of
 *   results) it goes to the same control in the new view, a field of the
 *   same name (and value, for a radio, a checkbox or a button) or the one
 *   link or button of the same label;
 * - on another page, or when there is no such control, it starts from the
 *   top as after a page load: the next Tab is "Skip to content".
 * A focus that survived the navigation stays, and an open modal dialog
 * places the focus itself (Headless UI's Dialog, app/components/ui/dialog.tsx).
 */
export function useFocusAfterNavigation(): void {
  const location = useLocation();
  const lastFocused = useRef<Element | null>(null);
  const lastPathname = useRef(location.pathname);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  useEffect(() => {
    const samePage = lastPathname.current === location.pathname;
    lastPathname.current = location.pathname;
    const lost = lastFocused.current;
    if (!lost || lost.isConnected) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    if (document.querySelector('[aria-modal="true"]')) return;
    const same = samePage ? sameControl(lost) : null;
    if (same) {
      same.focus();
      return;
    }
    // The body, focused for a moment, becomes the browser's starting point for Tab: the page's first link is next.
    document.body.tabIndex = -1;
    document.body.focus({ preventScroll: true });
    document.body.removeAttribute("tabindex");
  }, [location.key, location.pathname]);
}

/** The one element on the page now that is the control `lost` was. */
function sameControl(lost: Element): HTMLElement | null {
  const name = lost.getAttribute("name");
  let candidates: Element[];
  if (name !== null) {
    const value = lost.matches("input[type=radio], input[type=checkbox], button") ? lost.getAttribute("value") : null;
    candidates = [...document.querySelectorAll(`${lost.localName}[name="${CSS.escape(name)}"]${value === null ? "" : `[value="${CSS.escape(value)}"]`}`)];
  } else if (lost.localName === "a" || lost.localName === "button") {
    const label = accessibleLabel(lost);
    candidates = label ? [...document.querySelectorAll(lost.localName)].filter((element) => accessibleLabel(element) === label) : [];
  } else {
    candidates = [];
  }
  const [only] = candidates;
  return candidates.length === 1 && only instanceof HTMLElement ? only : null;
}

/** A link's or button's name as its markup gives it (a sort link's arrow changes, its title does not). */
function accessibleLabel(element: Element): string {
  return (element.getAttribute("aria-label") ?? element.getAttribute("title") ?? element.textContent ?? "").trim();
}
