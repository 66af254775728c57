/** @jest-environment node */
// GET /api/sales/{auctionId}/report through its route handler, on a real in-memory PGlite
// database: the figures of a sale worked out by hand; the catalogue and the agreements arrive
// through the platform's ingest routes and the decisions through the decision route.
import '@/testing/server/memory-database-env';
import { reportFixture, zero } from './report-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { route, decide, reportRequest, reportOk, summaryOk, agreement, catalogue } = reportFixture();

describe('GET /api/sales/{auctionId}/report', () => {
  it('answers the hand-computed report of a sale in two currencies', async () => {
    await catalogue(
      'report-asia',
      [
        ['L1', 'EUR', 100_000, 150_000], // approved
        ['L2', 'EUR', 200_000, 300_000], // pending
        ['L3', 'EUR', 50_000, 80_000], // rejected only: without agreement
        ['L4', 'EUR', 400_000, 600_000], // rejected, then a pending re-sale
        ['L5', 'EUR', 70_000, 90_000], // no agreement
        ['L6', 'JPY', 30_000, 50_000], // approved
        ['L7', 'JPY', 80_000, 99_000], // rejected only
      ],
      'Arts d’Asie',
    );
    const l1 = await agreement('report-asia', 'L1', 120_000, 'EUR', 'approve');
    const l2 = await agreement('report-asia', 'L2', 250_000, 'EUR');
    const l3 = await agreement('report-asia', 'L3', 40_000, 'EUR', 'reject');
    await agreement('report-asia', 'L4', 300_000, 'EUR', 'reject');
    const l4 = await agreement('report-asia', 'L4', 420_000, 'EUR');
    const l6 = await agreement('report-asia', 'L6', 45_000, 'JPY', 'approve');
    const l7 = await agreement('report-asia', 'L7', 20_000, 'JPY', 'reject');
    // Lots the catalogue does not know: their money counts, in no lot figure.
    await agreement('report-asia', 'L99', 55_000, 'EUR', 'approve');
    await agreement('report-asia', 'L98', 10_000, 'GBP');
    // Another sale with the same lot ids: none of it counts.
    await catalogue('report-other', [
      ['L1', 'EUR', 1, 2],
      ['L5', 'EUR', 1, 2],
    ]);
    await agreement('report-other', 'L1', 999, 'EUR', 'approve');
    await agreement('report-other', 'L5', 999, 'EUR');
    await agreement('report-other', 'L3', 999, 'JPY', 'reject');

    expect(await summaryOk('report-asia')).toEqual({
      auctionId: 'report-asia',
      saleTitle: 'Arts d’Asie',
      lotCounts: { offered: 7, withAgreement: 4, withoutAgreement: 3 },
      soldRate: 4 / 7,
      soldByValue: [],
      totals: [
        {
          currency: 'EUR',
          approved: 120_000 + 55_000,
          pending: 250_000 + 420_000,
          rejected: 40_000 + 300_000,
          lowEstimate: 100_000 + 200_000 + 400_000,
          highEstimate: 150_000 + 300_000 + 600_000,
        },
        { currency: 'GBP', ...zero, pending: 10_000 },
        {
          currency: 'JPY',
          approved: 45_000,
          pending: 0,
          rejected: 20_000,
          lowEstimate: 30_000,
          highEstimate: 50_000,
        },
      ],
    });
    // Each lot's agreement: the re-sale of L4 speaks for it, not its rejected first sale.
    expect((await reportOk('report-asia')).lots.map((lot) => [lot.lotId, lot.agreement])).toEqual([
      ['L1', { id: l1.id, status: 'approved' }],
      ['L2', { id: l2.id, status: 'pending' }],
      ['L3', { id: l3.id, status: 'rejected' }],
      ['L4', { id: l4.id, status: 'pending' }],
      ['L5', null],
      ['L6', { id: l6.id, status: 'approved' }],
      ['L7', { id: l7.id, status: 'rejected' }],
    ]);
    expect(await summaryOk('report-other')).toEqual({
      auctionId: 'report-other',
      saleTitle: 'Sale report-other',
      lotCounts: { offered: 2, withAgreement: 2, withoutAgreement: 0 },
      soldRate: 1,
      soldByValue: [],
      totals: [
        { currency: 'EUR', ...zero, approved: 999, pending: 999, lowEstimate: 2, highEstimate: 4 },
        { currency: 'JPY', ...zero, rejected: 999 },
      ],
    });
  });

  it('answers a catalogue without agreements: nothing sold, its currencies at zero', async () => {
    await catalogue('report-unsold', [
      ['a', 'USD', 10, 20],
      ['b', 'CHF', 30, 40],
    ]);
    expect(await summaryOk('report-unsold')).toEqual({
      auctionId: 'report-unsold',
      saleTitle: 'Sale report-unsold',
      lotCounts: { offered: 2, withAgreement: 0, withoutAgreement: 2 },
      soldRate: 0,
      soldByValue: [],
      totals: [
        { currency: 'CHF', ...zero },
        { currency: 'USD', ...zero },
      ],
    });
  });

  it("sums the estimate in the lot's currency, the agreement in its own", async () => {
    await catalogue('report-mixed', [['a', 'EUR', 1_000, 2_000]]);
    await agreement('report-mixed', 'a', 1_500, 'USD');
    expect((await reportOk('report-mixed')).totals).toEqual([
      { currency: 'EUR', ...zero, lowEstimate: 1_000, highEstimate: 2_000 },
      { currency: 'USD', ...zero, pending: 1_500 },
    ]);
  });

  it('follows the decisions: a rejected lot is no longer with agreement', async () => {
    await catalogue('report-decided', [['a', 'EUR', 1_000, 2_000]]);
    const stored = await agreement('report-decided', 'a', 1_800, 'EUR');
    const before = await reportOk('report-decided');
    expect(before.lotCounts).toEqual({ offered: 1, withAgreement: 1, withoutAgreement: 0 });
    expect(before.totals).toEqual([
      { currency: 'EUR', ...zero, pending: 1_800, lowEstimate: 1_000, highEstimate: 2_000 },
    ]);
    const body = { decision: 'reject', reason: 'Payment failed.', version: stored.version };
    expect((await decide(stored.id, body)).status).toBe(200);
    const after = await reportOk('report-decided');
    expect(after.lotCounts).toEqual({ offered: 1, withAgreement: 0, withoutAgreement: 1 });
    expect(after.soldRate).toBe(0);
    expect(after.totals).toEqual([{ currency: 'EUR', ...zero, rejected: 1_800 }]);
  });

  it.each([
    ['a space and a slash', 'Paris 2026/été'],
    ['a percent sign', '100% design'],
    ['a question mark and a hash', 'sale?x=1#top'],
    ['100 characters', 'r'.repeat(100)],
  ])('reports a sale whose id has %s, and only its agreements', async (_name, auctionId) => {
    await catalogue(auctionId, [['a', 'EUR', 10, 20]]);
    await agreement(auctionId, 'a', 15, 'EUR', 'approve');
    // Ids a careless prefix or pattern match would confuse with it.
    await agreement(`${auctionId.slice(0, -1)}Z`, 'a', 1, 'EUR', 'approve');
    await agreement(auctionId.slice(0, -1), 'a', 1, 'EUR');
    expect(await summaryOk(auctionId)).toEqual({
      auctionId,
      saleTitle: `Sale ${auctionId}`,
      lotCounts: { offered: 1, withAgreement: 1, withoutAgreement: 0 },
      soldRate: 1,
      soldByValue: [],
      totals: [{ currency: 'EUR', ...zero, approved: 15, lowEstimate: 10, highEstimate: 20 }],
    });
  });

  it('answers HEAD as GET without a body', async () => {
    await catalogue('report-head', [['a', 'EUR', 10, 20]]);
    const response = await route().HEAD(...reportRequest('report-head', 'HEAD'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
