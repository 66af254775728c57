/** @jest-environment node */
// The relay down for 30 s under a recording console (contract §13): no crash, and once it is
// back everything published is recorded, each once, in order. The relay keeps its log on disk, as
// the embedded one does, so what it held before the outage is still in its history after it.
import '@/testing/server/memory-database-env';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import PubNub from 'pubnub';
import { database, databaseHandle } from '@/lib/server/db/connection';
import { rejectedMessages, saleMessages } from '@/lib/server/db/schema';
import { sleep, waitFor } from '@/testing/wait-for';
import { createRelay } from '@/relay/server.ts';
import { startLiveRecorder } from '@/lib/server/record/live-recorder';
import { recordedThrough } from '@/lib/server/record/write-batch';

jest.setTimeout(120_000);

const keys = { subscribeKey: 'embedded-sub', publishKey: 'embedded-pub' };
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'gavel-relay-outage-'));
const published: string[] = [];

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await (await databaseHandle()).close();
});

async function startRelay(port: number) {
  const relay = createRelay({
    ...keys,
    allowedOrigins: [],
    longPollMs: 2000,
    dataDir,
    storeFlushMs: 10,
  });
  await relay.listen(port, '127.0.0.1');
  return { relay, port: (relay.server.address() as AddressInfo).port };
}

async function publishAll(port: number, messages: unknown[]) {
  const publisher = new PubNub({
    ...keys,
    userId: 'publisher',
    origin: `127.0.0.1:${port}`,
    ssl: false,
  });
  for (const message of messages) {
    const { timetoken } = await publisher.publish({ channel: 'bids', message: message as never });
    published.push(String(timetoken));
  }
  publisher.destroy();
}

const bids = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    type: 'bid.placed',
    v: 1,
    bidId: uuid(from + i),
    auctionId: 'outage-sale',
    lotId: 'lot-1',
    lotTitle: 'Lot 1',
    bidder: `P${(from + i) % 3}`,
    amount: 1_000 * (from + i + 1),
    currency: 'EUR',
    placedAt: new Date().toISOString(),
  }));

it('the relay down for 30 s: the failures counted, no crash, no gap once it is back', async () => {
  const db = await database();
  const first = await startRelay(0);
  const { port } = first;
  const errors: unknown[] = [];
  const recorder = startLiveRecorder({
    db,
    client: new PubNub({
      ...keys,
      userId: 'recorder',
      origin: `127.0.0.1:${port}`,
      ssl: false,
      keepAlive: true,
    }),
    retryMs: 1_000,
    safetyReadMs: 5_000,
    onError: (error) => errors.push(error),
  });
  await publishAll(port, [
    ...bids(0, 20),
    { type: 'bid.placed', v: 1 },
    { type: 'lot.moved', v: 1 },
  ]);
  let through: string | null = null;
  const reached = (last: string) => () => {
    void recordedThrough(db).then((value) => (through = value));
    return through === last;
  };
  await waitFor('the first bids recorded', reached(published.at(-1)!), 10_000);

  await first.relay.close();
  await sleep(30_000);
  const second = await startRelay(port);
  await publishAll(port, bids(20, 40));
  await waitFor('the bids after the outage recorded', reached(published.at(-1)!), 30_000);
  await recorder.stop();
  await second.relay.close();

  const rows = await db
    .select({ timetoken: saleMessages.timetoken })
    .from(saleMessages)
    .orderBy(asc(saleMessages.timetoken));
  const rejected = await db.select({ reason: rejectedMessages.reason }).from(rejectedMessages);
  expect(rows.length + rejected.length).toBe(published.length);
  expect([...rows.map((row) => row.timetoken)]).toEqual(
    published.filter((_, i) => i !== 20 && i !== 21),
  );
  expect(rejected.map((row) => row.reason).sort()).toEqual(['invalid', 'unknown-type']);
  // The safety reads met the relay down: reported, retried, never thrown out of the recorder.
  expect(errors.length).toBeGreaterThan(0);
});
