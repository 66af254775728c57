/** The rows of a list of equal rows to render: `first` to `end` (not included). */
export interface RowWindow {
  first: number;
  end: number;
}

/**
 * Which rows of a scrolled list of `count` rows, each `rowHeight` px, are in view, with `overscan`
 * more on each side so a quick scroll shows rows rather than blank space. Pure: the feed renders
 * only these (app/dash/live-feed.tsx), whatever the length of the list.
 */
export function rowWindow({
  scrollTop,
  viewportHeight,
  rowHeight,
  count,
  overscan,
}: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): RowWindow {
  if (count <= 0 || !(rowHeight > 0)) return { first: 0, end: 0 };
  // A position past the end (the list shrank, the rows got shorter, before the box's own scroll
  // is clamped) shows the last rows, not an empty box.
  const view = Math.max(0, viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, count * rowHeight - view));
  const first = Math.min(count, Math.max(0, Math.floor(top / rowHeight) - overscan));
  const end = Math.min(
    count,
    Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight) + overscan,
  );
  return { first, end: Math.max(first, end) };
}
