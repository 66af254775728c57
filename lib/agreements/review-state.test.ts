/** @jest-environment node */
import type { Agreement, Decision } from './agreement';
import { emptyReview, reviewReducer, type ReviewAction, type ReviewState } from './review-state';
import { agreementFixture } from './testing/agreement-fixture';

const alice = { loginId: 'alice', displayName: 'Alice Staff' };
const bob = { loginId: 'bob', displayName: 'Bob Staff' };
const at = new Date('2026-03-02T09:30:00.000Z');

// Pending at version 1; only the server's answer moves an agreement to version 2.
const pendingA = agreementFixture({ id: 'a', version: 1 });
const pendingB = agreementFixture({ id: 'b', version: 1 });
const approvedC = agreementFixture({
  id: 'c',
  status: 'approved',
  version: 2,
  decidedAt: '2026-03-01T11:00:00.000Z',
  decidedBy: 'bob',
  decidedByName: 'Bob Staff',
});
const rejectedD = agreementFixture({
  id: 'd',
  status: 'rejected',
  version: 2,
  decidedAt: '2026-03-01T11:00:00.000Z',
  decidedBy: 'bob',
  decidedByName: 'Bob Staff',
  reason: 'Buyer withdrew',
});

const decided = (
  id: string,
  decision: Decision,
  reason: string | null = null,
  by = alice,
): ReviewAction => ({ type: 'decided', id, decision, reason, by, at });

const loaded = (...items: Agreement[]): ReviewState =>
  reviewReducer(emptyReview, { type: 'loaded', items });

/** Deep-frozen so a reducer that mutates its input throws. */
function frozen(state: ReviewState): ReviewState {
  state.items.forEach((item) => Object.freeze(item));
  Object.freeze(state.items);
  Object.freeze(state.saving);
  return Object.freeze(state);
}

describe('reviewReducer: loaded', () => {
  it('starts empty', () => {
    expect(emptyReview).toEqual({ items: [], saving: {} });
  });

  it('shows the loaded items', () => {
    const items = [pendingA, approvedC];
    expect(reviewReducer(emptyReview, { type: 'loaded', items })).toEqual({ items, saving: {} });
  });

  it('replaces the items and forgets decisions being saved', () => {
    const saving = frozen(reviewReducer(loaded(pendingA, pendingB), decided('a', 'approve')));
    expect(saving.saving).toEqual({ a: 'approve' });
    const next = reviewReducer(saving, { type: 'loaded', items: [pendingB] });
    expect(next).toEqual({ items: [pendingB], saving: {} });
  });
});

describe('reviewReducer: decided', () => {
  it('the first of two approvals shows the agreement still pending, with the approval', () => {
    const big = agreementFixture({ id: 'big', requiredApprovals: 2 });
    const next = reviewReducer(frozen(loaded(big)), decided('big', 'approve'));
    expect(next.items[0]).toEqual({
      ...big,
      approvals: [{ by: 'alice', byName: 'Alice Staff', at: '2026-03-02T09:30:00.000Z' }],
    });
    expect(next.saving).toEqual({ big: 'approve' });
  });

  it('the second of two approvals shows it approved, with both', () => {
    const first = { by: 'bob', byName: 'Bob Staff', at: '2026-03-02T09:00:00.000Z' };
    const big = agreementFixture({ id: 'big', requiredApprovals: 2, approvals: [first] });
    const next = reviewReducer(frozen(loaded(big)), decided('big', 'approve'));
    expect(next.items[0]).toMatchObject({
      status: 'approved',
      decidedBy: 'alice',
      approvals: [first, { by: 'alice' }],
    });
  });

  it.each([
    ['approve', null, 'approved'],
    ['approve', 'Checked the invoice', 'approved'],
    ['reject', 'Buyer withdrew', 'rejected'],
  ] as const)(
    '%s with reason %j shows the agreement as %s, marked as saving',
    (decision, reason, status) => {
      const before = frozen(loaded(pendingA, pendingB));
      const next = reviewReducer(before, decided('a', decision, reason));
      expect(next.items).toEqual([
        {
          ...pendingA,
          status,
          decidedAt: '2026-03-02T09:30:00.000Z',
          decidedBy: 'alice',
          decidedByName: 'Alice Staff',
          reason,
          approvals:
            decision === 'approve'
              ? [{ by: 'alice', byName: 'Alice Staff', at: '2026-03-02T09:30:00.000Z' }]
              : [],
        },
        pendingB,
      ]);
      expect(next.saving).toEqual({ a: decision });
      // The version stays the one seen: only the server moves it.
      expect(next.items[0]?.version).toBe(pendingA.version);
      expect(next.items[1]).toBe(pendingB);
    },
  );

  it('keeps other decisions being saved', () => {
    const first = frozen(reviewReducer(loaded(pendingA, pendingB), decided('a', 'approve')));
    const second = reviewReducer(first, decided('b', 'reject', 'Duplicate lot', bob));
    expect(second.saving).toEqual({ a: 'approve', b: 'reject' });
    expect(second.items[0]).toBe(first.items[0]);
    expect(second.items[1]).toMatchObject({
      id: 'b',
      status: 'rejected',
      decidedBy: 'bob',
      decidedByName: 'Bob Staff',
      reason: 'Duplicate lot',
    });
  });

  const savingA = reviewReducer(loaded(pendingA, approvedC, rejectedD), decided('a', 'approve'));
  it.each<[string, ReviewState, ReviewAction]>([
    ['an approved agreement', loaded(pendingA, approvedC), decided('c', 'reject', 'Too late')],
    ['a rejected agreement', loaded(pendingA, rejectedD), decided('d', 'approve')],
    ['an agreement not on screen', loaded(pendingA), decided('zz', 'approve')],
    ['an empty screen', emptyReview, decided('a', 'approve')],
    ['an agreement already being saved (same decision)', savingA, decided('a', 'approve')],
    ['an agreement already being saved (other decision)', savingA, decided('a', 'reject', 'Oops')],
  ])('on %s leaves the state as it is (same object)', (_name, state, action) => {
    expect(reviewReducer(frozen(state), action)).toBe(state);
  });
});

describe('reviewReducer: settled and rolledBack', () => {
  const serverApproved = agreementFixture({
    id: 'a',
    status: 'approved',
    version: 2,
    decidedAt: '2026-03-02T09:30:01.234Z',
    decidedBy: 'alice',
    decidedByName: 'Alice Staff',
    reason: null,
  });
  const otherRejected = agreementFixture({
    id: 'a',
    status: 'rejected',
    version: 2,
    decidedAt: '2026-03-02T09:29:59.000Z',
    decidedBy: 'bob',
    decidedByName: 'Bob Staff',
    reason: 'Bob was first',
  });

  it.each([
    ['the saved decision', serverApproved],
    ['the state that beat it (409)', otherRejected],
  ])('settled shows %s from the server and clears saving', (_name, answer) => {
    const saving = frozen(
      reviewReducer(loaded(pendingA, pendingB, approvedC), decided('a', 'approve')),
    );
    const next = reviewReducer(saving, { type: 'settled', agreement: answer });
    expect(next.items).toEqual([answer, pendingB, approvedC]);
    expect(next.items[0]).toBe(answer);
    expect(next.items[1]).toBe(pendingB);
    expect(next.items[2]).toBe(approvedC);
    expect(next.saving).toEqual({});
  });

  it('rolledBack restores the agreement exactly as it was and clears saving', () => {
    const start = frozen(loaded(pendingA, pendingB));
    const saving = frozen(reviewReducer(start, decided('a', 'reject', 'Buyer withdrew')));
    const next = reviewReducer(saving, { type: 'rolledBack', agreement: pendingA });
    expect(next).toEqual(start);
    expect(next.items[0]).toBe(pendingA);
    expect(next.items[1]).toBe(pendingB);
  });

  it.each(['settled', 'rolledBack'] as const)(
    '%s of one agreement keeps another still being saved',
    (type) => {
      let state = loaded(pendingA, pendingB);
      state = reviewReducer(state, decided('a', 'approve'));
      state = frozen(reviewReducer(state, decided('b', 'reject', 'No funds')));
      const next = reviewReducer(state, {
        type,
        agreement: type === 'settled' ? serverApproved : pendingA,
      });
      expect(next.saving).toEqual({ b: 'reject' });
      expect(next.items[1]).toBe(state.items[1]);
      expect(next.items[1]?.status).toBe('rejected');
    },
  );

  it('settled for an agreement that was not being saved changes only that agreement', () => {
    const state = frozen(loaded(pendingA, pendingB));
    const next = reviewReducer(state, { type: 'settled', agreement: otherRejected });
    expect(next.items).toEqual([otherRejected, pendingB]);
    expect(next.saving).toEqual({});
  });
});

describe('reviewReducer: a reload while a decision is saved', () => {
  it('a late rollback does not overwrite the reloaded agreement', () => {
    const decided = reviewReducer(
      reviewReducer(emptyReview, { type: 'loaded', items: [pendingA] }),
      { type: 'decided', id: 'a', decision: 'approve', reason: null, by: alice, at },
    );
    const fresh = agreementFixture({ id: 'a', status: 'rejected', version: 2, decidedBy: 'bob' });
    const reloaded = reviewReducer(decided, { type: 'loaded', items: [fresh] });
    const late = reviewReducer(reloaded, { type: 'rolledBack', agreement: pendingA });
    expect(late).toBe(reloaded);
    expect(late.items).toEqual([fresh]);
  });
});

describe('reviewReducer: a sequence', () => {
  it('decide → roll back → decide again → settle', () => {
    const actions: Array<[ReviewAction, (state: ReviewState) => void]> = [
      [
        decided('a', 'reject', 'Buyer withdrew'),
        (state) => {
          expect(state.items[0]).toMatchObject({ status: 'rejected', reason: 'Buyer withdrew' });
          expect(state.saving).toEqual({ a: 'reject' });
        },
      ],
      [
        { type: 'rolledBack', agreement: pendingA },
        (state) => {
          expect(state.items).toEqual([pendingA, pendingB]);
          expect(state.saving).toEqual({});
        },
      ],
      [
        decided('a', 'approve', null, bob),
        (state) => {
          expect(state.items[0]).toEqual({
            ...pendingA,
            status: 'approved',
            decidedAt: at.toISOString(),
            decidedBy: 'bob',
            decidedByName: 'Bob Staff',
            reason: null,
            approvals: [{ by: 'bob', byName: 'Bob Staff', at: at.toISOString() }],
          });
          expect(state.saving).toEqual({ a: 'approve' });
        },
      ],
      [
        {
          type: 'settled',
          agreement: agreementFixture({
            id: 'a',
            status: 'approved',
            version: 2,
            decidedAt: '2026-03-02T09:30:00.500Z',
            decidedBy: 'bob',
            decidedByName: 'Bob Staff',
          }),
        },
        (state) => {
          expect(state.items[0]).toMatchObject({ status: 'approved', version: 2 });
          expect(state.items[1]).toBe(pendingB);
          expect(state.saving).toEqual({});
        },
      ],
      [
        // Settled, no longer pending: a second decision is refused.
        decided('a', 'reject', 'Changed my mind'),
        (state) => expect(state.items[0]).toMatchObject({ status: 'approved', reason: null }),
      ],
    ];
    let state = loaded(pendingA, pendingB);
    for (const [action, check] of actions) {
      state = reviewReducer(frozen(state), action);
      check(state);
    }
  });
});
