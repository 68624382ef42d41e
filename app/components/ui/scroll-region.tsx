import type { ReactNode } from "react";

/**
 * A box that scrolls sideways when its content is wider than the screen (a
 * table on a phone, a long command): a named region that takes focus, so a
 * keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 * Positioned, so its absolutely positioned descendants (screen-reader-only
 * text) scroll with it instead of widening the page.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className = "",
  children,
  testId,
}: {
  /** Its name, or `labelledBy`: the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
    <div role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} data-testid={testId} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
