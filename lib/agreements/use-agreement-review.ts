'use client';

import { useCallback, useEffect, useReducer, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import type { Role } from '@/lib/auth/roles';
import type { Agreement, AgreementList, BulkItemResult, Decision } from './agreement';
import {
  fetchAgreementPage,
  sendBulkDecision,
  sendDecision,
  sendReopen,
  type DecisionOutcome,
} from './agreements-api';
import type { ListParams } from './list-params';
import { pageChanges, shownCounts, type PageChanges } from './page-changes';
import { reviewReducer, type ReviewState } from './review-state';
import { onSessionEnded } from '@/lib/api/session-ended';

export interface Viewer {
  loginId: string;
  displayName: string;
  role: Role;
}

/**
 * How often the screen asks whether its page changed (others deciding, new agreements): new
 * agreements are to be noticed within 5 s on any page (contract §12).
 */
const changeCheckMs = 5_000;

const noChanges: PageChanges = { changedElsewhere: [], added: 0 };

/**
 * The page the server rendered for the URL, and decisions on it: shown at once, confirmed or
 * rolled back by the server's answer. A new page from the server (navigation, refresh) replaces
 * the rows; meanwhile a quiet check every 20 s tells what others changed.
 */
export function useAgreementReview(params: ListParams, page: AgreementList, viewer: Viewer) {
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

  const { status, q, sale, sort, cursor } = params;
  const { items, saving } = review;
  useEffect(() => {
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (document.hidden) return;
      fetchAgreementPage({ status, q, sale, sort, cursor }, controller.signal, {
        background: true,
      }).then(
        (fresh) => setChanges(pageChanges(items, saving, fresh, status, page.total)),
        // A failed check changes nothing on screen; the next one tries again, unless the session
        // ended (the screen is the sign-in prompt now, and every check would be refused).
        (error: unknown) => {
          if (isApiError(error, 'unauthorized')) clearInterval(timer);
        },
      );
    }, changeCheckMs);
    // Ended elsewhere (the tab's session watch heard it first): no check is asked any more.
    const stopListening = onSessionEnded(() => clearInterval(timer));
    return () => {
      clearInterval(timer);
      stopListening();
      controller.abort();
    };
  }, [status, q, sale, sort, cursor, items, saving, page.total]);

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

  /** One decision for many rows: each shown as saving, then as the server left it. */
  const decideMany = useCallback(
    async (
      agreements: readonly Agreement[],
      decision: Decision,
      reason: string | null,
    ): Promise<BulkItemResult[]> => {
      const at = new Date();
      for (const agreement of agreements)
        dispatch({ type: 'decided', id: agreement.id, decision, reason, by: viewer, at });
      try {
        const results = await sendBulkDecision(agreements, decision, reason);
        const byId = new Map(results.map((result) => [result.id, result]));
        for (const agreement of agreements) {
          const current = byId.get(agreement.id)?.agreement;
          dispatch(
            current ? { type: 'settled', agreement: current } : { type: 'rolledBack', agreement },
          );
        }
        return results;
      } catch (error) {
        for (const agreement of agreements) dispatch({ type: 'rolledBack', agreement });
        throw error;
      }
    },
    [viewer],
  );

  /** Sends a decided agreement back to pending; the row shows what the server answers. */
  const reopen = useCallback(async (agreement: Agreement, reason: string) => {
    const outcome = await sendReopen(agreement, reason);
    if (outcome.outcome !== 'failed') dispatch({ type: 'replaced', agreement: outcome.agreement });
    return outcome;
  }, []);

  return {
    items,
    saving,
    nextCursor: page.nextCursor,
    counts: shownCounts(page.total, items, status),
    changes,
    decide,
    decideMany,
    reopen,
  };
}
