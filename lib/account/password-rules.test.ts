import { minPasswordLength, newPasswordProblem } from './password-rules';

describe('newPasswordProblem', () => {
  it.each([
    ['all good', { current: 'old-one', next: 'new-pass', repeat: 'new-pass' }, null],
    [
      'no current password',
      { current: '', next: 'new-pass', repeat: 'new-pass' },
      'currentMissing',
    ],
    ['7 characters', { current: 'x', next: 'seven-7', repeat: 'seven-7' }, 'tooShort'],
    ['8 characters', { current: 'x', next: 'eight-88', repeat: 'eight-88' }, null],
    [
      '8 characters counted as a reader does',
      { current: 'x', next: '🔑🔑🔑🔑', repeat: '🔑🔑🔑🔑' },
      'tooShort',
    ],
    ['a repeat that differs', { current: 'x', next: 'new-pass', repeat: 'new-pasS' }, 'mismatch'],
    ['too short before a mismatch', { current: 'x', next: 'short', repeat: 'other' }, 'tooShort'],
  ] as const)('%s → %s', (_name, fields, problem) => {
    expect(newPasswordProblem(fields)).toBe(problem);
  });

  it('asks for 8 characters', () => {
    expect(minPasswordLength).toBe(8);
  });
});
