import fc from 'fast-check';
import { createChannelLog } from '@/relay/channel-log.ts';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { historyPageSize, type HistoryPage } from '@/lib/realtime/history-pages';
import {
  historyParallelism,
  loadEarlier,
  planWave,
  sliceSpan,
} from '@/lib/realtime/history-slices';

// History is answered by the relay's own channel log (start exclusive, end inclusive, the newest
// `max` of the range), through a network whose answers arrive in rounds: every request asked
// before a round is answered in it, so `rounds` counts the round trips one after the other.
const base = 17_800_000_000_000_000n;
const ms = 10_000n;

/** A channel of messages published at `base` plus the given offsets (in ms, ascending). */
function network(offsetsMs: readonly number[]) {
  const log = createChannelLog(20_000);
  const published = offsetsMs.map((offset, n) => {
    const timetoken = (base + BigInt(offset) * ms + BigInt(n)).toString();
    log.append({ channel: 'bids', timetoken, payload: { n }, publisher: 't' });
    return timetoken;
  });
  const waiting: (() => void)[] = [];
  const stats = { requests: 0, rounds: 0, mostAtOnce: 0 };
  let failAt = Infinity;
  const fetchPage: HistoryPage = (before, notBefore) =>
    new Promise((resolve, reject) => {
      stats.requests += 1;
      const failing = stats.requests >= failAt;
      waiting.push(() =>
        failing
          ? reject(new Error('503'))
          : resolve(
              log
                .history('bids', { start: before, end: notBefore, max: historyPageSize })
                .map((logged) => ({ timetoken: logged.timetoken, payload: logged.payload })),
            ),
      );
      stats.mostAtOnce = Math.max(stats.mostAtOnce, waiting.length);
    });
  /** Runs a read to its end, answering what is asked round by round. */
  async function read<T>(reading: Promise<T>): Promise<T> {
    let settled = false;
    const done = reading.finally(() => (settled = true));
    done.catch(() => {});
    while (!settled) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (waiting.length === 0) continue;
      stats.rounds += 1;
      waiting.splice(0).forEach((answer) => answer());
    }
    return done;
  }
  return { published, fetchPage, stats, read, failFrom: (n: number) => (failAt = n) };
}

const tokens = (messages: readonly IncomingMessage[]) => messages.map((m) => m.timetoken);
/** One message every `everyMs`, `count` of them. */
const steady = (count: number, everyMs = 100) =>
  Array.from({ length: count }, (_, n) => n * everyMs);

describe('loadEarlier', () => {
  it.each([
    ['an empty channel', 0, 0, 1],
    ['less than a page', 42, 42, 1],
    ['exactly a page', 100, 100, 2],
    ['several pages', 750, 750, 3],
    ['exactly the limit', 2_000, 2_000, 6],
    ['more than the limit', 3_456, 2_000, 6],
  ])(
    '%s at a steady rate: %i published, the newest %i read in %i round trips',
    async (_, count, read, rounds) => {
      const { published, fetchPage, stats, read: run } = network(steady(count));
      const earlier = await run(loadEarlier(fetchPage));
      expect(tokens(earlier)).toEqual(published.slice(count - read));
      expect(stats.rounds).toBe(rounds);
      expect(stats.mostAtOnce).toBeLessThanOrEqual(historyParallelism);
    },
  );

  it('reads one page after the other when asked to (parallelism 1) and gets the same', async () => {
    const { published, fetchPage, stats, read } = network(steady(3_456));
    const earlier = await read(loadEarlier(fetchPage, { parallelism: 1 }));
    expect(tokens(earlier)).toEqual(published.slice(-2_000));
    expect(stats.mostAtOnce).toBe(1);
    expect(stats.rounds).toBeGreaterThanOrEqual(20);
  });

  it('pages within a slice that is busier than the newest page said', async () => {
    // 100 bids a second for the last 100, 1,000 a second before that.
    const offsets = [
      ...Array.from({ length: 3_000 }, (_, n) => n),
      ...Array.from({ length: 100 }, (_, n) => 3_000 + (n + 1) * 10),
    ];
    const { published, fetchPage, stats, read } = network(offsets);
    const earlier = await read(loadEarlier(fetchPage));
    expect(tokens(earlier)).toEqual(published.slice(-2_000));
    expect(stats.requests).toBeLessThan(40);
  });

  it('goes on past quiet slices to the older messages (a pause in the sale)', async () => {
    // 500 bids, an hour of nothing, 150 bids.
    const offsets = [...steady(500), ...steady(150).map((t) => 3_700_000 + t)];
    const { published, fetchPage, read } = network(offsets);
    expect(tokens(await read(loadEarlier(fetchPage)))).toEqual(published);
  });

  it('gets exactly the newest messages whatever the rhythm, limit and parallelism', async () => {
    const gaps = fc.array(
      fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: 0, max: 50 }) },
        { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 5_000_000 }) },
      ),
      { maxLength: 2_600 },
    );
    await fc.assert(
      fc.asyncProperty(
        gaps,
        fc.integer({ min: 1, max: 2_500 }),
        fc.integer({ min: 1, max: 6 }),
        async (gapList, maxMessages, parallelism) => {
          let at = 0;
          const offsets = gapList.map((gap) => (at += gap));
          const { published, fetchPage, stats, read } = network(offsets);
          const earlier = await read(loadEarlier(fetchPage, { maxMessages, parallelism }));
          expect(tokens(earlier)).toEqual(published.slice(-maxMessages));
          expect(stats.mostAtOnce).toBeLessThanOrEqual(parallelism);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('asks nothing once cancelled (a sign-out mid-way)', async () => {
    const { fetchPage, stats, read } = network(steady(3_000));
    let cancelled = false;
    let askedAfter = 0;
    const cancelling: HistoryPage = async (before, notBefore) => {
      if (cancelled) askedAfter += 1;
      const page = await fetchPage(before, notBefore);
      cancelled = true;
      return page;
    };
    await read(loadEarlier(cancelling, { isCancelled: () => cancelled }));
    expect(askedAfter).toBe(0);
    expect(stats.requests).toBe(1);
  });

  it('passes a failed page on to the caller, and asks nothing after it', async () => {
    const { fetchPage, stats, read, failFrom } = network(steady(3_000));
    // The newest page, then a wave whose second request fails.
    failFrom(3);
    await expect(read(loadEarlier(fetchPage))).rejects.toThrow('503');
    expect(stats.requests).toBe(1 + historyParallelism);
  });
});

describe('planWave', () => {
  it('cuts the time below the floor into slices that touch, newest first, then a page open below', () => {
    expect(planWave('1000', 300n, 3)).toEqual([
      { before: '1000', notBefore: '700' },
      { before: '700', notBefore: '400' },
      { before: '400', notBefore: '100' },
      { before: '100' },
    ]);
  });

  it('cuts no slice below the start of time: the open page reads from there', () => {
    expect(planWave('1000', 400n, 5)).toEqual([
      { before: '1000', notBefore: '600' },
      { before: '600', notBefore: '200' },
      { before: '200' },
    ]);
  });

  it('is the open page alone with no slices (one page after the other)', () => {
    expect(planWave('1000', 400n, 0)).toEqual([{ before: '1000' }]);
  });

  it('works past 2^53', () => {
    expect(planWave('17800000000000000002', 1n, 1)).toEqual([
      { before: '17800000000000000002', notBefore: '17800000000000000001' },
      { before: '17800000000000000001' },
    ]);
  });
});

describe('sliceSpan', () => {
  const page = (timetokens: bigint[]) =>
    timetokens.map((t) => ({ timetoken: t.toString(), payload: null }));

  it('is the time 75 messages take at the rate of the page', () => {
    const hundred = Array.from({ length: 100 }, (_, n) => base + BigInt(n) * 10n);
    expect(sliceSpan(page(hundred))).toBe(750n);
  });

  it('is never zero, so slices always move down', () => {
    expect(sliceSpan(page(Array.from({ length: 100 }, () => base)))).toBe(1n);
  });
});
