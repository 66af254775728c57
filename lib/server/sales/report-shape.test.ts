/** @jest-environment node */
import type { SaleReport } from '@/lib/sales/sale-report';
import { shapeSaleReport, type AgreementTally, type LotTally } from './report-shape';

const sale = { auctionId: 'paris-2026', saleTitle: 'Art moderne' };

const lotTally = (currency: string, change: Partial<LotTally> = {}): LotTally => ({
  currency,
  offered: 0,
  withAgreement: 0,
  lowEstimate: 0,
  highEstimate: 0,
  ...change,
});

const zero = { approved: 0, pending: 0, rejected: 0, lowEstimate: 0, highEstimate: 0 };

describe('shapeSaleReport', () => {
  it.each<[string, LotTally[], AgreementTally[], Omit<SaleReport, 'auctionId' | 'saleTitle'>]>([
    [
      'a sale without agreements: nothing sold, every lot currency at zero',
      [lotTally('EUR', { offered: 3 })],
      [],
      {
        lots: { offered: 3, withAgreement: 0, withoutAgreement: 3 },
        soldRate: 0,
        totals: [{ currency: 'EUR', ...zero }],
      },
    ],
    [
      'every lot sold',
      [lotTally('EUR', { offered: 2, withAgreement: 2, lowEstimate: 10, highEstimate: 20 })],
      [{ currency: 'EUR', status: 'approved', amount: 25 }],
      {
        lots: { offered: 2, withAgreement: 2, withoutAgreement: 0 },
        soldRate: 1,
        totals: [{ currency: 'EUR', ...zero, approved: 25, lowEstimate: 10, highEstimate: 20 }],
      },
    ],
    [
      'counts add up across currencies; the rate is not rounded',
      [
        lotTally('JPY', { offered: 2, withAgreement: 1, lowEstimate: 30, highEstimate: 50 }),
        lotTally('EUR', { offered: 1, withAgreement: 0 }),
      ],
      [
        { currency: 'JPY', status: 'pending', amount: 40 },
        { currency: 'JPY', status: 'rejected', amount: 7 },
      ],
      {
        lots: { offered: 3, withAgreement: 1, withoutAgreement: 2 },
        soldRate: 1 / 3,
        totals: [
          { currency: 'EUR', ...zero },
          { currency: 'JPY', ...zero, pending: 40, rejected: 7, lowEstimate: 30, highEstimate: 50 },
        ],
      },
    ],
    [
      'a currency only agreements use gets a line of its own, sorted among the others',
      [lotTally('USD', { offered: 1 }), lotTally('CHF', { offered: 1 })],
      [
        { currency: 'GBP', status: 'approved', amount: 5 },
        { currency: 'GBP', status: 'pending', amount: 6 },
      ],
      {
        lots: { offered: 2, withAgreement: 0, withoutAgreement: 2 },
        soldRate: 0,
        totals: [
          { currency: 'CHF', ...zero },
          { currency: 'GBP', ...zero, approved: 5, pending: 6 },
          { currency: 'USD', ...zero },
        ],
      },
    ],
    [
      'every status in its own column',
      [lotTally('EUR', { offered: 4, withAgreement: 3, lowEstimate: 1, highEstimate: 2 })],
      [
        { currency: 'EUR', status: 'rejected', amount: 300 },
        { currency: 'EUR', status: 'approved', amount: 100 },
        { currency: 'EUR', status: 'pending', amount: 200 },
      ],
      {
        lots: { offered: 4, withAgreement: 3, withoutAgreement: 1 },
        soldRate: 0.75,
        totals: [
          {
            currency: 'EUR',
            approved: 100,
            pending: 200,
            rejected: 300,
            lowEstimate: 1,
            highEstimate: 2,
          },
        ],
      },
    ],
  ])('%s', (_name, lots, agreements, expected) => {
    expect(shapeSaleReport(sale, lots, agreements)).toEqual({ ...sale, ...expected });
  });

  it('answers exactly the keys of the contract', () => {
    const report = shapeSaleReport(sale, [lotTally('EUR', { offered: 1 })], []);
    expect(Object.keys(report).sort()).toEqual([
      'auctionId',
      'lots',
      'saleTitle',
      'soldRate',
      'totals',
    ]);
  });
});
