/** @jest-environment node */
// agreement-input.ts: what the platform's ingest of agreements accepts, item by item and by batch.
import { ingestBodySchema, ingestItemSchema, maxIngestBatch } from './agreement-input';

const item = {
  platformId: 'plat-0001',
  auctionId: 'paris-2026',
  lotId: 'lot-0012',
  lotTitle: 'Nu couché',
  buyer: 'Paddle 118',
  amount: 1_450_000,
  currency: 'EUR',
  closedAt: '2026-03-01T10:00:00Z',
};

describe('ingestItemSchema', () => {
  it('accepts a complete item as it is', () => {
    expect(ingestItemSchema.parse(item)).toEqual(item);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an amount of 0', { amount: 0 }],
    ['the largest safe amount', { amount: Number.MAX_SAFE_INTEGER }],
    ['closedAt with an offset', { closedAt: '2026-03-01T10:00:00+02:00' }],
    ['closedAt with milliseconds', { closedAt: '2026-03-01T10:00:00.123Z' }],
    ['a 300-character lot title', { lotTitle: 't'.repeat(300) }],
    ['a 200-character platform id', { platformId: 'p'.repeat(200) }],
  ])('accepts %s', (_name, change) => {
    expect(ingestItemSchema.safeParse({ ...item, ...change }).success).toBe(true);
  });

  it('trims the text fields', () => {
    const parsed = ingestItemSchema.parse({
      ...item,
      lotTitle: '  Nu couché \n',
      buyer: ' Paddle 1 ',
    });
    expect(parsed.lotTitle).toBe('Nu couché');
    expect(parsed.buyer).toBe('Paddle 1');
  });

  it('keeps line breaks inside a title or a buyer, and a leading tab or carriage return', () => {
    // Cells the export must neutralise or quote (SPEC §12): they can exist only if kept here.
    const parsed = ingestItemSchema.parse({
      ...item,
      lotTitle: '\t=SUM(A1)\nsecond line',
      buyer: '\r@Paddle, "7"',
    });
    expect(parsed.lotTitle).toBe('\t=SUM(A1)\nsecond line');
    expect(parsed.buyer).toBe('\r@Paddle, "7"');
  });

  const { buyer: _buyer, ...withoutBuyer } = item;
  it.each<[string, unknown]>([
    ['a negative amount', { ...item, amount: -1 }],
    ['a fractional amount', { ...item, amount: 12.5 }],
    ['an amount as a string', { ...item, amount: '1450000' }],
    ['an amount past the safe integers', { ...item, amount: 2 ** 53 }],
    ['an amount of NaN', { ...item, amount: Number.NaN }],
    ['a lower-case currency', { ...item, currency: 'eur' }],
    ['a two-letter currency', { ...item, currency: 'EU' }],
    ['a currency symbol', { ...item, currency: '€' }],
    ['closedAt as words', { ...item, closedAt: 'yesterday' }],
    ['closedAt as a date only', { ...item, closedAt: '2026-03-01' }],
    ['closedAt without an offset', { ...item, closedAt: '2026-03-01T10:00:00' }],
    ['closedAt in month 13', { ...item, closedAt: '2026-13-01T10:00:00Z' }],
    ['closedAt on 30 February', { ...item, closedAt: '2026-02-30T10:00:00Z' }],
    ['closedAt as epoch milliseconds', { ...item, closedAt: 1_772_359_200_000 }],
    ['a missing buyer', withoutBuyer],
    ['a blank buyer', { ...item, buyer: '   ' }],
    ['a null lot title', { ...item, lotTitle: null }],
    ['a 301-character lot title', { ...item, lotTitle: 't'.repeat(301) }],
    ['a 201-character platform id', { ...item, platformId: 'p'.repeat(201) }],
    ['an unknown extra field', { ...item, reserve: 100 }],
    ['a NUL inside the lot title', { ...item, lotTitle: 'Nu\u0000couché' }],
    ['a right-to-left override inside the buyer', { ...item, buyer: 'Paddle \u202e118' }],
    ['a newline inside the lot id', { ...item, lotId: 'lot\n118' }],
    ['an escape inside the lot id', { ...item, lotId: 'lot\u001b[31m' }],
    ['a DEL inside the auction id', { ...item, auctionId: 'paris\u007f2026' }],
    ['a trailing NUL in the platform id', { ...item, platformId: 'plat-0001\u0000' }],
  ])('refuses %s', (_name, input) => {
    expect(ingestItemSchema.safeParse(input).success).toBe(false);
  });
});

describe('ingestBodySchema', () => {
  const items = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ ...item, platformId: `plat-${i}` }));

  it.each([1, 2, maxIngestBatch])('accepts %i items', (count) => {
    expect(ingestBodySchema.parse({ items: items(count) }).items).toHaveLength(count);
  });

  it.each<[string, unknown]>([
    ['0 items', { items: [] }],
    [`${maxIngestBatch + 1} items`, { items: items(maxIngestBatch + 1) }],
    ['no items field', {}],
    ['items as an object', { items: item }],
    ['a bare array', [item]],
    ['null', null],
    ['undefined (no body)', undefined],
    ['an unknown top-level field', { items: items(1), source: 'platform' }],
    ['one bad item among good ones', { items: [...items(3), { ...item, amount: -5 }] }],
  ])('refuses %s', (_name, input) => {
    expect(ingestBodySchema.safeParse(input).success).toBe(false);
  });
});
