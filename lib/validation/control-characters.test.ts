/** @jest-environment node */
import {
  controlCharacterRuns,
  withoutControlCharacters,
  withoutControlCharactersButLines,
} from './control-characters';

describe('control characters', () => {
  it.each([
    ['Ford Mustang', true],
    ['Écrin · 1925 — 35 %', true],
    ['', true],
    ['tab\there', false],
    ['line\nbreak', false],
    ['nul\u0000', false],
    ['unit\u001fseparator', false],
    ['del\u007f', false],
    // C1 controls: NEL, and the CSI that starts a terminal escape.
    ['next\u0085line', false],
    ['csi\u009b31m', false],
    ['line\u2028separator', false],
    // A right-to-left override makes "Paddle 1234" read "Paddle 4321"; isolates likewise.
    ['Paddle \u202e1234', false],
    ['Paddle \u2067ABC\u2069', false],
    // Right-to-left text, and the marks it may need, are text.
    ['مزاد علني', true],
    ['Lot \u200f12\u200e', true],
    ['no\u00a0break\u202fthin', true],
    [' space ', true],
  ])('%j is accepted: %s', (text, accepted) => {
    expect(withoutControlCharacters.test(text)).toBe(accepted);
  });

  it.each([
    ['two\nlines\r\nand\ta tab', true],
    ['nul\u0000', false],
    ['next\u0085line', false],
    ['Paddle \u202e1234', false],
  ])('in a text of several lines, %j is accepted: %s', (text, accepted) => {
    expect(withoutControlCharactersButLines.test(text)).toBe(accepted);
  });

  it('replaces each run, as often as it is used', () => {
    expect('a\t\tb\r\nc\u007f'.replace(controlCharacterRuns, ' ')).toBe('a b c ');
    expect('x\ny'.replace(controlCharacterRuns, ' ')).toBe('x y');
    expect('x\u202e\u0085y'.replace(controlCharacterRuns, ' ')).toBe('x y');
  });
});
