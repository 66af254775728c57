/** @jest-environment node */
// The sale record through the sale reads (contract §13), on a real in-memory PGlite: messages
// recorded by the recorder's own writing step, read back as each lot's state, the sales' figures,
// a lot's ladder in keyset pages and the sale's flags.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import {
  catalogueSchema,
  flagsReadSchema,
  recordedSaleSchema,
  saleListSchema,
} from '@/lib/sales/lot';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { expectProblem } from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotItemFactory, salesApi } from '@/testing/server/sales-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Connection = typeof import('@/lib/server/db/connection');
let connection: Connection;
let clerk: string;
const { listOk, saleOk } = salesApi(() => clerk);

const auctionId = 'record-api-sale';
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
let clock = 17_950_000_000_000_000;
const nextTimetoken = () => String((clock += 10_000));

const bid = (n: number, lotId: string, bidder: string, amount: number) => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid(n),
  auctionId,
  lotId,
  lotTitle: `Title of ${lotId}`,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, 0, n)).toISOString(),
});
const opened = (lotId: string, closesAt: string | null = null) => ({
  type: 'lot.opened',
  v: 1,
  auctionId,
  lotId,
  openedAt: '2026-11-27T10:00:00.000Z',
  closesAt,
});
const closed = (lotId: string, winningBidId: string | null) => ({
  type: 'lot.closed',
  v: 1,
  auctionId,
  lotId,
  winningBidId,
  closedAt: '2026-11-27T10:05:00.000Z',
});

/** Records the payloads as the recorder does, in one batch; answers their timetokens. */
async function record(payloads: unknown[]): Promise<string[]> {
  const { recordMessages } = await import('@/testing/server/record-messages');
  const messages: IncomingMessage[] = payloads.map((payload) => ({
    timetoken: nextTimetoken(),
    payload,
  }));
  await recordMessages(await connection.database(), messages);
  return messages.map((message) => message.timetoken);
}

async function get(path: string, params: Record<string, string>, cookie = clerk) {
  const request = new NextRequest(`http://localhost:3000${path}`, {
    headers: { cookie: `__Host-gavel_session=${cookie}` },
  });
  const route = path.includes('/bids')
    ? await import('@/app/api/sales/[auctionId]/lots/[lotId]/bids/route')
    : await import('@/app/api/sales/[auctionId]/flags/route');
  return route.GET(request, { params: Promise.resolve(params) });
}

const lot = lotItemFactory(auctionId, 'Modern Art');
const lots = [lot({ reserve: 300_000 }), lot({ reserve: 500_000 }), lot({ reserve: null }), lot()];

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  clerk = await staffSignedIn(await connection.database(), {
    loginId: 'rita',
    displayName: 'Rita',
  });
  await ingestLotsOk(lots);
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

describe('a sale read from the record', () => {
  let timetokens: string[];
  beforeAll(async () => {
    timetokens = await record([
      opened('lot-1', '2026-11-27T10:10:00.000Z'),
      bid(1, 'lot-1', 'P12', 200_000),
      bid(2, 'lot-1', 'P7', 300_000),
      bid(3, 'lot-1', 'P12', 350_000),
      closed('lot-1', uuid(3)),
      opened('lot-2'),
      bid(4, 'lot-2', 'P3', 200_000),
      closed('lot-2', null),
      opened('lot-3'),
      bid(5, 'lot-3', 'P9', 100_000),
      { type: 'bid.placed', v: 1, broken: true },
    ]);
  });

  it('gives each lot its status, figures and result, and how far the record reaches', async () => {
    const sale = await saleOk(auctionId);
    expect(safeParse(recordedSaleSchema, sale).success).toBe(true);
    expect(sale.recordedThrough).toBe(timetokens.at(-1));
    const [sold, passed, open, upcoming] = sale.lots;
    expect(sold).toMatchObject({
      status: 'sold',
      hammer: 350_000,
      buyer: 'P12',
      highBid: 350_000,
      bids: 3,
      bidders: 2,
      leader: 'P12',
      underbidder: 'P7',
      reserveState: 'met',
      closesAt: '2026-11-27T10:10:00.000Z',
      closedAt: '2026-11-27T10:05:00.000Z',
    });
    expect(passed).toMatchObject({ status: 'passed', hammer: null, buyer: null, highBid: 200_000 });
    expect(passed!.reserveState).toBe('not-met');
    expect(open).toMatchObject({
      status: 'open',
      bids: 1,
      leader: 'P9',
      reserveState: 'no-reserve',
    });
    expect(upcoming).toMatchObject({ status: 'upcoming', bids: 0, highBid: null });
  });

  it('counts each sale by status with its hammer total per currency', async () => {
    const list = await listOk();
    expect(safeParse(saleListSchema, list).success).toBe(true);
    expect(list.items.find((item) => item.auctionId === auctionId)).toMatchObject({
      upcoming: 1,
      open: 1,
      sold: 1,
      passed: 1,
      hammerTotals: [{ currency: 'EUR', amount: 350_000 }],
    });
  });

  it('with include=lots, answers every lot with its state and the record reach', async () => {
    const routes = await import('@/app/api/sales/route');
    const response = await routes.GET(
      new NextRequest('http://localhost:3000/api/sales?include=lots', {
        headers: { cookie: `__Host-gavel_session=${clerk}` },
      }),
    );
    const answer = await response.json();
    expect(safeParse(catalogueSchema, answer).success).toBe(true);
    expect(answer.recordedThrough).toBe(timetokens.at(-1));
    const ours = answer.items.find((item: { auctionId: string }) => item.auctionId === auctionId);
    expect(ours.lots).toEqual((await saleOk(auctionId)).lots);
  });

  it('lists the flags the recorder raised, open, newest first', async () => {
    const response = await get(`/api/sales/${auctionId}/flags`, { auctionId });
    expect(response.status).toBe(200);
    const { items } = await response.json();
    // P12 outbid by P7, then back: no self-raise; nothing jumps five increments.
    expect(items).toEqual([]);
    await record([opened('lot-4'), bid(6, 'lot-4', 'P1', 100_000), bid(7, 'lot-4', 'P1', 110_000)]);
    const after = await (await get(`/api/sales/${auctionId}/flags`, { auctionId })).json();
    expect(after.items).toEqual([
      expect.objectContaining({
        rule: 'self-raise',
        lotId: 'lot-4',
        lotTitle: 'Title of lot-4',
        paddles: ['P1'],
        bidIds: [uuid(6), uuid(7)],
        // The bids as recorded: the flag keeps its amounts however old it gets.
        bids: [
          expect.objectContaining({ bidId: uuid(6), bidder: 'P1', amount: 100_000 }),
          expect.objectContaining({ bidId: uuid(7), bidder: 'P1', amount: 110_000 }),
        ],
        state: 'open',
        reviews: [],
      }),
    ]);
    // The dashboard's read carries them too, every sale's.
    const routes = await import('@/app/api/sales/route');
    const catalogue = await (
      await routes.GET(
        new NextRequest('http://localhost:3000/api/sales?include=lots', {
          headers: { cookie: `__Host-gavel_session=${clerk}` },
        }),
      )
    ).json();
    expect(catalogue.flags).toEqual(after.items);
    // And its light read of the flags alone (every two seconds while bids arrive): no sales.
    const flagsRead = await (
      await routes.GET(
        new NextRequest('http://localhost:3000/api/sales?include=flags', {
          headers: { cookie: `__Host-gavel_session=${clerk}` },
        }),
      )
    ).json();
    expect(safeParse(flagsReadSchema, flagsRead).success).toBe(true);
    expect(flagsRead.flags).toEqual(after.items);
    expect(flagsRead.recordedThrough).toBe(catalogue.recordedThrough);
    expect(flagsRead).not.toHaveProperty('items');
    // Those recorded after a read's recordedThrough only: none since, then the next one.
    const since = async (after: string) =>
      (
        await routes.GET(
          new NextRequest(`http://localhost:3000/api/sales?include=flags&after=${after}`, {
            headers: { cookie: `__Host-gavel_session=${clerk}` },
          }),
        )
      ).json();
    const through = flagsRead.recordedThrough;
    expect((await since(through)).flags).toEqual([]);
    await record([bid(8, 'lot-4', 'P2', 120_000), bid(9, 'lot-4', 'P2', 130_000)]);
    expect((await since(through)).flags).toEqual([
      expect.objectContaining({ rule: 'self-raise', paddles: ['P2'], bidIds: [uuid(8), uuid(9)] }),
    ]);
    const refused = await routes.GET(
      new NextRequest('http://localhost:3000/api/sales?include=flags&after=yesterday', {
        headers: { cookie: `__Host-gavel_session=${clerk}` },
      }),
    );
    await expectProblem(refused, 400, 'bad_request');
    await expectProblem(
      await get('/api/sales/nope/flags', { auctionId: 'nope' }),
      404,
      'not_found',
    );
  });
});

describe('a lot ladder from the record', () => {
  it('pages every bid newest first, each with its rise over the one before', async () => {
    const bids = Array.from({ length: 230 }, (_, i) =>
      bid(1000 + i, 'lot-long', `P${i % 3}`, 10_000 + 500 * i),
    );
    await record([opened('lot-long'), ...bids.slice(0, 120)]);
    await record(bids.slice(120));
    const seen: { bidId: string; increment: number | null; amount: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${cursor}` : '';
      const response = await get(`/api/sales/${auctionId}/lots/lot-long/bids${query}`, {
        auctionId,
        lotId: 'lot-long',
      });
      expect(response.status).toBe(200);
      const page = await response.json();
      expect(page.items.length).toBeLessThanOrEqual(100);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((item) => item.bidId)).toEqual(bids.map((b) => b.bidId).reverse());
    expect(seen.at(-1)!.increment).toBeNull();
    expect(seen.slice(0, -1).every((item) => item.increment === 500)).toBe(true);
  });

  it('marks a bid after the close as late; 404 for a lot nobody knows; 400 for a bad cursor', async () => {
    await record([bid(5000, 'lot-1', 'P44', 990_000)]);
    const page = await (
      await get(`/api/sales/${auctionId}/lots/lot-1/bids`, { auctionId, lotId: 'lot-1' })
    ).json();
    expect(page.items[0]).toMatchObject({ bidder: 'P44', late: true });
    expect(page.items.slice(1).every((item: { late: boolean }) => !item.late)).toBe(true);
    await expectProblem(
      await get(`/api/sales/${auctionId}/lots/nope/bids`, { auctionId, lotId: 'nope' }),
      404,
      'not_found',
    );
    await expectProblem(
      await get(`/api/sales/${auctionId}/lots/lot-1/bids?cursor=abc`, {
        auctionId,
        lotId: 'lot-1',
      }),
      400,
      'bad_request',
    );
  });
});
