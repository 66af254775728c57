/** @jest-environment node */
// agreement-input.ts: a decision's body, its reason trimmed, required to reject.
import { decisionBodySchema } from './agreement-input';

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
