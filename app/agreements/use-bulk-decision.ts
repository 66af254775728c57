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
import { isApiError } from '@/lib/api/api-error';
import type { RowOutcome } from './agreement-list';
import type { BulkState } from './bulk-bar';

/** A bulk item's status code as what became of the row. */
function rowOutcome(result: BulkItemResult): RowOutcome {
  if (result.status === 200) {
    const status = result.agreement?.status;
    return status === 'approved' || status === 'rejected' ? status : 'waiting';
  }
  if (result.status === 409) return 'conflict';
  if (result.status === 403) return 'forbidden';
  return 'gone';
}

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
      setOutcomes(Object.fromEntries(results.map((result) => [result.id, rowOutcome(result)])));
      setSelected(new Set());
      setState({ kind: 'done', outcomes: results.map(rowOutcome) });
    } catch (error) {
      if (isApiError(error, 'unauthorized')) onSessionEnded();
      else setState({ kind: 'failed', error, retry: { agreements, decision, reason } });
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
