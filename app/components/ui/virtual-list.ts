// The window of a virtualised option list (spec 001 section 9): items 36 px
// high, at most 10 rows and a half visible (the half row says "there is more").

export const VIRTUAL_ITEM_HEIGHT = 36;
export const MAX_VISIBLE_ROWS = 10.5;
/** Rows rendered beyond each edge of the viewport, so fast scrolling does not show gaps. */
export const OVERSCAN = 4;

export type VirtualWindow = { start: number; end: number; viewportHeight: number; totalHeight: number };

/** Which items [start, end) to render at `scrollTop` for `count` items. */
export function virtualWindow(scrollTop: number, count: number): VirtualWindow {
  const viewportHeight = Math.min(count, MAX_VISIBLE_ROWS) * VIRTUAL_ITEM_HEIGHT;
  const totalHeight = count * VIRTUAL_ITEM_HEIGHT;
  const top = Math.max(0, Math.min(scrollTop, totalHeight - viewportHeight));
  const first = Math.floor(top / VIRTUAL_ITEM_HEIGHT);
  const visible = Math.ceil(viewportHeight / VIRTUAL_ITEM_HEIGHT) + 1;
  return {
    start: Math.max(0, first - OVERSCAN),
    end: Math.min(count, first + visible + OVERSCAN),
    viewportHeight,
    totalHeight,
  };
}

/** The scrollTop that brings item `index` into a viewport currently at `scrollTop`. */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number): number {
  const top = index * VIRTUAL_ITEM_HEIGHT;
  if (top < scrollTop) return top;
  if (top + VIRTUAL_ITEM_HEIGHT > scrollTop + viewportHeight) return top + VIRTUAL_ITEM_HEIGHT - viewportHeight;
  return scrollTop;
}
