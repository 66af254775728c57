// The sale report's chart of hammer against each lot's estimate band (docs/product-contract.md
// §14), as plain numbers the screen draws: pure, so a table test covers the scale.
import type { SaleReportLot } from './sale-report';

/**
 * One lot's column. Amounts are multiples of the lot's own low estimate, so lots of any value
 * and currency share one axis: the band runs from 1 (its low estimate) to `bandTop` (its high).
 */
export interface ChartColumn {
  lotId: string;
  lotNumber: number;
  /** Null when the lot has no low estimate to measure against (zero): nothing to draw. */
  bandTop: number | null;
  /** Sold with a hammer; null otherwise (or without a low estimate). */
  hammer: number | null;
  /** Where the hammer fell against the band. */
  placement: 'below' | 'within' | 'above' | null;
  /** Whether the lot number is written under its column: about ten are, evenly spaced. */
  labelled: boolean;
}

export interface HammerChart {
  /** The top of the axis, a multiple of the low estimate: a value above it is drawn at it. */
  max: number;
  /** The axis's grid lines, from 0 to `max`. */
  ticks: number[];
  columns: ChartColumn[];
}

/** Below 2 the band of a usual estimate (high = 1.5 × low) fills the chart; above 4 it is a sliver. */
const axisFloor = 2;
const axisCeiling = 4;
/** Up to this top the grid is drawn every half (50 %), above it every whole (100 %). */
const halfSteps = 2.5;
const labelledColumns = 10;

export function hammerChart(lots: readonly SaleReportLot[]): HammerChart {
  const labelEvery = Math.max(1, Math.ceil(lots.length / labelledColumns));
  const columns = lots.map((lot, index): ChartColumn => {
    const measured = lot.lowEstimate > 0;
    const bandTop = measured ? lot.highEstimate / lot.lowEstimate : null;
    const hammer =
      measured && lot.status === 'sold' && lot.hammer !== null
        ? lot.hammer / lot.lowEstimate
        : null;
    const placement =
      hammer === null || bandTop === null
        ? null
        : hammer < 1
          ? 'below'
          : hammer > bandTop
            ? 'above'
            : 'within';
    return {
      lotId: lot.lotId,
      lotNumber: lot.lotNumber,
      bandTop,
      hammer,
      placement,
      labelled: index % labelEvery === 0,
    };
  });
  const highest = Math.max(
    0,
    ...columns.flatMap((column) => [column.bandTop ?? 0, column.hammer ?? 0]),
  );
  // Up to the next half while the chart is short, then the next whole, so every tick is one.
  const step = highest <= halfSteps ? 0.5 : 1;
  const max = Math.min(axisCeiling, Math.max(axisFloor, Math.ceil(highest / step) * step));
  const ticks = Array.from({ length: Math.floor(max / step) + 1 }, (_, i) => i * step);
  return { max, ticks, columns };
}
