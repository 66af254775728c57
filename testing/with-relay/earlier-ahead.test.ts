import { createChannelLog } from '@/relay/channel-log.ts';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { earlierReadElsewhere, joinHistory, readEarlierAhead } from '@/lib/realtime/earlier-ahead';
import { loadNewer } from '@/lib/realtime/history-pages';
import { historyPageSize, mergeInOrder, type HistoryPage } from '@/lib/realtime/history-pages';

// History is read through the relay's own channel log, as in history-pages.test.ts.
const base = 17_800_000_000_000_000n;
const timetoken = (n: number) => (base + BigInt(n) * 10_000n).toString();
const range = (count: number, from = 0) => Array.from({ length: count }, (_, n) => n + from);
const tokens = (messages: readonly IncomingMessage[]) => messages.map((m) => m.timetoken);
const message = (n: number): IncomingMessage => ({ timetoken: timetoken(n), payload: { n } });

/** A channel that can be published to while it is read; `fetchPage` answers as the relay does. */
function liveChannel(published: number) {
  const log = createChannelLog();
  let next = 0;
  const publish = (count: number) => {
    for (let end = next + count; next < end; next += 1)
      log.append({
        channel: 'bids',
        timetoken: timetoken(next),
        payload: { n: next },
        publisher: 't',
      });
  };
  publish(published);
  const requests: (string | undefined)[] = [];
  const fetchPage: HistoryPage = async (before, notBefore) => {
    requests.push(before);
    return log
      .history('bids', { start: before, end: notBefore, max: historyPageSize })
      .map((logged) => ({ timetoken: logged.timetoken, payload: logged.payload }));
  };
  return { fetchPage, requests, publish, published: () => next };
}

/** A page answer that waits until `release()`: a request still on its way. */
function heldPages(fetchPage: HistoryPage) {
  const waiting: (() => void)[] = [];
  const held: HistoryPage = (before, notBefore) =>
    new Promise((resolve, reject) => {
      waiting.push(() => fetchPage(before, notBefore).then(resolve, reject));
    });
  // Answers every request, including those asked after an answer, until none comes for a while.
  const release = async () => {
    for (let idle = 0; idle < 5; idle += 1) {
      if (waiting.length > 0) {
        waiting.shift()!();
        idle = 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { held, release, releaseOne: () => waiting.shift()?.() };
}

describe('loadNewer', () => {
  it.each([
    ['nothing newer', 250, 249, 0, 1],
    ['part of a page', 250, 199, 50, 1],
    ['more than a page', 250, 99, 150, 2],
    ['everything, when nothing was known', 250, null, 250, 3],
  ])('%s', async (_, published, after, count, calls) => {
    const { fetchPage, requests } = liveChannel(published);
    const newer = await loadNewer(fetchPage, after === null ? null : timetoken(after));
    expect(tokens(newer)).toEqual(range(count, published - count).map(timetoken));
    expect(requests).toHaveLength(calls);
  });

  it('keeps to its limit, the newest first kept', async () => {
    const { fetchPage } = liveChannel(500);
    const newer = await loadNewer(fetchPage, timetoken(10), { maxMessages: 120 });
    expect(tokens(newer)).toEqual(range(120, 380).map(timetoken));
  });
});

describe('joinHistory', () => {
  it('keeps each message once, in publish order, the newest within the limit', () => {
    const joined = joinHistory([5, 6, 7, 8].map(message), [9, 7, 8, 10].map(message), 5);
    expect(tokens(joined)).toEqual([6, 7, 8, 9, 10].map(timetoken));
  });
});

describe('readEarlierAhead', () => {
  it('starts reading at once, before the subscription is connected', async () => {
    const { fetchPage, requests } = liveChannel(300);
    readEarlierAhead(fetchPage);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests[0]).toBeUndefined();
  });

  it('adds what was published between its newest page and the handshake, each message once', async () => {
    const channel = liveChannel(350);
    const { held, release, releaseOne } = heldPages(channel.fetchPage);
    const ahead = readEarlierAhead(held);
    // The newest page is answered; then 30 messages are published before the handshake fixes
    // the cursor (the subscription delivers only what comes after it), 5 more after.
    releaseOne();
    await new Promise((resolve) => setTimeout(resolve, 0));
    channel.publish(30);
    const cursor = timetoken(channel.published() - 1);
    channel.publish(5);
    const delivered = range(5, 380).map(message);
    expect(delivered.every((m) => BigInt(m.timetoken) > BigInt(cursor))).toBe(true);
    const earlier = ahead.subscribed();
    await release();
    const read = await earlier;
    expect(tokens(read)).toEqual(range(385).map(timetoken));
    // Merged with the live messages held back, nothing is missing or repeated.
    const merged = mergeInOrder(read, delivered).flatMap((run) => tokens(run.messages));
    expect(merged).toEqual(range(385).map(timetoken));
  });

  it('keeps to the limit of the first load with the gap added', async () => {
    const channel = liveChannel(2_100);
    const { held, release, releaseOne } = heldPages(channel.fetchPage);
    const ahead = readEarlierAhead(held);
    releaseOne();
    await new Promise((resolve) => setTimeout(resolve, 0));
    channel.publish(40);
    const earlier = ahead.subscribed();
    await release();
    expect(tokens(await earlier)).toEqual(range(2_000, 140).map(timetoken));
  });

  it('reads an empty channel and what reached it meanwhile', async () => {
    const channel = liveChannel(0);
    const { held, release, releaseOne } = heldPages(channel.fetchPage);
    const ahead = readEarlierAhead(held);
    releaseOne();
    await new Promise((resolve) => setTimeout(resolve, 0));
    channel.publish(3);
    const earlier = ahead.subscribed();
    await release();
    expect(tokens(await earlier)).toEqual(range(3).map(timetoken));
  });

  it('passes a failed read on when connected, for the caller to read again', async () => {
    const ahead = readEarlierAhead(async () => Promise.reject(new Error('403')));
    await expect(ahead.subscribed()).rejects.toThrow('403');
  });

  it('answers nothing, without waiting, when cancelled before its first page', async () => {
    const { fetchPage, requests } = liveChannel(10);
    const ahead = readEarlierAhead(fetchPage, { isCancelled: () => true });
    expect(requests).toEqual([]);
    expect(await ahead.subscribed()).toEqual([]);
  });
});

describe('earlierReadElsewhere', () => {
  it('adds what was published between the read and the handshake, each message once', async () => {
    const channel = liveChannel(2_050);
    // The server's read: the newest 2,000 when it was asked.
    const read = Promise.resolve(range(2_000, 50).map(message));
    channel.publish(30);
    const cursor = timetoken(channel.published() - 1);
    channel.publish(5);
    const delivered = range(5, 2_080).map(message);
    expect(delivered.every((m) => BigInt(m.timetoken) > BigInt(cursor))).toBe(true);
    const earlier = await earlierReadElsewhere(read, channel.fetchPage).subscribed();
    expect(tokens(earlier)).toEqual(range(2_000, 85).map(timetoken));
    expect(channel.requests).toEqual([undefined]);
    const merged = mergeInOrder(earlier, delivered).flatMap((run) => tokens(run.messages));
    expect(merged).toEqual(range(2_000, 85).map(timetoken));
  });

  it('reads the channel from its start when the read found it empty', async () => {
    const channel = liveChannel(3);
    const earlier = await earlierReadElsewhere(Promise.resolve([]), channel.fetchPage).subscribed();
    expect(tokens(earlier)).toEqual(range(3).map(timetoken));
  });

  it('passes a failed read on when connected, and reads nothing itself', async () => {
    const channel = liveChannel(10);
    const ahead = earlierReadElsewhere(Promise.reject(new Error('503')), channel.fetchPage);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(ahead.subscribed()).rejects.toThrow('503');
    expect(channel.requests).toEqual([]);
  });
});
