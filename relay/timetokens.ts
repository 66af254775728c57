/**
 * PubNub timetokens: 17-digit strings, milliseconds since the epoch × 10^4 plus a counter, so
 * they come from wall-clock time (a cursor stays valid across relay restarts) and never repeat.
 * `floor`, the newest timetoken already handed out (say, the last one stored before a restart),
 * keeps the clock from going back below it when the wall clock did.
 */
export function createTimetokenClock(now: () => number = Date.now, floor?: string) {
  let last = isTimetoken(floor) ? BigInt(floor) : 0n;
  return {
    next(): string {
      const fromClock = BigInt(now()) * 10_000n;
      last = fromClock > last ? fromClock : last + 1n;
      return last.toString();
    },
    /** The latest timetoken handed out, or one from the clock if none was. */
    current(): string {
      const fromClock = BigInt(now()) * 10_000n;
      return (fromClock > last ? fromClock : last).toString();
    },
  };
}

export type TimetokenClock = ReturnType<typeof createTimetokenClock>;

export const isTimetoken = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{1,20}$/.test(value);

export { compareTimetokens } from '../lib/sale-desk/timetoken.ts';
