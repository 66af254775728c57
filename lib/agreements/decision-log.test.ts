/** @jest-environment node */
import { logEntryKind } from './decision-log';

describe('logEntryKind', () => {
  it.each([
    // decision, status after, what the entry says
    ['approve', 'approved', 'approve'],
    ['approve', 'pending', 'firstApproval'],
    ['reject', 'rejected', 'reject'],
    ['reopen', 'pending', 'reopen'],
  ] as const)('%s leaving it %s → %s', (decision, statusAfter, kind) => {
    expect(logEntryKind({ decision, statusAfter })).toBe(kind);
  });
});
