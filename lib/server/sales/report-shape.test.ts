/** @jest-environment node */
import type { SaleReport, SaleReportLot } from '@/lib/agreements/sale-report';
import {
  reportLot,
  shapeSaleReport,
  soldByValue,
  type AgreementTally,
  type ReportedLot,
} from './report-shape';

const sale = { auctionId: 'paris-2026', saleTitle: 'Art moderne' };
const noFlags = { open: 0, escalated: 0, cleared: 0 };

let nextNumber = 1;
/** A lot of the table: upcoming, no agreement, no flag, unless told otherwise. */
const lot = (change: Partial<SaleReportLot> = {}): SaleReportLot => {
  const lotNumber = change.lotNumber ?? nextNumber++;
  return {
    lotId: `lot-${lotNumber}`,
    lotNumber,
    lotTitle: `Lot ${lotNumber}`,
    currency: 'EUR',
    lowEstimate: 0,
    highEstimate: 0,
    status: 'upcoming',
    hammer: null,
    bids: 0,
    bidders: 0,
    agreement: null,
    flags: noFlags,
    ...change,
  };
};
const agreement = (status: 'pending' | 'approved' | 'rejected') => ({ id: `id-${status}`, status });
const sold = (hammer: number | null, lowEstimate: number, change: Partial<SaleReportLot> = {}) =>
  lot({ status: 'sold', hammer, lowEstimate, highEstimate: lowEstimate * 2, ...change });

const zero = { approved: 0, pending: 0, rejected: 0, lowEstimate: 0, highEstimate: 0 };

describe('shapeSaleReport', () => {
  it.each<
    [
      string,
      SaleReportLot[],
      AgreementTally[],
      Omit<SaleReport, 'auctionId' | 'saleTitle' | 'lots'>,
    ]
  >([
    [
      'a sale without agreements: nothing sold, every lot currency at zero',
      [lot(), lot(), lot()],
      [],
      {
        lotCounts: { offered: 3, withAgreement: 0, withoutAgreement: 3 },
        soldRate: 0,
        soldByValue: [],
        totals: [{ currency: 'EUR', ...zero }],
      },
    ],
    [
      'every lot with an agreement',
      [
        lot({ lowEstimate: 4, highEstimate: 8, agreement: agreement('approved') }),
        lot({ lowEstimate: 6, highEstimate: 12, agreement: agreement('pending') }),
      ],
      [{ currency: 'EUR', status: 'approved', amount: 25 }],
      {
        lotCounts: { offered: 2, withAgreement: 2, withoutAgreement: 0 },
        soldRate: 1,
        soldByValue: [],
        totals: [{ currency: 'EUR', ...zero, approved: 25, lowEstimate: 10, highEstimate: 20 }],
      },
    ],
    [
      'a rejected agreement is none: its lot counts without, its estimate in no sum',
      [
        lot({ lowEstimate: 10, highEstimate: 20, agreement: agreement('approved') }),
        lot({ lowEstimate: 100, highEstimate: 200, agreement: agreement('rejected') }),
        lot({ lowEstimate: 1_000, highEstimate: 2_000 }),
      ],
      [{ currency: 'EUR', status: 'rejected', amount: 7 }],
      {
        lotCounts: { offered: 3, withAgreement: 1, withoutAgreement: 2 },
        soldRate: 1 / 3,
        soldByValue: [],
        totals: [{ currency: 'EUR', ...zero, rejected: 7, lowEstimate: 10, highEstimate: 20 }],
      },
    ],
    [
      'sold by lots counts agreements, sold by value counts hammers: a hammered lot rejected since',
      [
        sold(150, 100, { agreement: agreement('rejected') }),
        lot({
          status: 'passed',
          lowEstimate: 50,
          highEstimate: 80,
          agreement: agreement('pending'),
        }),
      ],
      [],
      {
        lotCounts: { offered: 2, withAgreement: 1, withoutAgreement: 1 },
        soldRate: 0.5,
        soldByValue: [{ currency: 'EUR', lots: 1, hammer: 150, lowEstimate: 100, rate: 1.5 }],
        totals: [{ currency: 'EUR', ...zero, lowEstimate: 50, highEstimate: 80 }],
      },
    ],
    [
      'a currency only agreements use gets a line of its own, sorted among the others',
      [lot({ currency: 'USD' }), lot({ currency: 'CHF' })],
      [
        { currency: 'GBP', status: 'approved', amount: 5 },
        { currency: 'GBP', status: 'pending', amount: 6 },
      ],
      {
        lotCounts: { offered: 2, withAgreement: 0, withoutAgreement: 2 },
        soldRate: 0,
        soldByValue: [],
        totals: [
          { currency: 'CHF', ...zero },
          { currency: 'GBP', ...zero, approved: 5, pending: 6 },
          { currency: 'USD', ...zero },
        ],
      },
    ],
    [
      'every status in its own column',
      [lot({ lowEstimate: 1, highEstimate: 2, agreement: agreement('pending') })],
      [
        { currency: 'EUR', status: 'rejected', amount: 300 },
        { currency: 'EUR', status: 'approved', amount: 100 },
        { currency: 'EUR', status: 'pending', amount: 200 },
      ],
      {
        lotCounts: { offered: 1, withAgreement: 1, withoutAgreement: 0 },
        soldRate: 1,
        soldByValue: [],
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
    expect(shapeSaleReport(sale, lots, agreements)).toEqual({ ...sale, ...expected, lots });
  });

  it('answers the lots in lot-number order, whatever order they came in', () => {
    const [first, second, third] = [
      lot({ lotNumber: 1 }),
      lot({ lotNumber: 7 }),
      lot({ lotNumber: 30 }),
    ];
    const report = shapeSaleReport(sale, [third!, first!, second!], []);
    expect(report.lots.map((line) => line.lotNumber)).toEqual([1, 7, 30]);
  });

  it('answers exactly the keys of the contract', () => {
    const report = shapeSaleReport(sale, [lot()], []);
    expect(Object.keys(report).sort()).toEqual([
      'auctionId',
      'lotCounts',
      'lots',
      'saleTitle',
      'soldByValue',
      'soldRate',
      'totals',
    ]);
  });
});

describe('soldByValue', () => {
  it.each<[string, SaleReportLot[], ReturnType<typeof soldByValue>]>([
    ['nothing sold: no line', [lot(), lot({ status: 'open' }), lot({ status: 'passed' })], []],
    [
      'hammers over the low estimates of the sold lots alone',
      [
        sold(120_000, 100_000),
        sold(90_000, 100_000),
        lot({ status: 'passed', lowEstimate: 50_000 }),
        lot({ status: 'open', lowEstimate: 70_000 }),
      ],
      [{ currency: 'EUR', lots: 2, hammer: 210_000, lowEstimate: 200_000, rate: 1.05 }],
    ],
    [
      'a lot sold without a recorded winning bid is in neither sum',
      [sold(80_000, 100_000), sold(null, 500_000)],
      [{ currency: 'EUR', lots: 1, hammer: 80_000, lowEstimate: 100_000, rate: 0.8 }],
    ],
    [
      'one line per currency, by code, each in its own units',
      [
        sold(4_500, 3_000, { currency: 'JPY' }),
        sold(1_000, 4_000),
        sold(500, 1_000, { currency: 'JPY' }),
      ],
      [
        { currency: 'EUR', lots: 1, hammer: 1_000, lowEstimate: 4_000, rate: 0.25 },
        { currency: 'JPY', lots: 2, hammer: 5_000, lowEstimate: 4_000, rate: 1.25 },
      ],
    ],
    [
      'low estimates of zero: the sums, no rate',
      [sold(300, 0)],
      [{ currency: 'EUR', lots: 1, hammer: 300, lowEstimate: 0, rate: null }],
    ],
  ])('%s', (_name, lots, expected) => {
    expect(soldByValue(lots)).toEqual(expected);
  });
});

describe('reportLot', () => {
  const recorded: ReportedLot = {
    lotId: 'lot-9',
    lotNumber: 9,
    lotTitle: 'Nymphéas',
    currency: 'EUR',
    lowEstimate: 100,
    highEstimate: 200,
    status: 'sold',
    hammer: 150,
    bids: 4,
    bidders: 2,
  };

  it('takes the catalogue, the state, the agreement and the flags as they are', () => {
    const flags = { open: 1, escalated: 2, cleared: 3 };
    expect(reportLot(recorded, agreement('pending'), flags)).toEqual({
      ...recorded,
      agreement: agreement('pending'),
      flags,
    });
  });

  it.each(['upcoming', 'open', 'passed'] as const)('gives no hammer to a lot %s', (status) => {
    expect(reportLot({ ...recorded, status }, null, noFlags).hammer).toBeNull();
  });
});
