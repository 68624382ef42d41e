import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from "react";
import { useHydrated } from "./use-hydrated";

/** Backstage's delays: entity presentation tooltips 1500 ms, copy buttons 1000 ms. */
export const TOOLTIP_DELAY = { entity: 1500, copy: 1000 } as const;

type TriggerProps = { title?: string; "aria-describedby"?: string };

/**
 * A hover and focus tooltip. Rendered on the server (and without JavaScript)
 * it is the trigger's `title` attribute, which every browser shows; once
 * hydrated the title goes (no double tooltip) and a role="tooltip" bubble,
 * tied to the trigger by aria-describedby, appears after `delay` ms of
 * hovering or focus and goes on leaving, blur or Escape.
 */
export function Tooltip({ text, delay, children }: { text: string | undefined; delay: number; children: ReactElement<TriggerProps> }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!text) return children;
  if (!hydrated) return cloneElement(children, { title: text });

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the span only hears what bubbles up from its trigger, the element people hover and focus
    <span
      className="relative inline-flex max-w-full"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === "Escape") hide();
      }}
    >
      {cloneElement(children, { title: undefined, "aria-describedby": open ? id : undefined })}
      {open ? (
        <span role="tooltip" id={id} className="absolute top-full left-0 z-50 mt-1 rounded bg-slate-800 px-2 py-1 text-xs font-normal whitespace-nowrap text-white shadow-lg">
          {text}
        </span>
      ) : null}
    </span>
  );
}
