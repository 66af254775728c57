'use client';

import { useState } from 'react';
import type {
  Agreement,
  AgreementList,
  BulkItemResult,
  Decision,
} from '@/lib/agreements/agreement';
import { mayApprove } from '@/lib/agreements/approval';
import { isDecidable, type RowContext } from '@/lib/agreements/row-state';
import type { Viewer } from '@/lib/agreements/use-agreement-review';
import { isApiError, mayHaveActed } from '@/lib/api/api-error';
import { bulkRowOutcome, type RowOutcome } from '@/lib/agreements/bulk-outcome';
import type { BulkState } from './bulk-bar';

interface BulkOptions extends RowContext {
  /** The page the rows came from: another page selects nothing of this one. */
  page: AgreementList | null;
  items: readonly Agreement[];
  viewer: Viewer;
  decideMany: (
    agreements: Agreement[],
    decision: Decision,
    reason: string | null,
  ) => Promise<BulkItemResult[]>;
  onSessionEnded: () => void;
}

/**
 * The selection of a page's rows and the bulk decision on them (contract §12): which rows may be
 * chosen, what a bulk approval sends (only the rows this viewer may approve; a rejection sends
 * them all), the state of the call and what became of each row.
 */
export function useBulkDecision({
  page,
  items,
  viewer,
  saving,
  changedElsewhere,
  decideMany,
  onSessionEnded,
}: BulkOptions) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [state, setState] = useState<BulkState>({ kind: 'idle' });
  const [outcomes, setOutcomes] = useState<Record<string, RowOutcome>>({});
  const [selectionPage, setSelectionPage] = useState(page);
  if (selectionPage !== page) {
    setSelectionPage(page);
    setSelected(new Set());
    setOutcomes({});
    setState({ kind: 'idle' });
  }

  const selectable = items.filter((item) => isDecidable(item, { saving, changedElsewhere }));
  const chosen = selectable.filter((item) => selected.has(item.id));
  const approvable = chosen.filter((item) => mayApprove(item, viewer));

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const selectAll = (on: boolean) =>
    setSelected(new Set(on ? selectable.map((item) => item.id) : []));

  const confirm = async (agreements: Agreement[], decision: Decision, reason: string | null) => {
    setOutcomes({});
    setState({ kind: 'saving', count: agreements.length });
    try {
      const results = await decideMany(agreements, decision, reason);
      const outcomeOf = (result: BulkItemResult) =>
        bulkRowOutcome(result, decision, viewer.loginId);
      setOutcomes(Object.fromEntries(results.map((result) => [result.id, outcomeOf(result)])));
      // What was left out (rows this viewer may not approve) stays selected, to reject or leave.
      const sent = new Set(agreements.map((agreement) => agreement.id));
      setSelected((current) => new Set([...current].filter((id) => !sent.has(id))));
      setState({ kind: 'done', outcomes: results.map(outcomeOf) });
    } catch (error) {
      if (isApiError(error, 'unauthorized')) onSessionEnded();
      else
        setState({
          kind: 'failed',
          error,
          // Each row is its own transaction: a call cut short may have decided some of them.
          unknown: mayHaveActed(error),
          retry: { agreements, decision, reason },
        });
    }
  };

  return {
    selected,
    select,
    selectAll,
    selectable,
    chosen,
    approvable,
    state,
    outcomes,
    confirm,
    dismiss: () => setState({ kind: 'idle' }),
  };
}
