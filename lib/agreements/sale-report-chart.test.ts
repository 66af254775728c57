import type { SaleReportLot } from './sale-report';
import { hammerChart } from './sale-report-chart';

let serial = 0;
const lot = (change: Partial<SaleReportLot> = {}): SaleReportLot => {
  serial += 1;
  return {
    lotId: `lot-${serial}`,
    lotNumber: serial,
    lotTitle: `Lot ${serial}`,
    currency: 'EUR',
    lowEstimate: 100_000,
    highEstimate: 150_000,
    status: 'upcoming',
    hammer: null,
    bids: 0,
    bidders: 0,
    agreement: null,
    flags: { open: 0, escalated: 0, cleared: 0 },
    ...change,
  };
};
const sold = (hammer: number | null, change: Partial<SaleReportLot> = {}) =>
  lot({ status: 'sold', hammer, ...change });

describe('hammerChart', () => {
  it.each<
    [
      string,
      SaleReportLot[],
      Omit<ReturnType<typeof hammerChart>['columns'][number], 'lotId' | 'lotNumber' | 'labelled'>[],
    ]
  >([
    [
      'the band from the low estimate (1) to the high; the hammer in the same measure',
      [sold(120_000), sold(90_000), sold(200_000), sold(150_000)],
      [
        { bandTop: 1.5, hammer: 1.2, placement: 'within' },
        { bandTop: 1.5, hammer: 0.9, placement: 'below' },
        { bandTop: 1.5, hammer: 2, placement: 'above' },
        { bandTop: 1.5, hammer: 1.5, placement: 'within' },
      ],
    ],
    [
      'no hammer unless sold with one; a lot of any currency or size on the same measure',
      [
        lot({ status: 'passed' }),
        lot({ status: 'open', lowEstimate: 3_000, highEstimate: 6_000, currency: 'JPY' }),
        sold(null),
        sold(45_000_000, { lowEstimate: 30_000_000, highEstimate: 40_000_000 }),
      ],
      [
        { bandTop: 1.5, hammer: null, placement: null },
        { bandTop: 2, hammer: null, placement: null },
        { bandTop: 1.5, hammer: null, placement: null },
        { bandTop: 4 / 3, hammer: 1.5, placement: 'above' },
      ],
    ],
    [
      'a lot without a low estimate has nothing to be measured against',
      [sold(5_000, { lowEstimate: 0, highEstimate: 10_000 })],
      [{ bandTop: null, hammer: null, placement: null }],
    ],
  ])('%s', (_name, lots, expected) => {
    expect(
      hammerChart(lots).columns.map(({ bandTop, hammer, placement }) => ({
        bandTop,
        hammer,
        placement,
      })),
    ).toEqual(expected);
  });

  it.each<[string, SaleReportLot[], number, number[]]>([
    ['no lot: the floor of 200 %', [], 2, [0, 0.5, 1, 1.5, 2]],
    ['usual estimates: still 200 %', [lot(), sold(180_000)], 2, [0, 0.5, 1, 1.5, 2]],
    ['up to the next half while short', [sold(240_000)], 2.5, [0, 0.5, 1, 1.5, 2, 2.5]],
    ['then the next whole, every tick whole', [sold(260_000)], 3, [0, 1, 2, 3]],
    ['never above 400 %: beyond is drawn at the top', [sold(1_000_000)], 4, [0, 1, 2, 3, 4]],
    [
      'a wide band raises the axis too',
      [lot({ lowEstimate: 100, highEstimate: 350 })],
      4,
      [0, 1, 2, 3, 4],
    ],
  ])('scales the axis: %s', (_name, lots, max, ticks) => {
    const chart = hammerChart(lots);
    expect(chart.max).toBe(max);
    expect(chart.ticks).toEqual(ticks);
  });

  it.each([
    [3, [1, 2, 3]],
    [10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [25, [1, 4, 7, 10, 13, 16, 19, 22, 25]],
  ])('of %i lots, numbers about ten columns evenly from the first', (count, numbers) => {
    const lots = Array.from({ length: count }, (_, i) => lot({ lotNumber: i + 1 }));
    expect(
      hammerChart(lots)
        .columns.filter((column) => column.labelled)
        .map((column) => column.lotNumber),
    ).toEqual(numbers);
  });
});
