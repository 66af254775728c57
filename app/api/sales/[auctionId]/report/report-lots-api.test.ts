/** @jest-environment node */
// The sale report's lot table (contract §14) through its route handler, on a real in-memory
// PGlite: the catalogue and the agreements through the platform's ingests, the bids recorded by
// the recorder's own steps, flags reviewed by the review's own function. What the table should
// say is worked out here, from the messages sent, without the record's reducer.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import {
  saleReportSchema,
  type SaleReport,
  type SaleReportLot,
} from '@/lib/agreements/sale-report';
import { agreementsApi, staffPassword } from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotItemFactory } from '@/testing/server/sales-requests';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Connection = typeof import('@/lib/server/db/connection');
let connection: Connection;
let clerk: string;
let reviewer: { id: string; loginId: string; displayName: string; role: 'clerk' };
const { signIn, ingest, decide } = agreementsApi(() => clerk);

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  const { createAccount } = await import('@/lib/server/auth/accounts');
  const account = await createAccount(await connection.database(), {
    loginId: 'rita',
    displayName: 'Rita',
    password: staffPassword,
    role: 'clerk',
  });
  reviewer = { id: account.id, loginId: 'rita', displayName: 'Rita', role: 'clerk' };
  clerk = await signIn('rita');
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

const headers = () => ({ cookie: `__Host-gavel_session=${clerk}` });

async function reportOk(auctionId: string): Promise<SaleReport> {
  const route = await import('./route');
  const request = new NextRequest(`http://localhost:3000/api/sales/${auctionId}/report`, {
    headers: headers(),
  });
  const response = await route.GET(request, { params: Promise.resolve({ auctionId }) });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as SaleReport;
  expect(safeParse(saleReportSchema, answer).success).toBe(true);
  return answer;
}

/** The flags the sale's flags read lists: another query than the report's counts. */
async function listedFlags(
  auctionId: string,
): Promise<{ id: string; lotId: string; state: FlagState }[]> {
  const route = await import('@/app/api/sales/[auctionId]/flags/route');
  const request = new NextRequest(`http://localhost:3000/api/sales/${auctionId}/flags`, {
    headers: headers(),
  });
  const response = await route.GET(request, { params: Promise.resolve({ auctionId }) });
  expect(response.status).toBe(200);
  return (await response.json()).items;
}

let serial = 0;
const uuid = () => `00000000-0000-4000-8000-${(serial += 1).toString(16).padStart(12, '0')}`;
let clock = 17_960_000_000_000_000;

/** Records payloads as the recorder does, in one batch. */
async function record(payloads: unknown[]): Promise<void> {
  const { recordMessages } = await import('@/testing/server/record-messages');
  const messages: IncomingMessage[] = payloads.map((payload) => ({
    timetoken: String((clock += 10_000)),
    payload,
  }));
  await recordMessages(await connection.database(), messages);
}

const messagesOf = (auctionId: string) => ({
  bid: (lotId: string, bidder: string, amount: number, bidId = uuid()) => ({
    type: 'bid.placed',
    v: 1,
    bidId,
    auctionId,
    lotId,
    lotTitle: `Title of ${lotId}`,
    bidder,
    amount,
    currency: 'EUR',
    // A minute apart: no paddle bids on four lots within ten seconds (the `burst` rule).
    placedAt: new Date(Date.UTC(2026, 10, 27, 10) + serial * 60_000).toISOString(),
  }),
  opened: (lotId: string) => ({
    type: 'lot.opened',
    v: 1,
    auctionId,
    lotId,
    openedAt: '2026-11-27T10:00:00.000Z',
    closesAt: null,
  }),
  closed: (lotId: string, winningBidId: string | null) => ({
    type: 'lot.closed',
    v: 1,
    auctionId,
    lotId,
    winningBidId,
    closedAt: '2026-11-27T11:00:00.000Z',
  }),
});

/** One agreement as the platform sends it, decided when told to; answers its id. */
async function agreement(
  auctionId: string,
  lotId: string,
  { closedAt = '2026-11-27T12:00:00Z', reject = false, approve = false } = {},
): Promise<string> {
  const [stored] = await ingest([
    {
      platformId: `report-lots-${randomUUID()}`,
      auctionId,
      lotId,
      lotTitle: `Title of ${lotId}`,
      buyer: 'Paddle 12',
      amount: 1_000,
      currency: 'EUR',
      closedAt,
    },
  ]);
  if (reject || approve) {
    const body = reject
      ? { decision: 'reject', reason: 'The buyer withdrew.', version: stored!.version }
      : { decision: 'approve', version: stored!.version };
    expect((await decide(stored!.id, body)).status).toBe(200);
  }
  return stored!.id;
}

/** A small deterministic generator (mulberry32): the same script at every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Expected = Pick<SaleReportLot, 'status' | 'hammer' | 'bids' | 'bidders'>;

/**
 * What the record should say of each lot, from the messages in publish order: every bid counts
 * (late ones too) and its paddle; the last `lot.opened` or `lot.closed` decides the status; a
 * close names its winning bid, whose amount is the hammer (none when that bid was never sent).
 */
function expectedLots(payloads: { type: string; [key: string]: unknown }[]) {
  const amounts = new Map<string, number>();
  const lots = new Map<
    string,
    { bids: number; paddles: Set<string>; last: Expected['status']; hammer: number | null }
  >();
  for (const payload of payloads) {
    const lotId = payload.lotId as string;
    const lot = lots.get(lotId) ?? { bids: 0, paddles: new Set(), last: 'open', hammer: null };
    lots.set(lotId, lot);
    if (payload.type === 'bid.placed') {
      lot.bids += 1;
      lot.paddles.add(payload.bidder as string);
      amounts.set(payload.bidId as string, payload.amount as number);
    } else if (payload.type === 'lot.opened') {
      lot.last = 'open';
      lot.hammer = null;
    } else {
      const winner = payload.winningBidId as string | null;
      lot.last = winner === null ? 'passed' : 'sold';
      lot.hammer = winner === null ? null : (amounts.get(winner) ?? null);
    }
  }
  return (lotId: string): Expected => {
    const lot = lots.get(lotId);
    if (!lot) return { status: 'upcoming', hammer: null, bids: 0, bidders: 0 };
    return { status: lot.last, hammer: lot.hammer, bids: lot.bids, bidders: lot.paddles.size };
  };
}

describe('the lot table', () => {
  const auctionId = 'report-lots-script';
  const lotCount = 14;

  it('is the recorded lots as worked out from the messages, with agreements and flags', async () => {
    const catalogued = lotItemFactory(auctionId, 'Livres anciens');
    // Out of running order in the ingest: the table follows lot numbers.
    const items = Array.from({ length: lotCount }, () => catalogued()).reverse();
    await ingestLotsOk(items);
    const ours = messagesOf(auctionId);
    const next = random(20_261_127);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    // A lot outside the catalogue: recorded, never in the table.
    const lotIds = [...items.map((item) => item.lotId), 'not-catalogued'];
    // Lot 1 and lot 2 stay upcoming; lot 3 sold then offered again.
    const played = lotIds.filter((lotId) => lotId !== 'lot-1' && lotId !== 'lot-2');
    const bidsOf = new Map<string, string[]>();
    const script: ReturnType<typeof ours.bid | typeof ours.opened | typeof ours.closed>[] = [];
    for (let step = 0; step < 260; step += 1) {
      const lotId = pick(played);
      const roll = next();
      if (roll < 0.65) {
        const message = ours.bid(lotId, pick(['P1', 'P2', 'P3', 'P4', 'P5']), 10_000 + step * 100);
        bidsOf.set(lotId, [...(bidsOf.get(lotId) ?? []), message.bidId]);
        script.push(message);
      } else if (roll < 0.8) {
        script.push(ours.opened(lotId));
      } else {
        // A winner among the lot's bids, none (passed), or a bid that was never sent.
        const bids = bidsOf.get(lotId) ?? [];
        const winner =
          next() < 0.2 ? null : next() < 0.1 || bids.length === 0 ? uuid() : pick(bids);
        script.push(ours.closed(lotId, winner));
      }
    }
    const lot3Winner = ours.bid('lot-3', 'P9', 999_000);
    script.push(
      ours.opened('lot-3'),
      lot3Winner,
      ours.closed('lot-3', lot3Winner.bidId),
      ours.opened('lot-3'),
    );
    // Another sale with the same lot ids: none of it is ours.
    const theirs = messagesOf('report-lots-other');
    const other = theirs.bid('lot-4', 'P8', 5_000);
    // In batches, as the recorder receives them, so a lot's state is carried between batches.
    for (let start = 0; start < script.length; start += 40)
      await record(script.slice(start, start + 40));
    await record([theirs.opened('lot-4'), other, theirs.closed('lot-4', other.bidId)]);

    // The agreement that speaks for a lot: its newest not rejected, else its newest.
    const speaks: Record<string, { id: string; status: 'pending' | 'approved' | 'rejected' }> = {};
    speaks['lot-1'] = {
      id: await agreement(auctionId, 'lot-1', { approve: true }),
      status: 'approved',
    };
    await agreement(auctionId, 'lot-2', { closedAt: '2026-11-27T13:00:00Z', reject: true });
    speaks['lot-2'] = {
      id: await agreement(auctionId, 'lot-2', { closedAt: '2026-11-27T12:00:00Z' }),
      status: 'pending',
    };
    // Received first, closed later: the newer.
    speaks['lot-4'] = {
      id: await agreement(auctionId, 'lot-4', { closedAt: '2026-11-27T14:00:00Z' }),
      status: 'pending',
    };
    await agreement(auctionId, 'lot-4', { closedAt: '2026-11-27T10:00:00Z', approve: true });
    await agreement(auctionId, 'lot-5', { closedAt: '2026-11-27T10:00:00Z', reject: true });
    speaks['lot-5'] = {
      id: await agreement(auctionId, 'lot-5', { closedAt: '2026-11-27T11:00:00Z', reject: true }),
      status: 'rejected',
    };
    // Closed at the same time: the last received.
    await agreement(auctionId, 'lot-6');
    speaks['lot-6'] = { id: await agreement(auctionId, 'lot-6'), status: 'pending' };
    await agreement('report-lots-other', 'lot-7', { approve: true });

    // Flags: whatever the rules raised on our lots, one reviewed each way.
    const { reviewFlag } = await import('@/lib/server/flags/review-flag');
    const raised = await listedFlags(auctionId);
    expect(raised.length).toBeGreaterThanOrEqual(2);
    const db = await connection.database();
    for (const [flag, outcome] of [
      [raised[0]!, 'escalated'],
      [raised[1]!, 'cleared'],
    ] as const) {
      const reviewed = await reviewFlag(db, flag.id, { outcome, note: 'Checked.' }, reviewer);
      expect(reviewed.outcome).toBe('reviewed');
    }
    const flags = await listedFlags(auctionId);
    expect(flags.map((flag) => flag.state)).toEqual(
      expect.arrayContaining(['cleared', 'escalated']),
    );
    const flagsOf = (lotId: string) => {
      const counts = { open: 0, escalated: 0, cleared: 0 };
      for (const flag of flags) if (flag.lotId === lotId) counts[flag.state] += 1;
      return counts;
    };

    const stateOf = expectedLots(script);
    const report = await reportOk(auctionId);
    expect(report.lots).toEqual(
      items
        .toSorted((a, b) => a.lotNumber - b.lotNumber)
        .map((item) => ({
          lotId: item.lotId,
          lotNumber: item.lotNumber,
          lotTitle: item.lotTitle,
          currency: 'EUR',
          lowEstimate: item.lowEstimate,
          highEstimate: item.highEstimate,
          ...stateOf(item.lotId),
          agreement: speaks[item.lotId] ?? null,
          flags: flagsOf(item.lotId),
        })),
    );
    // The script meets every status, a sale without a recorded winner and one offered again.
    const statuses = new Set(report.lots.map((lot) => lot.status));
    expect([...statuses].sort()).toEqual(['open', 'passed', 'sold', 'upcoming']);
    expect(report.lots[2]).toMatchObject({ lotId: 'lot-3', status: 'open', hammer: null });
    expect(report.lots.some((lot) => lot.status === 'sold' && lot.hammer === null)).toBe(true);
    expect(report.lots.some((lot) => lot.flags.escalated + lot.flags.cleared > 0)).toBe(true);
    // The counts are those of the table.
    const withAgreement = report.lots.filter(
      (lot) => lot.agreement !== null && lot.agreement.status !== 'rejected',
    ).length;
    expect(report.lotCounts).toEqual({
      offered: lotCount,
      withAgreement,
      withoutAgreement: lotCount - withAgreement,
    });
  });
});

describe('the rates', () => {
  it('gives sold by lots and sold by value as worked out by hand', async () => {
    const auctionId = 'report-lots-rates';
    await ingestLotsOk(
      (
        [
          ['L1', 'EUR', 100_000, 150_000],
          ['L2', 'EUR', 200_000, 300_000],
          ['L3', 'EUR', 50_000, 80_000],
          ['L4', 'EUR', 40_000, 60_000],
          ['L5', 'JPY', 30_000, 50_000],
          ['L6', 'EUR', 100_000, 120_000],
        ] as const
      ).map(([lotId, currency, lowEstimate, highEstimate], index) => ({
        auctionId,
        saleTitle: 'Rates',
        lotId,
        lotNumber: index + 1,
        lotTitle: `Title of ${lotId}`,
        currency,
        lowEstimate,
        highEstimate,
        reserve: null,
        startingBid: 0,
        scheduledCloseAt: null,
      })),
    );
    const m = messagesOf(auctionId);
    const l1 = m.bid('L1', 'P2', 130_000);
    const l2 = m.bid('L2', 'P3', 180_000);
    const l5 = { ...m.bid('L5', 'P4', 45_000), currency: 'JPY' };
    const l6 = m.bid('L6', 'P5', 120_000);
    await record([
      m.opened('L1'),
      m.bid('L1', 'P1', 100_000),
      l1,
      m.closed('L1', l1.bidId), // sold 130,000 against 100,000
      m.opened('L2'),
      l2,
      m.closed('L2', l2.bidId), // sold 180,000 against 200,000; its agreement rejected since
      m.opened('L3'),
      m.bid('L3', 'P1', 40_000),
      m.closed('L3', null), // passed
      // L4: upcoming
      m.opened('L5'),
      l5,
      m.closed('L5', l5.bidId), // sold ¥45,000 against ¥30,000
      m.opened('L6'),
      l6,
      m.closed('L6', l6.bidId),
      m.opened('L6'), // offered again: no longer sold
    ]);
    await agreement(auctionId, 'L1', { approve: true });
    await agreement(auctionId, 'L2', { reject: true });
    await agreement(auctionId, 'L5');

    const report = await reportOk(auctionId);
    expect(report.lots.map((lot) => [lot.lotId, lot.status, lot.hammer])).toEqual([
      ['L1', 'sold', 130_000],
      ['L2', 'sold', 180_000],
      ['L3', 'passed', null],
      ['L4', 'upcoming', null],
      ['L5', 'sold', 45_000],
      ['L6', 'open', null],
    ]);
    // Sold by lots: L1 and L5 have an agreement not rejected, of 6 lots offered.
    expect(report.lotCounts).toEqual({ offered: 6, withAgreement: 2, withoutAgreement: 4 });
    expect(report.soldRate).toBe(2 / 6);
    // Sold by value: the hammers of L1 and L2 over their low estimates; L5 in its own currency.
    expect(report.soldByValue).toEqual([
      { currency: 'EUR', lots: 2, hammer: 310_000, lowEstimate: 300_000, rate: 310_000 / 300_000 },
      { currency: 'JPY', lots: 1, hammer: 45_000, lowEstimate: 30_000, rate: 1.5 },
    ]);
  });
});
