// The size of a virtualised option list, as Backstage draws it: items 36 px
// high, at most 10 rows and a half visible (the half row says "there is
// more"). Headless UI's virtual Combobox renders only the rows in view; these
// numbers give it its row height and its viewport.

export const VIRTUAL_ITEM_HEIGHT = 36;
export const MAX_VISIBLE_ROWS = 10.5;

/** The height of the list's viewport for `count` options. */
export function listViewportHeight(count: number): number {
  return Math.min(count, MAX_VISIBLE_ROWS) * VIRTUAL_ITEM_HEIGHT;
}
