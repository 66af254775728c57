/** @jest-environment node */
// The channel log kept on disk: what a restarted relay answers from.
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep, waitFor } from '@/testing/wait-for';
import { channelFileName } from './channel-store.ts';
import { createRelay, type Relay } from './server.ts';
import { raw } from './test-http.ts';

let dataDir: string;
const open: Relay[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gavel-relay-'));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((relay) => relay.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function startRelay(
  options: { now?: () => number; channelCapacity?: number; storeFlushMs?: number } = {},
) {
  const relay = createRelay({
    subscribeKey: 'embedded-sub',
    publishKey: 'embedded-pub',
    allowedOrigins: [],
    longPollMs: 300,
    dataDir,
    ...options,
  });
  open.push(relay);
  await relay.listen(0, '127.0.0.1');
  return { relay, port: (relay.server.address() as AddressInfo).port };
}

/** Closes the relay (writing what is pending) and starts another on the same folder. */
async function restart(relay: Relay, options: Parameters<typeof startRelay>[0] = {}) {
  open.splice(open.indexOf(relay), 1);
  await relay.close();
  return startRelay(options);
}

const publish = async (port: number, message: unknown, query = '') => {
  const path = `/publish/embedded-pub/embedded-sub/0/bids/0/${encodeURIComponent(JSON.stringify(message))}?uuid=p${query}`;
  return (JSON.parse((await raw(port, 'GET', path)).body) as [number, string, string])[2];
};

async function history(port: number, channel = 'bids') {
  const answer = await raw(port, 'GET', `/v3/history/sub-key/embedded-sub/channel/${channel}`);
  const body = JSON.parse(answer.body) as {
    channels: Record<string, { message: unknown; timetoken: string }[]>;
  };
  return (body.channels[channel] ?? []).map((entry) => entry.message);
}

const bidsFile = () => join(dataDir, channelFileName('bids'));
const fileLines = () => readFileSync(bidsFile(), 'utf8').split('\n').filter(Boolean);

it('keeps history across a restart, and a subscriber catches up from a cursor taken before it', async () => {
  const { relay, port } = await startRelay();
  const cursor = await publish(port, { n: 1 });
  await publish(port, { n: 2 });
  await publish(port, { n: 3 });

  const restarted = await restart(relay);
  expect(await history(restarted.port)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  const poll = await raw(
    restarted.port,
    'GET',
    `/v2/subscribe/embedded-sub/bids/0?uuid=late&tt=${cursor}&tr=1`,
  );
  const messages = (JSON.parse(poll.body) as { m: { d: unknown }[] }).m.map((m) => m.d);
  expect(messages).toEqual([{ n: 2 }, { n: 3 }]);
});

it('writes in batches, off the request: nothing on disk at once, all of it soon after', async () => {
  // A batch window long enough that a busy machine cannot reach its end between two publishes.
  const { port } = await startRelay({ storeFlushMs: 1000 });
  await publish(port, { n: 1 });
  await publish(port, { n: 2 });
  expect(existsSync(bidsFile())).toBe(false);
  await waitFor(
    'the batch on disk',
    () => existsSync(bidsFile()) && fileLines().length === 2,
    5000,
  );
});

it('stays bounded: the newest messages per channel, the file compacted', async () => {
  const { relay, port } = await startRelay({ channelCapacity: 3 });
  for (let n = 1; n <= 20; n += 1) {
    await publish(port, { n });
    if (n % 4 === 0) await sleep(150); // several batches, so the file grows, then is compacted
  }
  const restarted = await restart(relay, { channelCapacity: 3 });
  expect(await history(restarted.port)).toEqual([{ n: 18 }, { n: 19 }, { n: 20 }]);
  expect(fileLines().length).toBeLessThanOrEqual(2 * 3 + 4);
});

it('ignores a torn last line left by a crash, and appends after it on a line of its own', async () => {
  const { relay, port } = await startRelay();
  await publish(port, { n: 1 });
  await publish(port, { n: 2 });
  open.splice(open.indexOf(relay), 1);
  await relay.close();
  appendFileSync(bidsFile(), '{"channel":"bids","timetoken":"179');

  const restarted = await startRelay();
  expect(await history(restarted.port)).toEqual([{ n: 1 }, { n: 2 }]);
  await publish(restarted.port, { n: 3 });
  const again = await restart(restarted.relay);
  expect(await history(again.port)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  expect(fileLines().map((line) => JSON.parse(line) as unknown)).toHaveLength(3);
});

it('drops a file holding nothing readable', async () => {
  writeFileSync(bidsFile(), '{"channel":');
  const { port } = await startRelay();
  expect(await history(port)).toEqual([]);
  await waitFor('the unreadable file removed', () => !existsSync(bidsFile()), 1000);
});

it('persists neither store=0 messages nor presence events', async () => {
  const { relay, port } = await startRelay();
  await publish(port, { n: 1 });
  await publish(port, { kept: false }, '&store=0');
  await raw(port, 'GET', '/v2/presence/sub-key/embedded-sub/channel/bids/heartbeat?uuid=alice');
  const restarted = await restart(relay);
  expect(await history(restarted.port)).toEqual([{ n: 1 }]);
  expect(await history(restarted.port, 'bids-pnpres')).toEqual([]);
});

it('keeps a deletion across a restart', async () => {
  const { relay, port } = await startRelay();
  await publish(port, { n: 1 });
  const second = await publish(port, { n: 2 });
  await publish(port, { n: 3 });
  await sleep(150); // on disk before the deletion, so the file itself must be rewritten
  const deleted = await raw(
    port,
    'DELETE',
    `/v3/history/sub-key/embedded-sub/channel/bids?end=${second}&start=${BigInt(second) + 1n}`,
  );
  expect(deleted.status).toBe(200);
  const restarted = await restart(relay);
  expect(await history(restarted.port)).toEqual([{ n: 1 }, { n: 3 }]);
});

it('never hands out a timetoken below the last one stored, even when the wall clock went back', async () => {
  let clock = Date.now();
  const { relay, port } = await startRelay({ now: () => clock });
  const before = await publish(port, { n: 1 });
  clock -= 60_000; // the machine's clock was set back a minute while the relay restarted
  const restarted = await restart(relay, { now: () => clock });
  const after = await publish(restarted.port, { n: 2 });
  expect(BigInt(after) > BigInt(before)).toBe(true);
  const time = (JSON.parse((await raw(restarted.port, 'GET', '/time/0')).body) as [number])[0];
  expect(time).toBeGreaterThanOrEqual(Number(after));
});

it('keeps memory only without a data folder', async () => {
  const relay = createRelay({ subscribeKey: 's', publishKey: 'p', allowedOrigins: [] });
  open.push(relay);
  relay.publish('bids', { n: 1 });
  await sleep(150);
  expect(existsSync(bidsFile())).toBe(false);
});

it.each([
  ['bids', 'bids.jsonl'],
  ['lot.7', 'lot%2E7.jsonl'],
  ['..', '%2E%2E.jsonl'],
  ['a/b c', 'a%2Fb%20c.jsonl'],
])('names the file of channel %j %j', (channel, file) => {
  expect(channelFileName(channel)).toBe(file);
});

it('hashes a channel name too long for a file name', () => {
  expect(channelFileName('ü'.repeat(92))).toMatch(/^[0-9a-f]{64}\.jsonl$/);
});
