/** @jest-environment node */
// RECORD_RETENTION_DAYS on a real in-memory PGlite: old messages, refusals and unreviewed flags
// go; reviewed flags stay with their reviews, and no flag goes while FLAG_GATE=open.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';

type Connection = typeof import('@/lib/server/db/connection');
let connection: Connection;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
});
afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

async function seed() {
  const { flagReviews, saleFlags, saleMessages } = await import('@/lib/server/db/schema');
  const db = await connection.database();
  await db.delete(saleFlags);
  await db.delete(saleMessages);
  const flag = async (state: FlagState, raisedAt: Date) => {
    const id = `jump:sale/lot-1:${randomUUID()}`;
    await db.insert(saleFlags).values({
      id,
      rule: 'jump',
      auctionId: 'sale',
      lotId: 'lot-1',
      paddles: ['P1'],
      bidIds: [],
      raisedAt,
      timetoken: '17950000000000000',
      state,
    });
    if (state !== 'open')
      await db.insert(flagReviews).values({
        id: randomUUID(),
        flagId: id,
        outcome: state,
        note: 'checked',
        loginId: 'sue',
        displayName: 'Sue',
        reviewedAt: raisedAt,
      });
    return id;
  };
  await db.insert(saleMessages).values({
    timetoken: '17000000000000000',
    type: 'lot.opened',
    auctionId: 'sale',
    lotId: 'lot-1',
    payload: {},
    publishedAt: daysAgo(40),
  });
  return {
    oldOpen: await flag('open', daysAgo(40)),
    oldEscalated: await flag('escalated', daysAgo(40)),
    oldCleared: await flag('cleared', daysAgo(40)),
    recentOpen: await flag('open', daysAgo(1)),
  };
}

async function remaining() {
  const { flagReviews, saleFlags, saleMessages } = await import('@/lib/server/db/schema');
  const db = await connection.database();
  return {
    flags: (await db.select({ id: saleFlags.id }).from(saleFlags)).map((row) => row.id).sort(),
    reviews: (await db.select().from(flagReviews)).length,
    messages: (await db.select().from(saleMessages)).length,
  };
}

it('deletes old messages and old unreviewed flags; reviewed flags keep their reviews', async () => {
  const { deleteOldRecords } = await import('./retention');
  const ids = await seed();
  const deleted = await deleteOldRecords(await connection.database(), 30, now, 'escalated');
  expect(deleted).toMatchObject({ messages: 1, flags: 1 });
  expect(await remaining()).toEqual({
    flags: [ids.oldEscalated, ids.oldCleared, ids.recentOpen].sort(),
    reviews: 2,
    messages: 0,
  });
});

it('with FLAG_GATE=open keeps every flag: an old open flag still holds its agreement back', async () => {
  const { deleteOldRecords } = await import('./retention');
  const ids = await seed();
  await deleteOldRecords(await connection.database(), 30, now, 'open');
  expect((await remaining()).flags).toEqual(Object.values(ids).sort());
});
