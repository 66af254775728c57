/** @jest-environment node */
import { agreementSorts, type AgreementSort } from '@/lib/agreements/agreement';
import { decodeCursor, encodeCursor, type ListPosition } from './cursor';

const ours = (text: string) => `a2.${Buffer.from(text).toString('base64url')}`;

describe('encodeCursor and decodeCursor', () => {
  it.each<[AgreementSort, ListPosition]>([
    ['closedAt', { key: '1772476200123456', seq: 1 }],
    ['closedAt', { key: '0', seq: 0 }],
    ['-closedAt', { key: '-86400000000', seq: 25 }],
    ['amount', { key: '0', seq: 7 }],
    ['amount', { key: String(Number.MAX_SAFE_INTEGER), seq: 999_999_999_999_999 }],
    ['-amount', { key: '1000001', seq: 123_456_789 }],
  ])('round-trips %s at %p', (sort, position) => {
    const cursor = encodeCursor(sort, position);
    expect(cursor).toMatch(/^a2\.[\w-]+$/);
    expect(decodeCursor(cursor)).toEqual({ sort, position });
  });

  it('gives distinct sorts and positions distinct cursors', () => {
    const position = { key: '100', seq: 1 };
    const cursors = new Set([
      ...agreementSorts.map((sort) => encodeCursor(sort, position)),
      encodeCursor('amount', { key: '100', seq: 2 }),
      encodeCursor('amount', { key: '101', seq: 1 }),
    ]);
    expect(cursors.size).toBe(6);
  });

  it('does not show the position in clear', () => {
    expect(encodeCursor('amount', { key: '4242', seq: 77 })).not.toMatch(/4242|77/);
  });
});

describe('decodeCursor refuses what it did not make', () => {
  it.each<[string, string]>([
    ['the empty string', ''],
    ['the prefix alone', 'a2.'],
    ['a bare number', '42'],
    ['a cursor of the earlier format (seq alone)', `a1.${Buffer.from('42').toString('base64url')}`],
    ['another version prefix', `a3.${Buffer.from('amount:1:2').toString('base64url')}`],
    ['an upper-case prefix', `A2.${Buffer.from('amount:1:2').toString('base64url')}`],
    ['an unknown sort', ours('price:1:2')],
    ['a sort in another case', ours('Amount:1:2')],
    ['a sort twice negated', ours('--amount:1:2')],
    ['a missing seq', ours('amount:1')],
    ['a missing key', ours('amount::2')],
    ['a negative seq', ours('amount:1:-2')],
    ['a fractional key', ours('amount:1.5:2')],
    ['an exponent', ours('amount:1e3:2')],
    ['a leading zero', ours('amount:01:2')],
    ['minus zero', ours('closedAt:-0:2')],
    ['padding around a number', ours('amount: 1:2')],
    ['a key past the safe integers', ours('amount:9007199254740993:2')],
    ['sixteen digits of seq (past the bound)', ours('amount:1:1234567890123456')],
    ['a JSON object', ours('{"seq":42}')],
    ['SQL', ours('amount:1 or 1=1:2')],
    ['garbage after the prefix', 'a2.!!!!'],
  ])('%s -> null', (_name, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
