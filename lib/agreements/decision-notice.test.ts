/** @jest-environment node */
import { ApiError } from '@/lib/api/api-error';
import { noticeAfter } from './decision-notice';
import { agreementFixture } from './testing/agreement-fixture';

const shown = agreementFixture({ status: 'pending', version: 1 });
const now = agreementFixture({ status: 'approved', version: 2 });
const unauthorized = new ApiError('unauthorized', 'Sign in again', { status: 401 });
const offline = new ApiError('network', 'No connection');
const heldBy = { id: 'self-raise:s/l:b', rule: 'self-raise', state: 'escalated' as const };

describe('noticeAfter', () => {
  it.each([
    ['approve', { outcome: 'decided', agreement: now }, { kind: 'saved', agreement: now }],
    ['reject', { outcome: 'decided', agreement: now }, { kind: 'saved', agreement: now }],
    ['reopen', { outcome: 'decided', agreement: now }, { kind: 'reopened', agreement: now }],
    ['approve', { outcome: 'conflict', agreement: now }, { kind: 'conflict', agreement: now }],
    ['reopen', { outcome: 'conflict', agreement: now }, { kind: 'conflict', agreement: now }],
    ['approve', { outcome: 'failed', error: unauthorized }, 'session-ended'],
    ['reopen', { outcome: 'failed', error: unauthorized }, 'session-ended'],
  ] as const)('%s, %j → %j', (action, outcome, notice) => {
    expect(noticeAfter(shown, action, 'Paid', outcome)).toEqual(notice);
  });

  it('an approval held back by flags: the notice names them', () => {
    const outcome = { outcome: 'flag_unresolved' as const, agreement: shown, flags: [heldBy] };
    expect(noticeAfter(shown, 'approve', null, outcome)).toEqual({
      kind: 'held',
      agreement: shown,
      flags: [heldBy],
    });
  });

  it('keeps what was sent with a failure, for Try again', () => {
    expect(
      noticeAfter(shown, 'reject', 'Duplicate', { outcome: 'failed', error: offline }),
    ).toEqual({
      kind: 'failed',
      agreement: shown,
      decision: 'reject',
      reason: 'Duplicate',
      error: offline,
    });
  });
});
