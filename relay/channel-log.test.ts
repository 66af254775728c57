/** @jest-environment node */
import fc from 'fast-check';
import { createChannelLog, type LoggedMessage } from './channel-log.ts';

const tt = (counter: number) => String(17_952_888_637_390_000n + BigInt(counter));

const message = (channel: string, counter: number, extra: Partial<LoggedMessage> = {}) => ({
  channel,
  timetoken: tt(counter),
  payload: { n: counter },
  publisher: 'publisher-1',
  ...extra,
});

const counters = (messages: LoggedMessage[]) =>
  messages.map((logged) => Number(BigInt(logged.timetoken) - 17_952_888_637_390_000n));

/** bids: 1, 3, 5, 7, 9; lots: 2, 4, 6, 8, 10; other: 11 */
function interleavedLog() {
  const log = createChannelLog();
  for (let counter = 1; counter <= 10; counter += 1) {
    log.append(message(counter % 2 === 1 ? 'bids' : 'lots', counter));
  }
  log.append(message('other', 11));
  return log;
}

describe('since', () => {
  it.each([
    { names: ['bids'], after: tt(0), limit: 100, expected: [1, 3, 5, 7, 9] },
    { names: ['bids'], after: tt(5), limit: 100, expected: [7, 9] },
    {
      names: ['bids', 'lots'],
      after: tt(0),
      limit: 100,
      expected: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    },
    { names: ['lots', 'bids'], after: tt(3), limit: 100, expected: [4, 5, 6, 7, 8, 9, 10] },
    { names: ['lots', 'bids'], after: tt(3), limit: 3, expected: [4, 5, 6] },
    { names: ['bids', 'lots', 'other'], after: tt(9), limit: 100, expected: [10, 11] },
    { names: ['bids'], after: tt(9), limit: 100, expected: [] },
    { names: ['unknown'], after: tt(0), limit: 100, expected: [] },
    { names: [], after: tt(0), limit: 100, expected: [] },
  ])('$names after $after, limit $limit → $expected', ({ names, after, limit, expected }) => {
    expect(counters(interleavedLog().since(names, after, limit))).toEqual(expected);
  });

  it('accepts any iterable of names, such as a Set', () => {
    expect(counters(interleavedLog().since(new Set(['lots']), tt(6), 100))).toEqual([8, 10]);
  });

  it('returns the logged messages as appended', () => {
    const log = createChannelLog();
    const logged = message('bids', 1, { meta: { region: 'eu' }, customType: 'bid' });
    log.append(logged);
    expect(log.since(['bids'], tt(0), 10)).toEqual([logged]);
  });
});

describe('capacity', () => {
  it('keeps the newest messages of each channel, separately', () => {
    const log = createChannelLog(3);
    for (let counter = 1; counter <= 10; counter += 1) log.append(message('bids', counter));
    log.append(message('lots', 11));
    expect(counters(log.since(['bids'], tt(0), 100))).toEqual([8, 9, 10]);
    expect(counters(log.since(['lots'], tt(0), 100))).toEqual([11]);
    expect(counters(log.history('bids', { max: 100 }))).toEqual([8, 9, 10]);
  });

  it('holds 10,000 per channel by default', () => {
    const log = createChannelLog();
    for (let counter = 1; counter <= 10_005; counter += 1) log.append(message('bids', counter));
    const kept = log.since(['bids'], tt(0), 20_000);
    expect(kept).toHaveLength(10_000);
    expect(counters([kept[0]!, kept.at(-1)!])).toEqual([6, 10_005]);
  });
});

describe('history', () => {
  // bids: 1..10
  function bidsLog() {
    const log = createChannelLog();
    for (let counter = 1; counter <= 10; counter += 1) log.append(message('bids', counter));
    return log;
  }

  it.each([
    { name: 'neither: the newest max', options: { max: 3 }, expected: [8, 9, 10] },
    {
      name: 'neither, max above the count',
      options: { max: 100 },
      expected: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    },
    { name: 'start is exclusive', options: { start: tt(5), max: 100 }, expected: [1, 2, 3, 4] },
    {
      name: 'start: the newest max older than it',
      options: { start: tt(8), max: 3 },
      expected: [5, 6, 7],
    },
    { name: 'end is inclusive', options: { end: tt(7), max: 100 }, expected: [7, 8, 9, 10] },
    { name: 'only end: the oldest max from it', options: { end: tt(3), max: 2 }, expected: [3, 4] },
    {
      name: 'start and end: the newest max between',
      options: { start: tt(9), end: tt(2), max: 3 },
      expected: [6, 7, 8],
    },
    {
      name: 'start and end, all between',
      options: { start: tt(6), end: tt(4), max: 100 },
      expected: [4, 5],
    },
    { name: 'end after everything', options: { end: tt(11), max: 100 }, expected: [] },
    { name: 'start before everything', options: { start: tt(1), max: 100 }, expected: [] },
    { name: 'start equal to end', options: { start: tt(5), end: tt(5), max: 100 }, expected: [] },
  ])('$name → $expected', ({ options, expected }) => {
    expect(counters(bidsLog().history('bids', options))).toEqual(expected);
  });

  it('answers nothing for an unknown channel', () => {
    expect(bidsLog().history('lots', { max: 100 })).toEqual([]);
  });

  it('only answers the asked channel', () => {
    expect(counters(interleavedLog().history('lots', { max: 2 }))).toEqual([8, 10]);
  });
});

describe('a log started from messages read back', () => {
  it('holds them, within its capacity', () => {
    const initial = [1, 2, 3, 4].map((counter) => message('bids', counter));
    const log = createChannelLog(3, initial);
    expect(counters(log.history('bids', { max: 100 }))).toEqual([2, 3, 4]);
    expect(counters(log.since(['bids'], tt(2), 100))).toEqual([3, 4]);
  });
});

describe('countAfter', () => {
  it.each([
    { after: tt(0), expected: 4 },
    { after: tt(3), expected: 1 },
    { after: tt(5), expected: 0 },
  ])('stored messages after $after → $expected', ({ after, expected }) => {
    const log = createChannelLog();
    for (let counter = 1; counter <= 5; counter += 1)
      log.append(message('bids', counter, counter === 4 ? { stored: false } : {}));
    expect(log.countAfter('bids', after)).toBe(expected);
    expect(log.countAfter('lots', after)).toBe(0);
  });
});

describe('remove', () => {
  it.each([
    {
      name: 'end inclusive, start exclusive',
      range: { end: tt(3), start: tt(6) },
      kept: [1, 2, 6],
    },
    { name: 'one message', range: { end: tt(4), start: tt(5) }, kept: [1, 2, 3, 5, 6] },
    { name: 'only start: everything older', range: { start: tt(3) }, kept: [3, 5, 6] },
    { name: 'only end: it and everything newer', range: { end: tt(5) }, kept: [1, 2, 3] },
    { name: 'neither: everything', range: {}, kept: [] },
    {
      name: 'start equal to end: nothing',
      range: { end: tt(3), start: tt(3) },
      kept: [1, 2, 3, 5, 6],
    },
  ])('$name', ({ range, kept }) => {
    const log = createChannelLog();
    for (let counter = 1; counter <= 6; counter += 1)
      log.append(message('bids', counter, counter === 4 ? { stored: false } : {}));
    const removed = log.remove('bids', range);
    expect(counters(log.stored('bids'))).toEqual(kept);
    expect(removed).toBe(5 - kept.length);
    // A store=0 message is not history: deletion leaves it to subscribers catching up.
    expect(counters(log.since(['bids'], tt(3), 100))).toContain(4);
  });
});

describe('searching a channel instead of scanning it', () => {
  // What the log answered when it looked at every message: the reference for its answers now.
  const scanned = (all: LoggedMessage[], start?: string, end?: string) =>
    all.filter(
      (m) =>
        m.stored !== false &&
        (start === undefined || BigInt(m.timetoken) < BigInt(start)) &&
        (end === undefined || BigInt(m.timetoken) >= BigInt(end)),
    );
  const bound = fc.option(fc.integer({ min: -5, max: 400 }), { nil: undefined });

  it('answers history, since and countAfter as a scan of every message would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ step: fc.integer({ min: 1, max: 3 }), stored: fc.boolean() }), {
          maxLength: 150,
        }),
        bound,
        bound,
        fc.integer({ min: 1, max: 120 }),
        (steps, start, end, max) => {
          const log = createChannelLog();
          let at = 0;
          const all = steps.map(({ step, stored }) => {
            const logged = message('bids', (at += step), stored ? {} : { stored: false });
            log.append(logged);
            return logged;
          });
          const range = {
            start: start === undefined ? undefined : tt(start),
            end: end === undefined ? undefined : tt(end),
          };
          const matching = scanned(all, range.start, range.end);
          const expected =
            range.end !== undefined && range.start === undefined
              ? matching.slice(0, max)
              : matching.slice(-max);
          expect(log.history('bids', { ...range, max })).toEqual(expected);
          const after = range.end ?? tt(0);
          expect(log.since(['bids'], after, max)).toEqual(
            all.filter((m) => BigInt(m.timetoken) > BigInt(after)).slice(0, max),
          );
          expect(log.countAfter('bids', after)).toBe(
            scanned(all).filter((m) => BigInt(m.timetoken) > BigInt(after)).length,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps timetoken order when a message comes out of order', () => {
    const log = createChannelLog();
    [1, 5, 3, 7, 2].forEach((n) => log.append(message('bids', n)));
    expect(counters(log.stored('bids'))).toEqual([1, 2, 3, 5, 7]);
    expect(counters(log.history('bids', { start: tt(5), max: 10 }))).toEqual([1, 2, 3]);
  });
});
