/** @jest-environment node */
import fc from 'fast-check';
import { CborError, decodeCbor, encodeCbor, type CborValue } from './cbor.ts';

const value: fc.Arbitrary<CborValue> = fc.letrec<{ item: CborValue }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small' },
    fc.integer({ min: -(2 ** 32), max: 2 ** 32 - 1 }),
    fc.string({ unit: 'binary' }),
    fc.boolean(),
    fc.constant(null),
    fc.uint8Array({ maxLength: 300 }),
    fc.array(tie('item'), { maxLength: 5 }),
    fc.dictionary(fc.string(), tie('item'), { maxKeys: 5 }),
  ),
})).item;

/** What decoding gives back: maps without a prototype, compared here as plain objects. */
const plain = (item: CborValue): unknown =>
  item instanceof Uint8Array
    ? [...item]
    : Array.isArray(item)
      ? item.map(plain)
      : item !== null && typeof item === 'object'
        ? Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, plain(inner)]))
        : item;

it('reads back whatever it writes', () => {
  fc.assert(
    fc.property(value, (item) => {
      expect(plain(decodeCbor(encodeCbor(item)))).toEqual(plain(item));
    }),
  );
});

it.each([
  ['a truncated item', Uint8Array.of(0x62, 0x61)],
  ['bytes after the item', Uint8Array.of(0x01, 0x02)],
  ['a float', Uint8Array.of(0xf9, 0x3c, 0x00)],
  ['an indefinite length', Uint8Array.of(0x9f, 0xff)],
  ['a map with an integer key', Uint8Array.of(0xa1, 0x01, 0x02)],
  ['a tag', Uint8Array.of(0xc0, 0x01)],
  ['text that is not UTF-8', Uint8Array.of(0x61, 0xff)],
])('refuses %s', (_, bytes) => {
  expect(() => decodeCbor(bytes)).toThrow(CborError);
});

it('writes the shortest heads (RFC 8949 examples)', () => {
  expect([...encodeCbor(23)]).toEqual([0x17]);
  expect([...encodeCbor(24)]).toEqual([0x18, 0x18]);
  expect([...encodeCbor(1000)]).toEqual([0x19, 0x03, 0xe8]);
  expect([...encodeCbor(-1000)]).toEqual([0x39, 0x03, 0xe7]);
  expect([...encodeCbor('IETF')]).toEqual([0x64, 0x49, 0x45, 0x54, 0x46]);
  expect([...encodeCbor({ a: 1 })]).toEqual([0xa1, 0x61, 0x61, 0x01]);
});
