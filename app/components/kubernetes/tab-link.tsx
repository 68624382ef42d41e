import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link as RouterLink } from "react-router";

/**
 * A link to another state of the Kubernetes tab (a drawer, a toggle, a
 * page of errors). Its target comes from the router's own location, so it
 * needs no base path; the scroll position stays, as the kit's URL dialogs
 * keep it (app/components/ui/dialog.tsx), so opening a drawer does not lose
 * the row it came from.
 */
export function TabLink({ to, children, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; children: ReactNode }) {
  return (
    <RouterLink to={to} preventScrollReset {...rest}>
      {children}
    </RouterLink>
  );
}
