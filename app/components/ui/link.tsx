import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { useBasePath, useTranslation } from "./root-data";
import { isExternalUrl, isJavascriptUrl, routerPath } from "~/lib/links";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  children: ReactNode;
  /** For in-app links: a full document load instead of a client-side navigation. */
  reloadDocument?: boolean;
};

/**
 * Every link in Atrium goes through here: a javascript: URL is rejected as a
 * security precaution, in-app paths get the base path (through the router's
 * basename), and external http(s) links open in a new window.
 */
export function Link({ to, children, reloadDocument, ...rest }: LinkProps) {
  const basePath = useBasePath();
  const t = useTranslation();
  if (isJavascriptUrl(to)) {
    return (
      <span {...(rest as AnchorHTMLAttributes<HTMLSpanElement>)} title={t("links.javascriptRejected")} data-rejected-url="">
        {children}
      </span>
    );
  }
  if (isExternalUrl(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span className="sr-only"> {t("links.opensInNewWindow")}</span>
      </a>
    );
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(to)) {
    // mailto:, tel: and other schemes: plain anchors, same window.
    return (
      <a href={to} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <RouterLink to={routerPath(to, basePath)} reloadDocument={reloadDocument} {...rest}>
      {children}
    </RouterLink>
  );
}
