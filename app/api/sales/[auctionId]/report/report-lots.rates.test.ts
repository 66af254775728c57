/** @jest-environment node */
// The sale report's rates (contract §14) through its route handler, on a real in-memory PGlite:
// sold by lots and sold by value, worked out by hand from the messages recorded.
import '@/testing/server/memory-database-env';
import { ingestLotsOk } from '@/testing/server/sales-requests';
import { reportLotsFixture } from './report-lots-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { reportOk, record, messagesOf, agreement } = reportLotsFixture();

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
