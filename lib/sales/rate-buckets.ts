import { timetokenToMs } from '@/lib/sale-desk/timetoken';

/**
 * Bids per second over the last `seconds` seconds of publish time: one counter per second,
 * so memory stays the same at any rate. Old seconds are dropped only when time moves on.
 */
export function createRateBuckets(seconds: number) {
  const buckets = new Map<number, number>();
  let latestSecond = 0;

  /** `bids` published in `second` (epoch seconds). */
  function countSecond(second: number, bids: number) {
    if (second > latestSecond) {
      latestSecond = second;
      for (const key of buckets.keys()) if (key <= latestSecond - seconds) buckets.delete(key);
    }
    if (second <= latestSecond - seconds) return;
    buckets.set(second, (buckets.get(second) ?? 0) + bids);
  }

  return {
    count: (timetoken: string) => countSecond(Math.floor(timetokenToMs(timetoken) / 1000), 1),
    /** Counts read elsewhere (the record's, before the first messages a dashboard takes). */
    countSecond,
    /** Counts per second, oldest first, ending at the latest second seen. */
    perSecond(): number[] {
      return Array.from(
        { length: seconds },
        (_, index) => buckets.get(latestSecond - seconds + 1 + index) ?? 0,
      );
    },
    /** The start (ms) of the latest second counted. */
    endsAt: () => latestSecond * 1000,
    clear() {
      buckets.clear();
      latestSecond = 0;
    },
  };
}

/** Of per-second counts whose last second starts at `endsAt` (ms), those of seconds after `sinceMs`. */
export function countSince(perSecond: readonly number[], endsAt: number, sinceMs: number): number {
  const firstSecond = endsAt / 1000 - perSecond.length + 1;
  return perSecond.reduce(
    (sum, count, index) => (firstSecond + index > sinceMs / 1000 ? sum + count : sum),
    0,
  );
}
