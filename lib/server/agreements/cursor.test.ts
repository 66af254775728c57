/** @jest-environment node */
import { decodeCursor, encodeCursor } from './cursor';

const ours = (text: string) => `a1.${Buffer.from(text).toString('base64url')}`;

describe('encodeCursor and decodeCursor', () => {
  it.each([0, 1, 7, 25, 1_000, 123_456_789, 999_999_999_999_999])(
    'round-trips the position %p',
    (seq) => {
      const cursor = encodeCursor(seq);
      expect(cursor).toMatch(/^a1\.[\w-]+$/);
      expect(decodeCursor(cursor)).toBe(seq);
    },
  );

  it('gives distinct positions distinct cursors', () => {
    const cursors = new Set([1, 2, 10, 11, 100].map(encodeCursor));
    expect(cursors.size).toBe(5);
  });

  it('does not show the position in clear', () => {
    expect(encodeCursor(4242)).not.toContain('4242');
  });
});

describe('decodeCursor refuses what it did not make', () => {
  it.each<[string, string]>([
    ['the empty string', ''],
    ['the prefix alone', 'a1.'],
    ['a bare number', '42'],
    ['a base64 number without the prefix', Buffer.from('42').toString('base64url')],
    ['another version prefix', `a2.${Buffer.from('42').toString('base64url')}`],
    ['an upper-case prefix', `A1.${Buffer.from('42').toString('base64url')}`],
    ['a negative position', ours('-1')],
    ['a fractional position', ours('1.5')],
    ['an exponent', ours('1e3')],
    ['a hexadecimal position', ours('0x10')],
    ['padding around the number', ours(' 42 ')],
    ['a number and text', ours('42abc')],
    ['sixteen digits (past the bound)', ours('1234567890123456')],
    ['text', ours('hello')],
    ['a JSON object', ours('{"seq":42}')],
    ['SQL', ours('1 or 1=1')],
    ['garbage after the prefix', 'a1.!!!!'],
    ['a uuid', 'a1.6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b'],
  ])('%s -> null', (_name, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
