import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Says the new page's title to a screen reader after a navigation with
 * JavaScript. A page load is announced by the browser; a client-side
 * navigation changes the document in place, and without this a screen
 * reader says nothing about where the user has arrived. Only a change of
 * page counts: a filter, an order or a page of results keeps the page's
 * title and the focus (focus-after-navigation.ts), and the results say
 * their own count. The region is in the server's HTML, empty, so that
 * screen readers know it before its first message.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    // The route's <title> was rendered in the same commit as the new page.
    setMessage(document.title);
  }, [pathname]);
  return (
    <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}
