/** @jest-environment node */
// The sale report's lot table (contract §14) through its route handler, on a real in-memory
// PGlite: the catalogue and the agreements through the platform's ingests, the bids recorded by
// the recorder's own steps, flags reviewed by the review's own function. What the table should
// say is worked out here, from the messages sent, without the record's reducer.
import '@/testing/server/memory-database-env';
import type { SaleReportLot } from '@/lib/agreements/sale-report';
import { ingestLotsOk, lotItemFactory } from '@/testing/server/sales-requests';
import { reportLotsFixture } from './report-lots-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { database, reviewer, reportOk, listedFlags, uuid, record, messagesOf, agreement } =
  reportLotsFixture();

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
    const db = await database();
    for (const [flag, outcome] of [
      [raised[0]!, 'escalated'],
      [raised[1]!, 'cleared'],
    ] as const) {
      const reviewed = await reviewFlag(db, flag.id, { outcome, note: 'Checked.' }, reviewer());
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
