'use client';

import { useCallback, useEffect, useReducer, useState } from 'react';
import type { Agreement, AgreementPage, Decision } from './agreement';
import { fetchAgreementPage, sendDecision, type DecisionOutcome } from './agreements-api';
import type { ListParams } from './list-params';
import { pageChanges, type PageChanges } from './page-changes';
import { reviewReducer, type ReviewState } from './review-state';

export interface Viewer {
  loginId: string;
  displayName: string;
}

/** How often the screen asks whether its page changed (others deciding, new agreements). */
const changeCheckMs = 20_000;

const noChanges: PageChanges = { changedElsewhere: [], added: 0 };

/**
 * The page the server rendered for the URL, and decisions on it: shown at once, confirmed or
 * rolled back by the server's answer. A new page from the server (navigation, refresh) replaces
 * the rows; meanwhile a quiet check every 20 s tells what others changed.
 */
export function useAgreementReview(params: ListParams, page: AgreementPage, viewer: Viewer) {
  const [review, dispatch] = useReducer(reviewReducer, page.items, (items): ReviewState => ({
    items,
    saving: {},
  }));
  const [shownPage, setShownPage] = useState(page);
  const [changes, setChanges] = useState<PageChanges>(noChanges);
  // A page from the server (navigation or refresh) replaces what is shown.
  if (shownPage !== page) {
    setShownPage(page);
    setChanges(noChanges);
    dispatch({ type: 'loaded', items: page.items });
  }

  const { status, q, cursor } = params;
  const { items, saving } = review;
  useEffect(() => {
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (document.hidden) return;
      fetchAgreementPage({ status, q, cursor }, controller.signal, { background: true }).then(
        (fresh) => setChanges(pageChanges(items, saving, fresh, status)),
        // A failed check changes nothing on screen; the next one tries again.
        () => undefined,
      );
    }, changeCheckMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [status, q, cursor, items, saving]);

  const decide = useCallback(
    async (
      agreement: Agreement,
      decision: Decision,
      reason: string | null,
    ): Promise<DecisionOutcome> => {
      dispatch({ type: 'decided', id: agreement.id, decision, reason, by: viewer, at: new Date() });
      const outcome = await sendDecision(agreement, decision, reason);
      dispatch(
        outcome.outcome === 'failed'
          ? { type: 'rolledBack', agreement }
          : { type: 'settled', agreement: outcome.agreement },
      );
      return outcome;
    },
    [viewer],
  );

  return { items, saving, nextCursor: page.nextCursor, changes, decide };
}
