/** @jest-environment node */
import type { Agreement, BulkItemResult, Decision } from './agreement';
import { bulkRowOutcome } from './bulk-outcome';
import { agreementFixture } from './testing/agreement-fixture';

const at = '2026-11-26T19:00:00.000Z';
const approval = (by: string) => ({ by, byName: by, at });
const result = (status: number, agreement?: Partial<Agreement>): BulkItemResult => ({
  id: 'a1',
  status,
  ...(agreement ? { agreement: agreementFixture({ id: 'a1', ...agreement }) } : {}),
});

describe('bulkRowOutcome', () => {
  it.each<[string, BulkItemResult, Decision, string]>([
    ['approved', result(200, { status: 'approved', decidedBy: 'clerk' }), 'approve', 'approved'],
    ['rejected', result(200, { status: 'rejected', decidedBy: 'clerk' }), 'reject', 'rejected'],
    [
      'a first approval of two',
      result(200, { status: 'pending', requiredApprovals: 2, approvals: [approval('clerk')] }),
      'approve',
      'waiting',
    ],
    [
      'held back by its lot’s flags',
      {
        ...result(409, { status: 'pending' }),
        error: { code: 'flag_unresolved', message: 'review the flags' },
      },
      'approve',
      'held',
    ],
    [
      'decided by another',
      result(409, { status: 'approved', decidedBy: 'demo' }),
      'approve',
      'conflict',
    ],
    [
      'rejected by another',
      result(409, { status: 'rejected', decidedBy: 'demo' }),
      'approve',
      'conflict',
    ],
    // Sent again after a failure whose outcome was unknown: its own earlier success.
    [
      'already approved by me',
      result(409, { status: 'approved', decidedBy: 'clerk' }),
      'approve',
      'approved',
    ],
    [
      'my first approval already given',
      result(409, { status: 'pending', requiredApprovals: 2, approvals: [approval('clerk')] }),
      'approve',
      'waiting',
    ],
    [
      'my first approval, another gave the second',
      result(409, {
        status: 'approved',
        decidedBy: 'demo',
        approvals: [approval('clerk'), approval('demo')],
      }),
      'approve',
      'approved',
    ],
    [
      'already rejected by me',
      result(409, { status: 'rejected', decidedBy: 'clerk' }),
      'reject',
      'rejected',
    ],
    // The opposite decision of mine stands: not what was asked now.
    [
      'approved by me, rejecting now',
      result(409, { status: 'approved', decidedBy: 'clerk' }),
      'reject',
      'conflict',
    ],
    [
      'rejected by me, approving now',
      result(409, { status: 'rejected', decidedBy: 'clerk' }),
      'approve',
      'conflict',
    ],
    ['a 409 without the agreement', result(409), 'approve', 'conflict'],
    ['not allowed', result(403), 'approve', 'forbidden'],
    ['no longer there', result(404), 'approve', 'gone'],
    // Not saved, for a reason that may pass: left pending, to try again, not "no longer there".
    ['a server failure on the item', result(500), 'approve', 'failed'],
    ['an item refused for the rate', result(429), 'reject', 'failed'],
    ['an item unavailable', result(503), 'approve', 'failed'],
  ])('%s', (_name, answer, decision, expected) => {
    expect(bulkRowOutcome(answer, decision, 'clerk')).toBe(expected);
  });
});
