import type { Role } from '@/lib/auth/roles';
import { decisionStep, mayApprove, requiredApprovals, type DecisionStep } from './approval';
import { parseApprovalThresholds, type ApprovalThresholds } from './approval-thresholds';

function thresholds(text: string): ApprovalThresholds {
  const parsed = parseApprovalThresholds(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.thresholds;
}

describe('requiredApprovals', () => {
  const table = thresholds('EUR=100000,JPY=15000000,BHD=40000,*=50000');

  it.each([
    // Just below, at and above each threshold, in the currency's own minor units.
    [9_999_999, 'EUR', 1],
    [10_000_000, 'EUR', 2],
    [10_000_001, 'EUR', 2],
    [14_999_999, 'JPY', 1],
    [15_000_000, 'JPY', 2],
    [39_999_999, 'BHD', 1],
    [40_000_000, 'BHD', 2],
    // Any other currency: the `*` threshold.
    [4_999_999, 'CHF', 1],
    [5_000_000, 'CHF', 2],
    [0, 'EUR', 1],
    // Past 2^53 the comparison still holds: integers, no floating point.
    [Number.MAX_SAFE_INTEGER, 'EUR', 2],
  ] as const)('%p %s needs %p', (amount, currency, needed) => {
    expect(requiredApprovals(amount, currency, table)).toBe(needed);
  });

  it('needs one approval in a currency without a threshold when there is no *', () => {
    expect(requiredApprovals(10 ** 12, 'CHF', thresholds('EUR=1'))).toBe(1);
    expect(requiredApprovals(100, 'EUR', thresholds('EUR=1'))).toBe(2);
  });

  it('does not take a property of every object for a currency', () => {
    expect(requiredApprovals(1, 'constructor', thresholds('EUR=1'))).toBe(1);
  });

  it('treats a threshold of 0 as four-eyes for every amount', () => {
    expect(requiredApprovals(0, 'GBP', thresholds('GBP=0'))).toBe(2);
  });
});

describe('decisionStep', () => {
  const step = (
    decision: 'approve' | 'reject',
    required: 1 | 2,
    approvedBy: string[],
    role: Role,
    me = 'me',
  ): DecisionStep => decisionStep({ decision, required, approvedBy, me, role });

  it.each<[string, DecisionStep]>([
    ['a rejection', step('reject', 2, ['other'], 'clerk')],
    ['a rejection by the first approver', step('reject', 2, ['me'], 'clerk')],
  ])('%s by anyone decides', (_, result) => {
    expect(result).toEqual({ kind: 'decide', status: 'rejected' });
  });

  it.each<Role>(['clerk', 'supervisor', 'admin'])(
    'below the threshold a %s approves at once',
    (role) => {
      expect(step('approve', 1, [], role)).toEqual({ kind: 'decide', status: 'approved' });
    },
  );

  it.each<Role>(['clerk', 'supervisor', 'admin'])('a %s may give the first approval', (role) => {
    expect(step('approve', 2, [], role)).toEqual({ kind: 'first-approval' });
  });

  it.each<[Role, DecisionStep]>([
    ['clerk', { kind: 'forbidden', action: 'second-approval' }],
    ['supervisor', { kind: 'decide', status: 'approved' }],
    ['admin', { kind: 'decide', status: 'approved' }],
  ])('the second approval by a %s', (role, expected) => {
    expect(step('approve', 2, ['other'], role)).toEqual(expected);
  });

  it.each<Role>(['clerk', 'supervisor', 'admin'])(
    'a %s who gave the first approval may not give the second',
    (role) => {
      expect(step('approve', 2, ['me'], role)).toEqual({ kind: 'already-approved' });
    },
  );
});

describe('parseApprovalThresholds', () => {
  it('takes spaces around entries', () => {
    expect(thresholds(' EUR=1 , *=2 ')).toEqual({ byCurrency: { EUR: 1 }, fallback: 2 });
  });
});

describe('mayApprove (what the screen offers)', () => {
  const first = { by: 'bob', byName: 'Bob', at: '2026-03-02T09:00:00.000Z' };
  it.each<[string, 1 | 2, (typeof first)[], string, Role, boolean]>([
    ['one approval needed', 1, [], 'ann', 'clerk', true],
    ['the first of two', 2, [], 'ann', 'clerk', true],
    ['the second of two by a clerk', 2, [first], 'ann', 'clerk', false],
    ['the second of two by a supervisor', 2, [first], 'ann', 'supervisor', true],
    ['the second of two by the first approver', 2, [first], 'bob', 'admin', false],
  ])('%s', (_name, requiredApprovals, approvals, loginId, role, expected) => {
    expect(mayApprove({ requiredApprovals, approvals }, { loginId, role })).toBe(expected);
  });
});
