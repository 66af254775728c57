import { currencyFractionDigits } from './money.ts';

/**
 * The auctioneer's increment table, in major units, the same for every currency
 * (docs/product-contract.md, "Bid increments"): below `below`, the next bid is `increment` more.
 */
export const incrementBands = [
  { below: 1_000, increment: 50 },
  { below: 2_000, increment: 100 },
  { below: 5_000, increment: 200 },
  { below: 10_000, increment: 500 },
  { below: 20_000, increment: 1_000 },
  { below: 50_000, increment: 2_000 },
  { below: 100_000, increment: 5_000 },
  { below: 200_000, increment: 10_000 },
  { below: Number.POSITIVE_INFINITY, increment: 20_000 },
] as const;

/** The band an amount falls in, scaled to minor units. */
function bandAt(amountMinor: number, scale: number) {
  const band = incrementBands.find(({ below }) => amountMinor < below * scale)!;
  return { endsAt: band.below * scale, increment: band.increment * scale };
}

/** Minor units per major unit: 100 for EUR, 1 for JPY, 1,000 for BHD. */
const minorScale = (currency: string) => 10 ** currencyFractionDigits(currency);

/** The increment (minor units) that applies over a bid of `amountMinor`. */
export function incrementAt(amountMinor: number, currency: string): number {
  return bandAt(amountMinor, minorScale(currency)).increment;
}

/** The smallest next bid after a high bid of `amountMinor`. */
export function nextBidAt(amountMinor: number, currency: string): number {
  return amountMinor + incrementAt(amountMinor, currency);
}

/**
 * How many increments, walking the table from `fromMinor` (each step the increment of the band
 * the walk stands in), it takes to reach or pass `toMinor`; 0 when `toMinor <= fromMinor`.
 * So "more than n increments above" is `incrementsBetween(...) > n` and "within n increments"
 * is `<= n`, with an amount exactly n steps away counting as n.
 * Steps through each band by arithmetic, not one increment at a time: at most one loop per band.
 */
export function incrementsBetween(fromMinor: number, toMinor: number, currency: string): number {
  const scale = minorScale(currency);
  let position = fromMinor;
  let steps = 0;
  while (position < toMinor) {
    const band = bandAt(position, scale);
    const distance = Math.min(toMinor, band.endsAt) - position;
    // `%` is exact on integers, where dividing then rounding up can be off by one at large amounts.
    const remainder = distance % band.increment;
    const stepsInBand = (distance - remainder) / band.increment + (remainder > 0 ? 1 : 0);
    steps += stepsInBand;
    position += stepsInBand * band.increment;
  }
  return steps;
}
