import type { Agreement, Decision } from './agreement';

/**
 * The agreements on screen and the decisions being saved. Pure, so optimistic updates, their
 * confirmation and their rollback are tested as a table.
 */
export interface ReviewState {
  items: Agreement[];
  /** Decisions sent and not yet answered, by agreement id: shown as made, marked as saving. */
  saving: Record<string, Decision>;
}

export type ReviewAction =
  | { type: 'loaded'; items: Agreement[] }
  /** Shown at once, before the server answers. */
  | {
      type: 'decided';
      id: string;
      decision: Decision;
      reason: string | null;
      by: { loginId: string; displayName: string };
      at: Date;
    }
  /** The server's word: the decision saved, or the state that beat it (409). */
  | { type: 'settled'; agreement: Agreement }
  /** The decision failed: back to the agreement as it was before. */
  | { type: 'rolledBack'; agreement: Agreement }
  /** The server changed the row otherwise (a reopening): shown as it answered. */
  | { type: 'replaced'; agreement: Agreement };

export const emptyReview: ReviewState = { items: [], saving: {} };

const statusOf = { approve: 'approved', reject: 'rejected' } as const;

/** The agreement as it now is, with the lot context the list gave it (a decision answers none). */
function replaceItem(items: Agreement[], agreement: Agreement): Agreement[] {
  return items.map((item) => (item.id === agreement.id ? withContextOf(item, agreement) : item));
}

function withContextOf(shown: Agreement, agreement: Agreement): Agreement {
  if (agreement.flags !== undefined || shown.flags === undefined) return agreement;
  const { saleTitle, lotNumber, flags } = shown;
  return { ...agreement, saleTitle, lotNumber, flags };
}

function withoutSaving(saving: Record<string, Decision>, id: string) {
  if (!(id in saving)) return saving;
  const rest = { ...saving };
  delete rest[id];
  return rest;
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.type) {
    case 'loaded':
      return { items: action.items, saving: {} };
    case 'decided': {
      const item = state.items.find((candidate) => candidate.id === action.id);
      if (!item || item.status !== 'pending') return state;
      const approval = {
        by: action.by.loginId,
        byName: action.by.displayName,
        at: action.at.toISOString(),
      };
      // The first of two approvals (four-eyes) leaves the agreement pending, one approval more.
      const firstOfTwo =
        action.decision === 'approve' &&
        item.requiredApprovals === 2 &&
        item.approvals.length === 0;
      const shown: Agreement = firstOfTwo
        ? { ...item, approvals: [approval] }
        : {
            ...item,
            status: statusOf[action.decision],
            decidedAt: approval.at,
            decidedBy: action.by.loginId,
            decidedByName: action.by.displayName,
            reason: action.reason,
            approvals:
              action.decision === 'approve' ? [...item.approvals, approval] : item.approvals,
          };
      return {
        items: replaceItem(state.items, shown),
        saving: { ...state.saving, [action.id]: action.decision },
      };
    }
    case 'rolledBack':
      // Only a decision still being saved goes back: after a reload the row is the server's again.
      if (!(action.agreement.id in state.saving)) return state;
      return {
        items: replaceItem(state.items, action.agreement),
        saving: withoutSaving(state.saving, action.agreement.id),
      };
    case 'replaced':
      return { ...state, items: replaceItem(state.items, action.agreement) };
    case 'settled':
      return {
        items: replaceItem(state.items, action.agreement),
        saving: withoutSaving(state.saving, action.agreement.id),
      };
  }
}
