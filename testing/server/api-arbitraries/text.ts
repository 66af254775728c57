// Hostile text and edge numbers.
import fc from 'fast-check';
import { character, oneof } from './wire';

/** Unpaired UTF-16 halves: fine in a JS string and as a JSON `\u` escape, not in UTF-8 or SQL text. */
export const loneSurrogate: fc.Arbitrary<string> = oneof(
  fc.constantFrom('\ud800', '\udc00', '\udbff', '\udfff'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map(character),
);

/** NUL (which PostgreSQL text cannot hold), the other C0 controls, DEL and some C1 controls. */
export const controlCharacter: fc.Arbitrary<string> = oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0, max: 0x1f }).map(character),
  fc.constantFrom('\u007f', '\u0085', '\u009f'),
);

/** Valid text that code often gets wrong: invisible, bidi, combining, astral, specials, syntax. */
export const oddCharacter: fc.Arbitrary<string> = fc.constantFrom(
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  'e\u0301',
  '😀',
  '👩‍👩‍👧',
  '𝔘',
  'İ',
  'ß',
  'ﬃ',
  '日本',
  '"',
  '\\',
  '/',
  '%',
  '_',
  "'",
  ';',
  ',',
  '=',
  '&',
  '+',
  '#',
  '?',
  '<',
  ' ',
  '\t',
);

export const hostileCharacter: fc.Arbitrary<string> = oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: oddCharacter, weight: 2 },
  { arbitrary: controlCharacter, weight: 1 },
  { arbitrary: loneSurrogate, weight: 1 },
);

/** Any text at all, lone surrogates, NUL and controls included. */
export const hostileString = (maxLength = 40) => fc.string({ unit: hostileCharacter, maxLength });

/** Printable ASCII: text that passes most validation, to reach the code behind it. */
export const plainString = (minLength = 0, maxLength = 40) =>
  fc.string({ unit: 'grapheme-ascii', minLength, maxLength });

/** Strings around and past the 64 KiB body limit, in one- to four-byte characters (or worse). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(1_000, 65_535, 65_536, 65_537, 70_000, 300_000),
    fc.constantFrom('a', 'é', '€', '😀', ' ', '\ud800', '\u0000'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Object keys that mean something to JavaScript objects. */
export const prototypeKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
);

// ---- numbers ----

export const edgeNumber: fc.Arbitrary<number> = oneof(
  {
    arbitrary: fc.constantFrom(
      0,
      -0,
      1,
      -1,
      0.5,
      -0.5,
      1.5,
      2,
      1e308,
      -1e308,
      Number.MIN_VALUE,
      Number.EPSILON,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 1,
      Number.MAX_SAFE_INTEGER + 2,
      Number.MIN_SAFE_INTEGER,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31),
      2 ** 32,
      2 ** 63,
      2 ** 64,
      1e21,
      1e-7,
    ),
    weight: 3,
  },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);

/** Number-like text JSON.stringify never writes: not JSON at all, or JSON that parses oddly. */
export const numberText = fc.constantFrom(
  '-0',
  '-0.0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '0x10',
  '01',
  '1.',
  '.5',
  '+1',
  '1E0',
  '1.0',
  '2.0',
  '9007199254740993',
  '123456789012345678901234567890',
  '1_000',
);
