/** @jest-environment node */
// POST /api/platform/lots through its route handler, on a real in-memory PGlite database: every
// invalid batch refused with 400, nothing written.
import '@/testing/server/memory-database-env';
import { expectProblem } from '@/testing/server/agreements-requests';
import { lotsRequest, sendLots } from '@/testing/server/sales-requests';
import { lotsIngestFixture, rawJson } from './lots-ingest-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { newSale, allLots } = lotsIngestFixture();

describe('POST /api/platform/lots: validation', () => {
  const lot = newSale();
  const { reserve: _reserve, ...withoutReserve } = lot();
  const { scheduledCloseAt: _close, ...withoutClose } = lot();
  const { currency: _currency, ...withoutCurrency } = lot();
  const inYears = (years: number) =>
    new Date(Date.now() + years * 366 * 24 * 3600 * 1000).toISOString();

  type BodyCase = [name: string, makeBody: () => unknown];
  const one = (change: Record<string, unknown>) => () => ({ items: [lot(change)] });
  const amountCases = ['lowEstimate', 'highEstimate', 'reserve', 'startingBid'].flatMap(
    (field): BodyCase[] => [
      [`a negative ${field}`, one({ [field]: -1 })],
      [`a fractional ${field}`, one({ [field]: 100.5 })],
      [`${field} as a string`, one({ [field]: '100000' })],
      [`${field} past the safe integers`, one({ [field]: 2 ** 53 })],
    ],
  );
  const invalid: BodyCase[] = [
    ['0 items', () => ({ items: [] })],
    ['201 items', () => ({ items: Array.from({ length: 201 }, () => lot()) })],
    ['no items field', () => ({})],
    ['a bare array of items', () => [lot()]],
    ['an unknown top-level field', () => ({ items: [lot()], dryRun: true })],
    ['an unknown field on an item', one({ buyersPremium: 25 })],
    ['no reserve field (null says "no reserve")', () => ({ items: [withoutReserve] })],
    ['no scheduledCloseAt field', () => ({ items: [withoutClose] })],
    ['no currency', () => ({ items: [withoutCurrency] })],
    ...amountCases,
    ['a null low estimate', one({ lowEstimate: null })],
    ['a low estimate above the high one', one({ lowEstimate: 200_001, highEstimate: 200_000 })],
    ['lot number 0', one({ lotNumber: 0 })],
    ['a negative lot number', one({ lotNumber: -3 })],
    ['a fractional lot number', one({ lotNumber: 1.5 })],
    ['a lot number as a string', one({ lotNumber: '12' })],
    ['a lot number past the database integer', one({ lotNumber: 2 ** 31 })],
    ['a lower-case currency', one({ currency: 'eur' })],
    ['a four-letter currency', one({ currency: 'EURO' })],
    ['a currency symbol', one({ currency: '€' })],
    ['scheduledCloseAt as words', one({ scheduledCloseAt: 'next friday' })],
    ['scheduledCloseAt as a date only', one({ scheduledCloseAt: '2026-06-01' })],
    ['scheduledCloseAt without an offset', one({ scheduledCloseAt: '2026-06-01T18:00:00' })],
    ['scheduledCloseAt on 30 February', one({ scheduledCloseAt: '2026-02-30T18:00:00Z' })],
    ['scheduledCloseAt as a number', one({ scheduledCloseAt: 1_780_000_000_000 })],
    ['scheduledCloseAt in year 0000', one({ scheduledCloseAt: '0000-01-01T00:00:00Z' })],
    ['scheduledCloseAt before 1970', one({ scheduledCloseAt: '1969-12-31T23:59:59Z' })],
    [
      'scheduledCloseAt three years ahead',
      () => ({ items: [lot({ scheduledCloseAt: inYears(3) })] }),
    ],
    // Year 9999 with a negative offset is year 10000 in UTC, which the database refuses.
    ['scheduledCloseAt at 9999 -23:59', one({ scheduledCloseAt: '9999-12-31T23:59:59-23:59' })],
    ['a blank lot title', one({ lotTitle: '   ' })],
    ['an empty sale title', one({ saleTitle: '' })],
    ['a 301-character lot title', one({ lotTitle: 't'.repeat(301) })],
    ['a 201-character sale title', one({ saleTitle: 's'.repeat(201) })],
    ['a 101-character auction id', one({ auctionId: 'a'.repeat(101) })],
    ['a 101-character lot id', one({ lotId: 'l'.repeat(101) })],
    ['a numeric lot id', one({ lotId: 12 })],
    ['a right-to-left override inside the lot title', one({ lotTitle: 'Rolex \u202eDaytona' })],
    ['a newline inside the lot id', one({ lotId: 'lot\na' })],
    ['an escape sequence in the sale title', one({ saleTitle: '\u001b[2JSale' })],
    ['a DEL in the lot id', one({ lotId: 'lot\u007f1' })],
    ['a NUL in the auction id', () => rawJson({ items: [lot({ auctionId: 'sale\u0000x' })] })],
    [
      'a lone surrogate in the lot title',
      () => rawJson({ items: [lot({ lotTitle: 'a\ud800b' })] }),
    ],
    [
      'a lone surrogate in the sale title',
      () => rawJson({ items: [lot({ saleTitle: '\udc00' })] }),
    ],
    ['one sale under two titles', () => ({ items: [lot(), lot({ saleTitle: 'Another' })] })],
    [
      'one lot twice with other values',
      () => {
        const item = lot();
        return { items: [item, { ...item, lotTitle: 'Changed' }] };
      },
    ],
    ['one bad item after good ones', () => ({ items: [lot(), lot(), lot({ currency: 'euro' })] })],
    ['a JSON null', () => 'null'],
    ['an empty body', () => ''],
    ['malformed JSON', () => '{"items": ['],
  ];

  it.each(invalid)('%s -> 400 bad_request, nothing written', async (_name, makeBody) => {
    const before = await allLots();
    const response = await sendLots(lotsRequest(makeBody()));
    await expectProblem(response, 400, 'bad_request');
    expect(await allLots()).toEqual(before);
  });

  it('says which field is wrong', async () => {
    const response = await sendLots(
      lotsRequest({ items: [lot(), lot({ lowEstimate: 10, highEstimate: 9 })] }),
    );
    const body = await expectProblem(response, 400, 'bad_request');
    expect(body.error.message).toContain('items.1.highEstimate');
  });
});
