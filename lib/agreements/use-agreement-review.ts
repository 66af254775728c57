'use client';

import { useCallback, useEffect, useReducer, useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import type { Agreement, Decision } from './agreement';
import { fetchAgreementPage, sendDecision, type DecisionOutcome } from './agreements-api';
import type { ListParams } from './list-params';
import { emptyReview, reviewReducer } from './review-state';

export type PageLoad =
  | { state: 'loading' }
  | { state: 'ready'; nextCursor: string | null }
  | { state: 'failed'; error: unknown };

export interface Viewer {
  loginId: string;
  displayName: string;
}

/**
 * The agreements page the URL names, and decisions on it: shown at once, confirmed or rolled back
 * by the server's answer. Leaving or changing the page cancels a load still in flight.
 */
export function useAgreementReview(params: ListParams, viewer: Viewer) {
  const [review, dispatch] = useReducer(reviewReducer, emptyReview);
  const [attempt, setAttempt] = useState(0);
  const { status, q, cursor } = params;
  // The answer remembers which request it answers: any other is still loading.
  const requestKey = JSON.stringify([status, q, cursor, attempt]);
  const [answer, setAnswer] = useState<{ key: string; load: PageLoad } | null>(null);
  const load: PageLoad = answer?.key === requestKey ? answer.load : { state: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    fetchAgreementPage({ status, q, cursor }, controller.signal).then(
      (page) => {
        dispatch({ type: 'loaded', items: page.items });
        setAnswer({ key: requestKey, load: { state: 'ready', nextCursor: page.nextCursor } });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'aborted') return;
        setAnswer({ key: requestKey, load: { state: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [status, q, cursor, requestKey]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

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

  return { ...review, load, reload, decide };
}
