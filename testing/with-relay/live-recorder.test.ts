/** @jest-environment node */
// The recorder against the embedded relay through the real PubNub SDK, into a real PGlite: what
// the relay's history holds is what the record holds, each message once, in publish order.
import '@/testing/server/memory-database-env';
import type { AddressInfo } from 'node:net';
import { asc, count } from 'drizzle-orm';
import PubNub from 'pubnub';
import { database, databaseHandle } from '@/lib/server/db/connection';
import { lotRecords, rejectedMessages, saleFlags, saleMessages } from '@/lib/server/db/schema';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import { waitFor } from '@/testing/wait-for';
import { createRelay } from '@/relay/server.ts';
import { startLiveRecorder, type LiveRecorder } from '@/lib/server/record/live-recorder';
import { recordedThrough } from '@/lib/server/record/write-batch';

const keys = { subscribeKey: 'embedded-sub', publishKey: 'embedded-pub' };
const auctionId = 'record-sale';
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
let relay: ReturnType<typeof createRelay>;
let port: number;
let publisher: PubNub;
const recorders: LiveRecorder[] = [];

const client = (userId: string) =>
  new PubNub({ ...keys, userId, origin: `127.0.0.1:${port}`, ssl: false, keepAlive: true });

beforeAll(async () => {
  relay = createRelay({ ...keys, allowedOrigins: [], longPollMs: 2000 });
  await relay.listen(0, '127.0.0.1');
  port = (relay.server.address() as AddressInfo).port;
  publisher = client('publisher');
});

afterAll(async () => {
  await (await databaseHandle()).close();
  await Promise.all(recorders.map((recorder) => recorder.stop()));
  publisher.destroy();
  await relay.close();
});

const published: string[] = [];
async function publish(message: unknown) {
  const { timetoken } = await publisher.publish({ channel: 'bids', message: message as never });
  published.push(String(timetoken));
  return String(timetoken);
}

const bid = (n: number, lotId: string, bidder: string, amount: number) => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid(n),
  auctionId,
  lotId,
  lotTitle: `Lot ${lotId}`,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, n)).toISOString(),
});
const opened = (lotId: string) => ({
  type: 'lot.opened',
  v: 1,
  auctionId,
  lotId,
  openedAt: '2026-11-27T10:00:00.000Z',
  closesAt: null,
});
const closed = (lotId: string, winningBidId: string | null) => ({
  type: 'lot.closed',
  v: 1,
  auctionId,
  lotId,
  winningBidId,
  closedAt: '2026-11-27T10:05:00.000Z',
});

async function recordWith(db: Awaited<ReturnType<typeof database>>) {
  const recorder = startLiveRecorder({
    db,
    client: client(`recorder-${recorders.length}`),
    safetyReadMs: 60_000,
  });
  recorders.push(recorder);
  return recorder;
}

async function untilRecorded(db: Awaited<ReturnType<typeof database>>) {
  const last = published.at(-1)!;
  let through: string | null = null;
  await waitFor(
    `the record to reach ${last}`,
    () => {
      void recordedThrough(db).then((value) => (through = value));
      return through === last;
    },
    10_000,
  );
}

async function lotRecord(db: Awaited<ReturnType<typeof database>>, lotId: string) {
  const rows = await db.select().from(lotRecords);
  return rows.find((row) => row.lotId === lotId)?.record as LotRecord | undefined;
}

describe('the live recorder', () => {
  it('records what was published before it started and while it runs, each once, in order', async () => {
    const db = await database();
    await publish(opened('lot-0001'));
    await publish(bid(1, 'lot-0001', 'P12', 100_000));
    await publish(bid(2, 'lot-0001', 'P7', 110_000));
    await publish({ type: 'bid.placed', v: 1, amount: 'lots' }); // invalid
    await publish({ type: 'lot.withdrawn', v: 1 }); // unknown type
    const first = await recordWith(db);
    await untilRecorded(db);

    await publish(bid(3, 'lot-0001', 'P12', 120_000));
    await publish(closed('lot-0001', uuid(3)));
    await publish(opened('lot-0002'));
    await publish(bid(4, 'lot-0002', 'P3', 50_000));
    await publish(closed('lot-0002', null));
    await publish(bid(5, 'lot-0002', 'P9', 900_000)); // late
    await publish(bid(5, 'lot-0002', 'P9', 900_000)); // the same bid id again: recorded once
    await untilRecorded(db);
    await first.stop();

    const rows = await db.select().from(saleMessages).orderBy(asc(saleMessages.timetoken));
    expect(rows.map((row) => row.timetoken)).toEqual(
      published.filter((_, i) => ![3, 4, 11].includes(i)),
    );
    const rejected = await db
      .select()
      .from(rejectedMessages)
      .orderBy(asc(rejectedMessages.timetoken));
    expect(rejected.map((row) => row.reason)).toEqual(['invalid', 'unknown-type']);
    expect(rejected[0]!.detail).toMatch(/bidId/);

    expect(await lotRecord(db, 'lot-0001')).toMatchObject({
      highBid: 120_000,
      leader: 'P12',
      underbidder: 'P7',
      bids: 3,
      hammer: 120_000,
      buyer: 'P12',
      winningBidId: uuid(3),
    });
    expect(await lotRecord(db, 'lot-0002')).toMatchObject({
      highBid: 50_000,
      bids: 2,
      lateBids: 1,
      winningBidId: null,
      hammer: null,
    });
    const flags = await db.select().from(saleFlags);
    expect(flags.map((flag) => flag.rule).sort()).toEqual(['late']);
  });

  it('a restarted recorder reads what it missed from history, nothing twice', async () => {
    const db = await database();
    const before = (await db.select({ n: count() }).from(saleMessages))[0]!.n;
    for (let n = 10; n < 260; n += 1) await publish(bid(n, 'lot-0003', `P${n % 5}`, 1_000 * n));
    await recordWith(db);
    await untilRecorded(db);
    const after = (await db.select({ n: count() }).from(saleMessages))[0]!.n;
    expect(after - before).toBe(250);
    expect(await lotRecord(db, 'lot-0003')).toMatchObject({ bids: 250, highBid: 259_000 });
  });
});
