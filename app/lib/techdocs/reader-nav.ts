import type { NavItem } from "./site";

// The reader's navigation: where the page shown sits in the site's nav.

/** The sections leading to the page (outermost first) and the page's own entry; empty when nav leaves it out. */
export function navTrail(nav: readonly NavItem[], pagePath: string): NavItem[] {
  for (const item of nav) {
    if (item.path === pagePath) return [item];
    if (item.children) {
      const below = navTrail(item.children, pagePath);
      if (below.length) return [item, ...below];
    }
  }
  return [];
}

/** Whether a section holds the page (its details start open). */
export function sectionHolds(item: NavItem, pagePath: string): boolean {
  return navTrail(item.children ?? [], pagePath).length > 0;
}

/** Up to this many entries a site's whole navigation is sent with each page; beyond it, only the page's branch is. */
export const FULL_NAV_ENTRIES = 300;

function countEntries(nav: readonly NavItem[]): number {
  return nav.reduce((count, item) => count + 1 + countEntries(item.children ?? []), 0);
}

function firstPageOf(item: NavItem): string | undefined {
  if (item.path !== undefined) return item.path;
  for (const child of item.children ?? []) {
    const found = firstPageOf(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The navigation a page shows: all of it for a site of ordinary size; for a
 * large one (a thousand pages would make every page hundreds of kilobytes),
 * the sections off the page's trail become links to their first page, as
 * mkdocs-material's navigation.prune does.
 */
export function pruneNav(nav: readonly NavItem[], pagePath: string): NavItem[] {
  if (countEntries(nav) <= FULL_NAV_ENTRIES) return [...nav];
  const prune = (items: readonly NavItem[]): NavItem[] =>
    items.map((item) => {
      if (!item.children?.length) return item;
      if (sectionHolds(item, pagePath) || item.path === pagePath) return { ...item, children: prune(item.children) };
      const first = firstPageOf(item);
      return first === undefined ? { title: item.title } : { title: item.title, path: first };
    });
  return prune(nav);
}
