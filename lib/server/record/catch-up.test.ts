/** @jest-environment node */
// The catch-up's reading of history, against a history that answers as PubNub documents it (the
// newest page of the range asked), on a real PGlite: a backlog of several pages is recorded
// whole, in order; a read cut short records nothing, and the next one records it all.
import '@/testing/server/memory-database-env';
import { asc } from 'drizzle-orm';
import { database, databaseHandle } from '@/lib/server/db/connection';
import { saleMessages } from '@/lib/server/db/schema';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { isNewer } from '@/lib/sale-desk/timetoken';
import { catchUp, type HistoryRange } from './catch-up';
import { createRecordFlags } from './record-flags';

afterAll(async () => (await databaseHandle()).close());

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const tt = (n: number) => `17950000${String(n).padStart(9, '0')}`;
const history: IncomingMessage[] = [];
const publish = (count: number) => {
  for (let i = 0; i < count; i += 1) {
    const n = history.length;
    history.push({
      timetoken: tt(n * 10 + 5),
      payload: {
        type: 'bid.placed',
        v: 1,
        bidId: uuid(n),
        auctionId: 'catch-up',
        lotId: 'lot-1',
        lotTitle: 'Lot 1',
        bidder: `P${n % 3}`,
        amount: 1_000 * (n + 1),
        currency: 'EUR',
        placedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, 0, n)).toISOString(),
      },
    });
  }
};

/** PubNub's answer: the newest 100 of `[notBefore, before)`, oldest first. */
let reads = 0;
const pubnubHistory: HistoryRange = async (before, notBefore) => {
  reads += 1;
  return history
    .filter((m) => isNewer(before, m.timetoken) && !isNewer(notBefore, m.timetoken))
    .slice(-100);
};

const recorded = async () =>
  (
    await (
      await database()
    )
      .select({ timetoken: saleMessages.timetoken })
      .from(saleMessages)
      .orderBy(asc(saleMessages.timetoken))
  ).map((row) => row.timetoken);

it('records a backlog of several pages whole and in order, then what came after', async () => {
  const db = await database();
  publish(350);
  const first = await catchUp(db, pubnubHistory, createRecordFlags());
  expect(first).toMatchObject({
    complete: true,
    recorded: 350,
    pages: 4,
    through: tt(349 * 10 + 5),
  });
  expect(await recorded()).toEqual(history.map((m) => m.timetoken));

  publish(120);
  const second = await catchUp(db, pubnubHistory, createRecordFlags());
  expect(second).toMatchObject({ complete: true, recorded: 120, pages: 2 });
  expect(await recorded()).toEqual(history.map((m) => m.timetoken));
});

it('a read cut short records nothing, so no hole opens behind the cursor', async () => {
  const db = await database();
  const before = await recorded();
  publish(250);
  reads = 0;
  const cut = await catchUp(db, pubnubHistory, createRecordFlags(), {
    isCancelled: () => reads >= 2,
  });
  expect(cut).toMatchObject({ complete: false, recorded: 0 });
  expect(await recorded()).toEqual(before);
  const whole = await catchUp(db, pubnubHistory, createRecordFlags());
  expect(whole).toMatchObject({ complete: true, recorded: 250 });
  expect(await recorded()).toEqual(history.map((m) => m.timetoken));
});
