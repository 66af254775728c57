/** @jest-environment node */
import { controlCharacterRuns, withoutControlCharacters } from './control-characters';

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
    // C1 controls and the no-break spaces are text the API takes.
    ['next\u0085line', true],
    ['no\u00a0break\u202fthin', true],
    [' space ', true],
  ])('%j is accepted: %s', (text, accepted) => {
    expect(withoutControlCharacters.test(text)).toBe(accepted);
  });

  it('replaces each run, as often as it is used', () => {
    expect('a\t\tb\r\nc\u007f'.replace(controlCharacterRuns, ' ')).toBe('a b c ');
    expect('x\ny'.replace(controlCharacterRuns, ' ')).toBe('x y');
  });
});
