/** @jest-environment node */
import { incrementAt, incrementsBetween, nextBidAt } from './bid-increments';

describe('incrementAt: the table, at every band edge, in minor units', () => {
  it.each([
    // EUR: 2 decimals, so 1,000.00 is 100_000 minor units.
    ['EUR', 1, 5_000],
    ['EUR', 99_999, 5_000],
    ['EUR', 100_000, 10_000],
    ['EUR', 199_999, 10_000],
    ['EUR', 200_000, 20_000],
    ['EUR', 499_999, 20_000],
    ['EUR', 500_000, 50_000],
    ['EUR', 999_999, 50_000],
    ['EUR', 1_000_000, 100_000],
    ['EUR', 1_999_999, 100_000],
    ['EUR', 2_000_000, 200_000],
    ['EUR', 4_999_999, 200_000],
    ['EUR', 5_000_000, 500_000],
    ['EUR', 9_999_999, 500_000],
    ['EUR', 10_000_000, 1_000_000],
    ['EUR', 19_999_999, 1_000_000],
    ['EUR', 20_000_000, 2_000_000],
    ['EUR', Number.MAX_SAFE_INTEGER, 2_000_000],
    // JPY: no decimals, minor units are yen.
    ['JPY', 999, 50],
    ['JPY', 1_000, 100],
    ['JPY', 199_999, 10_000],
    ['JPY', 200_000, 20_000],
    // BHD: 3 decimals.
    ['BHD', 999_999, 50_000],
    ['BHD', 1_000_000, 100_000],
    ['BHD', 200_000_000, 20_000_000],
  ])('%s %i → %i', (currency, amount, increment) => {
    expect(incrementAt(amount, currency)).toBe(increment);
  });
});

describe('nextBidAt', () => {
  it.each([
    ['EUR', 95_000, 100_000],
    ['EUR', 99_999, 104_999],
    ['EUR', 100_000, 110_000],
    ['JPY', 950, 1_000],
    ['JPY', 1_000, 1_100],
    ['BHD', 950_000, 1_000_000],
  ])('%s after %i is %i', (currency, amount, next) => {
    expect(nextBidAt(amount, currency)).toBe(next);
  });
});

describe('incrementsBetween: steps of the table from one amount to reach or pass another', () => {
  it.each([
    { name: 'the same amount', currency: 'EUR', from: 50_000, to: 50_000, steps: 0 },
    { name: 'a lower amount', currency: 'EUR', from: 50_000, to: 40_000, steps: 0 },
    { name: 'one minor unit above', currency: 'EUR', from: 50_000, to: 50_001, steps: 1 },
    { name: 'exactly one increment', currency: 'EUR', from: 50_000, to: 55_000, steps: 1 },
    { name: 'one increment and a cent', currency: 'EUR', from: 50_000, to: 55_001, steps: 2 },
    { name: 'exactly five increments', currency: 'EUR', from: 50_000, to: 75_000, steps: 5 },
    // 90,000 → 95,000 → 100,000, then the 1,000-2,000 band: 110,000 → 120,000 → 130,000.
    { name: 'five increments across a band', currency: 'EUR', from: 90_000, to: 130_000, steps: 5 },
    { name: 'just past that', currency: 'EUR', from: 90_000, to: 130_001, steps: 6 },
    // 97,000 → 102,000 overshoots the band edge; the walk goes on in the next band from there.
    { name: 'a step over a band edge', currency: 'EUR', from: 97_000, to: 112_000, steps: 2 },
    // 20 + 10 + 15 + 10 + 10 + 15 + 10 + 10 steps through the eight bands below 200,000.
    { name: 'every band, bottom to top', currency: 'JPY', from: 0, to: 200_000, steps: 100 },
    { name: 'JPY across a band', currency: 'JPY', from: 900, to: 1_300, steps: 5 },
    { name: 'BHD across a band', currency: 'BHD', from: 900_000, to: 1_300_000, steps: 5 },
  ])('$name: $currency $from → $to is $steps', ({ currency, from, to, steps }) => {
    expect(incrementsBetween(from, to, currency)).toBe(steps);
  });

  it('counts a huge distance exactly, band by band, without walking it one step at a time', () => {
    // From 200,000 JPY up, every step is 20,000: the count is exact division, plus one for the rest.
    const top = Number.MAX_SAFE_INTEGER;
    const steps = Math.floor((top - 200_000) / 20_000) + ((top - 200_000) % 20_000 > 0 ? 1 : 0);
    expect(incrementsBetween(200_000, top, 'JPY')).toBe(steps);
    expect(incrementsBetween(0, top, 'JPY')).toBe(100 + steps);
  });
});
