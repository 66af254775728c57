/** @jest-environment node */
import {
  agreementIdSchema,
  decisionBodySchema,
  exportQuerySchema,
  ingestBodySchema,
  ingestItemSchema,
  listQuerySchema,
  maxIngestBatch,
} from './agreement-input';

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

describe('decisionBodySchema', () => {
  it.each<[string, unknown, unknown]>([
    [
      'an approve without a reason',
      { decision: 'approve', version: 1 },
      { decision: 'approve', version: 1, reason: null },
    ],
    [
      'an approve with a null reason',
      { decision: 'approve', version: 3, reason: null },
      { decision: 'approve', version: 3, reason: null },
    ],
    [
      'an approve with an empty reason',
      { decision: 'approve', version: 1, reason: '' },
      { decision: 'approve', version: 1, reason: null },
    ],
    [
      'an approve with a blank reason',
      { decision: 'approve', version: 1, reason: '   ' },
      { decision: 'approve', version: 1, reason: null },
    ],
    [
      'an approve with a reason, trimmed',
      { decision: 'approve', version: 1, reason: '  ok  ' },
      { decision: 'approve', version: 1, reason: 'ok' },
    ],
    [
      'a reject with a reason, trimmed',
      { decision: 'reject', version: 2, reason: '  buyer withdrew \n' },
      { decision: 'reject', version: 2, reason: 'buyer withdrew' },
    ],
    [
      'a reject with exactly 3 characters',
      { decision: 'reject', version: 1, reason: ' abc ' },
      { decision: 'reject', version: 1, reason: 'abc' },
    ],
    [
      'a reject with 500 characters after trimming',
      { decision: 'reject', version: 1, reason: ` ${'r'.repeat(500)} ` },
      { decision: 'reject', version: 1, reason: 'r'.repeat(500) },
    ],
  ])('accepts %s', (_name, input, expected) => {
    expect(decisionBodySchema.parse(input)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['a reject without a reason', { decision: 'reject', version: 1 }],
    ['a reject with a null reason', { decision: 'reject', version: 1, reason: null }],
    ['a reject with an empty reason', { decision: 'reject', version: 1, reason: '' }],
    ['a reject with a blank reason', { decision: 'reject', version: 1, reason: '     ' }],
    [
      'a reject with "  a " (1 character trimmed)',
      { decision: 'reject', version: 1, reason: '  a ' },
    ],
    ['a reject with 2 characters', { decision: 'reject', version: 1, reason: 'ab' }],
    ['a reject with 501 characters', { decision: 'reject', version: 1, reason: 'r'.repeat(501) }],
    [
      'an approve with 501 characters',
      { decision: 'approve', version: 1, reason: 'r'.repeat(501) },
    ],
    ['an unknown decision', { decision: 'defer', version: 1 }],
    ['an upper-case decision', { decision: 'APPROVE', version: 1 }],
    ['no decision', { version: 1 }],
    ['no version', { decision: 'approve' }],
    ['version 0', { decision: 'approve', version: 0 }],
    ['a negative version', { decision: 'approve', version: -1 }],
    ['a fractional version', { decision: 'approve', version: 1.5 }],
    ['a version as a string', { decision: 'approve', version: '1' }],
    ['a numeric reason', { decision: 'reject', version: 1, reason: 12345 }],
    ['an unknown extra field', { decision: 'approve', version: 1, force: true }],
    ['null', null],
    ['an array', [{ decision: 'approve', version: 1 }]],
  ])('refuses %s', (_name, input) => {
    expect(decisionBodySchema.safeParse(input).success).toBe(false);
  });

  it('names the reason when a reject has none', () => {
    const result = decisionBodySchema.safeParse({ decision: 'reject', version: 1, reason: ' a ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['reason']]);
  });
});

describe('listQuerySchema', () => {
  const defaults = { status: 'pending', sort: 'closedAt', limit: 25 };
  const cursorFor = (text: string) => `a2.${Buffer.from(text).toString('base64url')}`;

  it('defaults to pending, the oldest close first, 25 per page, no cursor, no sale, no search', () => {
    expect(listQuerySchema.parse({})).toEqual(defaults);
  });

  it.each<[string, Record<string, string>, Record<string, unknown>]>([
    ['status approved', { status: 'approved' }, { ...defaults, status: 'approved' }],
    ['status rejected', { status: 'rejected' }, { ...defaults, status: 'rejected' }],
    ['limit as text', { limit: '7' }, { ...defaults, limit: 7 }],
    ['limit 1', { limit: '1' }, { ...defaults, limit: 1 }],
    ['limit 100', { limit: '100' }, { ...defaults, limit: 100 }],
    ['sort -closedAt', { sort: '-closedAt' }, { ...defaults, sort: '-closedAt' }],
    ['sort amount', { sort: 'amount' }, { ...defaults, sort: 'amount' }],
    ['sort -amount', { sort: '-amount' }, { ...defaults, sort: '-amount' }],
    [
      'a cursor, decoded to its position',
      { cursor: cursorFor('closedAt:1772476200123456:10') },
      { ...defaults, cursor: { key: '1772476200123456', seq: 10 } },
    ],
    [
      'a cursor of the sort asked',
      { sort: '-amount', cursor: cursorFor('-amount:500:3') },
      { ...defaults, sort: '-amount', cursor: { key: '500', seq: 3 } },
    ],
    ['q, trimmed', { q: '  Jaguar ' }, { ...defaults, q: 'Jaguar' }],
    [
      'sale, trimmed',
      { sale: ' london-watches-2026 ' },
      { ...defaults, sale: 'london-watches-2026' },
    ],
    ['an unknown parameter, ignored', { order: 'desc' }, defaults],
  ])('reads %s', (_name, input, expected) => {
    expect(listQuerySchema.parse(input)).toEqual(expected);
  });

  it.each<[string, Record<string, string>]>([
    ['limit 0', { limit: '0' }],
    ['limit 101', { limit: '101' }],
    ['a negative limit', { limit: '-5' }],
    ['a fractional limit', { limit: '2.5' }],
    ['limit abc', { limit: 'abc' }],
    ['an unknown status', { status: 'archived' }],
    ['an upper-case status', { status: 'PENDING' }],
    ['an unknown sort', { sort: 'desc' }],
    ['a sort in another case', { sort: 'ClosedAt' }],
    ['a 201-character cursor', { cursor: 'a'.repeat(201) }],
    ['a cursor that is not ours', { cursor: 'offset=25' }],
    ['a cursor of the earlier format', { cursor: 'a1.MTA' }],
    ['a cursor of another sort', { sort: 'amount', cursor: cursorFor('closedAt:1:2') }],
    [
      'a cursor of the default sort with another',
      { sort: '-closedAt', cursor: cursorFor('closedAt:1:2') },
    ],
    ['a 201-character q', { q: 'q'.repeat(201) }],
    ['a 101-character sale', { sale: 's'.repeat(101) }],
    ['a sale with a control character', { sale: 'sale\u0000' }],
  ])('refuses %s', (_name, input) => {
    const result = listQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
  });

  it('says why a cursor of another sort is refused', () => {
    const result = listQuerySchema.safeParse({ sort: 'amount', cursor: cursorFor('closedAt:1:2') });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['cursor'],
        message: expect.stringMatching(/sort=closedAt/),
      }),
    ]);
  });
});

describe('exportQuerySchema', () => {
  it('reads the filter and the order, with the defaults of the list', () => {
    expect(exportQuerySchema.parse({})).toEqual({ status: 'pending', sort: 'closedAt' });
    expect(
      exportQuerySchema.parse({ status: 'approved', sale: 's1', q: ' a b ', sort: '-amount' }),
    ).toEqual({ status: 'approved', sale: 's1', q: 'a b', sort: '-amount' });
  });

  it('ignores paging parameters and refuses a bad sort', () => {
    expect(exportQuerySchema.parse({ cursor: 'x', limit: '7' })).toEqual({
      status: 'pending',
      sort: 'closedAt',
    });
    expect(exportQuerySchema.safeParse({ sort: 'price' }).success).toBe(false);
  });
});

describe('agreementIdSchema', () => {
  it.each<[string, boolean]>([
    ['6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', true],
    ['6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B', true],
    ['6f1c2b3a4d5e4f608a7b9c0d1e2f3a4b', false],
    ['6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4', false],
    ['not-a-uuid', false],
    ['1', false],
    ['', false],
  ])('%p -> %p', (id, valid) => {
    expect(agreementIdSchema.safeParse(id).success).toBe(valid);
  });
});
