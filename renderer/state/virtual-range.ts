/** Which rows of a fixed-row-height list to render: the visible ones plus some overscan. */
export interface RowRange {
  /** First row to render (inclusive). */
  start: number;
  /** Row after the last one to render (exclusive). */
  end: number;
}

export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan = 8,
): RowRange {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(rowCount - 1, first) - overscan);
  const end = Math.min(rowCount, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * The scroll position that brings a row fully into view, changing it as little as possible;
 * `undefined` when the row is already visible.
 */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number | undefined {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  const bottom = top + rowHeight;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return undefined;
}

/** The selection after a navigation key, clamped to the list; `undefined` for an empty list. */
export function moveSelection(
  current: number,
  key: 'up' | 'down' | 'pageUp' | 'pageDown' | 'home' | 'end',
  rowCount: number,
  pageSize: number,
): number | undefined {
  if (rowCount === 0) return undefined;
  const page = Math.max(1, pageSize - 1);
  let next: number;
  if (current < 0) next = key === 'end' ? rowCount - 1 : 0;
  else if (key === 'up') next = current - 1;
  else if (key === 'down') next = current + 1;
  else if (key === 'pageUp') next = current - page;
  else if (key === 'pageDown') next = current + page;
  else if (key === 'home') next = 0;
  else next = rowCount - 1;
  return Math.min(rowCount - 1, Math.max(0, next));
}
