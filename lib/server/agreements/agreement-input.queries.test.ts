/** @jest-environment node */
// agreement-input.ts: what the list, the export and an agreement's path read from a request.
import { agreementIdSchema, exportQuerySchema, listQuerySchema } from './agreement-input';

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
