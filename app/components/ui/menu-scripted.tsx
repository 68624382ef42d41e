import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from "@headlessui/react";
import { Link } from "./link";
import { ACTIVE, DISABLED, ENTRY, entryKey, HEADING, PANEL, type DropdownMenuProps } from "./menu";

/** The kit's DropdownMenu once scripts run (menu.tsx): Headless UI's Menu, loaded after hydration. */
export function ScriptedMenu({ label, button, buttonClassName, groups, testId }: DropdownMenuProps) {
  return (
    <Menu as="div" className="relative" data-testid={testId}>
      <MenuButton className={buttonClassName} aria-label={button ? label : undefined} title={button ? label : undefined}>
        {button ?? label}
      </MenuButton>
      <MenuItems modal={false} className={PANEL}>
        {groups.map((group, index) => (
          <MenuSection key={group.heading ?? index}>
            {group.heading ? <MenuHeading className={HEADING}>{group.heading}</MenuHeading> : null}
            {group.entries.map((entry) => (
              <MenuItem key={entryKey(entry)} disabled={entry.kind === "disabled"}>
                {entry.kind === "link" ? (
                  <Link to={entry.to} className={`${ENTRY} ${ACTIVE}`}>
                    {entry.label}
                  </Link>
                ) : entry.kind === "action" ? (
                  <button type="button" onClick={entry.onSelect} className={`${ENTRY} ${ACTIVE}`}>
                    {entry.label}
                  </button>
                ) : (
                  <span title={entry.title} className={`${ENTRY} ${DISABLED}`}>
                    {entry.label}
                  </span>
                )}
              </MenuItem>
            ))}
          </MenuSection>
        ))}
      </MenuItems>
    </Menu>
  );
}
