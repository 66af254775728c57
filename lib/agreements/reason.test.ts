/** @jest-environment node */
import { reasonLength } from './agreement';
import { reasonProblem } from './reason';

describe('reasonProblem', () => {
  it('uses the limits of the product contract', () => {
    expect(reasonLength).toEqual({ min: 3, max: 500 });
  });

  it.each([
    // decision, reason, problem
    ['approve', '', null],
    ['approve', '   ', null],
    ['approve', 'ok', null],
    ['approve', 'abc', null],
    ['approve', 'x'.repeat(500), null],
    ['approve', `  ${'x'.repeat(500)}\n`, null],
    ['approve', 'x'.repeat(501), 'tooLong'],
    ['reject', '', 'required'],
    ['reject', '   ', 'required'],
    ['reject', 'ab', 'required'],
    ['reject', '  ab  ', 'required'],
    ['reject', '\n\ta b\n', null],
    ['reject', 'abc', null],
    ['reject', '  abc  ', null],
    ['reject', 'x'.repeat(500), null],
    ['reject', `\t${'x'.repeat(500)}  `, null],
    ['reject', 'x'.repeat(501), 'tooLong'],
    ['reject', `x${' '.repeat(499)}y`, 'tooLong'],
  ] as const)('%s with %j → %s', (decision, reason, problem) => {
    expect(reasonProblem(decision, reason)).toBe(problem);
  });
});
