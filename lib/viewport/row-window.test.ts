import fc from 'fast-check';
import { rowWindow } from './row-window';

const base = { rowHeight: 48, overscan: 8 };

describe('rowWindow', () => {
  it.each([
    // [what, scrollTop, viewportHeight, count, first, end]
    ['at the top: the rows in view and 8 below', 0, 384, 500, 0, 16],
    ['not measured yet: the overscan alone', 0, 0, 500, 0, 8],
    ['scrolled 10 rows down: 8 above and 8 below', 480, 384, 500, 2, 26],
    ['half a row scrolled: that row still counts', 24, 384, 500, 0, 17],
    ['at the end: no row past the last', 500 * 48 - 384, 384, 500, 484, 500],
    ['a list shorter than the view: all of it', 0, 384, 3, 0, 3],
    ['an empty list: nothing', 0, 384, 0, 0, 0],
    ['scrolled past the end (the list shrank): its last rows', 100_000, 384, 10, 0, 10],
    ['past the end of a long list: the last rows in view and 8 above', 100_000, 384, 500, 484, 500],
    ["an overscrolled top (Safari's bounce): as at the top", -60, 384, 500, 0, 16],
  ])('%s', (_what, scrollTop, viewportHeight, count, first, end) => {
    expect(rowWindow({ ...base, scrollTop, viewportHeight, count })).toEqual({ first, end });
  });

  it('renders nothing for rows of no height', () => {
    expect(
      rowWindow({ ...base, rowHeight: 0, scrollTop: 0, viewportHeight: 384, count: 9 }),
    ).toEqual({
      first: 0,
      end: 0,
    });
  });

  it('always covers every row in view, within the list, and at most the view and twice the overscan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 20 }),
        fc.nat({ max: 100_000 }),
        fc.nat({ max: 2000 }),
        (count, rowHeight, overscan, scrollTop, viewportHeight) => {
          const { first, end } = rowWindow({
            scrollTop,
            viewportHeight,
            rowHeight,
            count,
            overscan,
          });
          expect(0 <= first && first <= end && end <= count).toBe(true);
          // Every row that shows a pixel in the view is rendered.
          for (let row = 0; row < count; row += 1) {
            const top = row * rowHeight;
            const inView = top < scrollTop + viewportHeight && top + rowHeight > scrollTop;
            if (inView) expect(first <= row && row < end).toBe(true);
          }
          expect(end - first).toBeLessThanOrEqual(
            Math.ceil(viewportHeight / rowHeight) + 1 + 2 * overscan,
          );
        },
      ),
    );
  });
});
