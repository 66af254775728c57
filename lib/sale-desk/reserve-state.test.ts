/** @jest-environment node */
import { reserveState } from './reserve-state';

describe('reserveState', () => {
  it.each([
    { name: 'no reserve, no bid', reserve: null, highBid: null, state: 'no-reserve' },
    { name: 'no reserve, any bid', reserve: null, highBid: 5_000_000, state: 'no-reserve' },
    { name: 'a reserve and no bid yet', reserve: 100_000, highBid: null, state: 'not-met' },
    { name: 'a zero reserve and no bid yet', reserve: 0, highBid: null, state: 'not-met' },
    { name: 'the high bid at the reserve', reserve: 100_000, highBid: 100_000, state: 'met' },
    { name: 'the high bid over the reserve', reserve: 100_000, highBid: 150_000, state: 'met' },
    { name: 'one increment below', reserve: 100_000, highBid: 95_000, state: 'near' },
    { name: 'exactly two increments below', reserve: 100_000, highBid: 90_000, state: 'near' },
    {
      name: 'two increments and a cent below',
      reserve: 100_000,
      highBid: 89_999,
      state: 'not-met',
    },
    { name: 'a cent below', reserve: 100_000, highBid: 99_999, state: 'near' },
    // 95,000 → 100,000 (band 50), then 100,000 → 110,000 (band 100): two steps across the edge.
    { name: 'two increments across a band', reserve: 110_000, highBid: 95_000, state: 'near' },
    { name: 'just past that', reserve: 110_001, highBid: 95_000, state: 'not-met' },
    { name: 'far below', reserve: 1_000_000, highBid: 50_000, state: 'not-met' },
  ] as const)('$name (EUR) is $state', ({ reserve, highBid, state }) => {
    expect(reserveState({ reserve, highBid, currency: 'EUR' })).toBe(state);
  });

  it.each([
    { currency: 'JPY', reserve: 1_100, highBid: 950, state: 'near' },
    { currency: 'JPY', reserve: 1_101, highBid: 950, state: 'not-met' },
    { currency: 'BHD', reserve: 1_100_000, highBid: 950_000, state: 'near' },
    { currency: 'BHD', reserve: 1_100_001, highBid: 950_000, state: 'not-met' },
  ] as const)('$currency $highBid against $reserve is $state', ({ currency, ...input }) => {
    expect(reserveState({ ...input, currency })).toBe(input.state);
  });
});
