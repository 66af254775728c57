/** @jest-environment node */
import {
  auctionIdParamSchema,
  isPlausibleScheduledClose,
  lotIngestBodySchema,
  lotItemSchema,
  maxLotBatch,
} from './lot-input';

const item = {
  auctionId: 'paris-2026',
  saleTitle: 'Art moderne',
  lotId: 'lot-0012',
  lotNumber: 12,
  lotTitle: 'Nu couché',
  currency: 'EUR',
  lowEstimate: 1_000_000,
  highEstimate: 1_500_000,
  reserve: 900_000,
  startingBid: 600_000,
  scheduledCloseAt: '2026-06-01T18:00:00.000Z',
};

const issues = (body: unknown) => {
  const parsed = lotIngestBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('isPlausibleScheduledClose', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it.each<[string, string, boolean]>([
    ['the first moment of 1970', '1970-01-01T00:00:00Z', true],
    ['the last moment of 1969', '1969-12-31T23:59:59.999Z', false],
    ['now', '2026-03-01T12:00:00Z', true],
    ['two years from now', '2028-03-01T12:00:00Z', true],
    ['a moment past two years from now', '2028-03-01T12:00:00.001Z', false],
  ])('%s -> %s', (_name, value, expected) => {
    expect(isPlausibleScheduledClose(new Date(value), now)).toBe(expected);
  });
});

describe('lotItemSchema', () => {
  it('accepts a complete item as it is', () => {
    expect(lotItemSchema.parse(item)).toEqual(item);
  });

  it('normalises the close to UTC with milliseconds', () => {
    const parsed = lotItemSchema.parse({ ...item, scheduledCloseAt: '2026-06-01T20:00:00+02:00' });
    expect(parsed.scheduledCloseAt).toBe('2026-06-01T18:00:00.000Z');
  });

  it.each<[string, Record<string, unknown>]>([
    ['no reserve', { reserve: null }],
    ['no close', { scheduledCloseAt: null }],
    ['equal estimates', { lowEstimate: 5, highEstimate: 5 }],
    ['zero amounts', { lowEstimate: 0, highEstimate: 0, reserve: 0, startingBid: 0 }],
    ['the largest lot number', { lotNumber: 2_147_483_647 }],
  ])('accepts %s', (_name, change) => {
    expect(lotItemSchema.safeParse({ ...item, ...change }).success).toBe(true);
  });

  it('puts a low estimate above the high one on highEstimate', () => {
    const parsed = lotItemSchema.safeParse({ ...item, lowEstimate: 2, highEstimate: 1 });
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['highEstimate']]);
  });
});

describe('lotIngestBodySchema: a batch agrees with itself', () => {
  it(`takes 1 to ${maxLotBatch} items`, () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        ...item,
        lotId: `lot-${index}`,
        lotNumber: index + 1,
      }));
    expect(issues({ items: many(1) })).toEqual([]);
    expect(issues({ items: many(maxLotBatch) })).toEqual([]);
    expect(issues({ items: [] })).toEqual(['items']);
    expect(issues({ items: many(maxLotBatch + 1) })).toEqual(['items']);
  });

  it('refuses one number for two lots of a sale, not for two sales', () => {
    const other = { ...item, lotId: 'lot-0013' };
    expect(issues({ items: [item, other] })).toEqual(['items.1.lotNumber']);
    expect(issues({ items: [item, { ...other, auctionId: 'london-2026' }] })).toEqual([]);
  });

  it('takes a lot sent twice alike, not twice with other values', () => {
    expect(issues({ items: [item, { ...item }] })).toEqual([]);
    expect(issues({ items: [item, { ...item, lotTitle: ' Nu couché ' }] })).toEqual([]);
    expect(issues({ items: [item, { ...item, reserve: null }] })).toEqual(['items.1']);
  });

  it('refuses two titles for one sale', () => {
    const other = { ...item, lotId: 'lot-0013', lotNumber: 13, saleTitle: 'Modern art' };
    expect(issues({ items: [item, other] })).toEqual(['items.1.saleTitle']);
  });
});

describe('auctionIdParamSchema', () => {
  it.each(['paris-2026', 'Paris 2026', 'vente/café', 'a'.repeat(100)])('accepts %j', (id) => {
    expect(auctionIdParamSchema.safeParse(id).success).toBe(true);
  });

  it.each(['', ' paris', 'paris ', 'a'.repeat(101), 'pa\u0000ris', 'pa\tris', 'pa\ud800ris'])(
    'refuses %j',
    (id) => {
      expect(auctionIdParamSchema.safeParse(id).success).toBe(false);
    },
  );
});
