import type { ReactNode } from "react";
import { Link } from "./link";
import { loadAfterHydration } from "./after-hydration";

export type MenuEntry =
  | { kind: "link"; label: string; to: string }
  /** Needs a script (the clipboard, say): offered only once JavaScript runs. */
  | { kind: "action"; label: string; onSelect: () => void }
  /** Shown but not chosen; `title` says why. */
  | { kind: "disabled"; label: string; title?: string };

export type MenuGroup = { heading?: string; entries: MenuEntry[] };

export type DropdownMenuProps = {
  /** The button's accessible name. */
  label: string;
  /** What the button shows; the label when absent. */
  button?: ReactNode;
  buttonClassName: string;
  groups: MenuGroup[];
  testId?: string;
};

export const PANEL = "absolute right-0 z-40 mt-1 w-72 rounded bg-white py-1 text-slate-900 shadow-lg focus:outline-none dark:bg-slate-900 dark:text-slate-100";
export const HEADING = "px-4 pt-2 pb-1 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400";
export const ENTRY = "block w-full px-4 py-2 text-left text-sm";
export const ACTIVE = "hover:bg-slate-100 data-[focus]:bg-slate-100 dark:hover:bg-slate-800 dark:data-[focus]:bg-slate-800";
export const DISABLED = "cursor-not-allowed text-slate-500 dark:text-slate-400";

/**
 * A button that opens a list of links and actions. On the server and without
 * JavaScript it is a <details> whose summary opens a plain list of links, so
 * every link is reachable by Tab. Once hydrated it is Headless UI's Menu: a
 * role="menu" that arrow keys, Home and End move through, that Escape or a
 * click outside closes, giving focus back to the button. Headless UI's Menu
 * (and the positioning library under it) is a chunk of its own, fetched after
 * hydration (menu-scripted.tsx): the error pages' support button put it in
 * every page's first load; until it arrives the <details> stays.
 */
export function DropdownMenu(props: DropdownMenuProps) {
  const scripted = useScriptedMenu();
  return scripted ? <scripted.ScriptedMenu {...props} /> : <DetailsMenu {...props} />;
}

const useScriptedMenu = loadAfterHydration(() => import("./menu-scripted"));

function DetailsMenu({ label, button, buttonClassName, groups, testId }: DropdownMenuProps) {
  return (
    <details className="relative" data-testid={testId}>
      <summary className={`cursor-pointer list-none ${buttonClassName}`} aria-label={button ? label : undefined} title={button ? label : undefined}>
        {button ?? label}
      </summary>
      <div className={PANEL}>
        {groups.map((group, index) => (
          <div key={group.heading ?? index}>
            {group.heading ? <p className={HEADING}>{group.heading}</p> : null}
            <ul>
              {group.entries.map((entry) =>
                entry.kind === "action" ? null : (
                  <li key={entryKey(entry)}>
                    {entry.kind === "link" ? (
                      <Link to={entry.to} className={`${ENTRY} ${ACTIVE}`}>
                        {entry.label}
                      </Link>
                    ) : (
                      <span aria-disabled="true" title={entry.title} className={`${ENTRY} ${DISABLED}`}>
                        {entry.label}
                      </span>
                    )}
                  </li>
                ),
              )}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}

export function entryKey(entry: MenuEntry): string {
  return entry.kind === "link" ? `${entry.label}-${entry.to}` : entry.label;
}
