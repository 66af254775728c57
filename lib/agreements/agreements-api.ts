import { safeParse } from 'zod/mini';
import { apiRequest } from '@/lib/api/api-client';
import { isApiError } from '@/lib/api/api-error';
import {
  agreementHistorySchema,
  agreementListSchema,
  agreementSchema,
  bulkDecisionAnswerSchema,
  decisionConflictSchema,
  flagUnresolvedSchema,
  pageLimit,
  type Agreement,
  type BulkItemResult,
  type Decision,
  type GatingFlag,
} from './agreement';
import { listApiPath, type ListParams } from './list-params';

export const fetchAgreementPage = (
  params: ListParams,
  signal?: AbortSignal,
  { background = false }: { background?: boolean } = {},
) =>
  apiRequest(listApiPath(params, pageLimit.default), {
    schema: agreementListSchema,
    signal,
    background,
  });

export const fetchAgreementHistory = (id: string, signal?: AbortSignal) =>
  apiRequest(`/api/agreements/${encodeURIComponent(id)}`, {
    schema: agreementHistorySchema,
    signal,
  });

export type DecisionOutcome =
  | { outcome: 'decided'; agreement: Agreement }
  /** Someone else decided first, or the agreement changed: its current state. */
  | { outcome: 'conflict'; agreement: Agreement }
  /** Held back by the lot's flags (FLAG_GATE, contract §14): review them first. */
  | { outcome: 'flag_unresolved'; agreement: Agreement; flags: GatingFlag[] }
  | { outcome: 'failed'; error: unknown };

/** `POST /api/agreements/{id}/decision` at the version seen, folded into an outcome. */
export async function sendDecision(
  agreement: Agreement,
  decision: Decision,
  reason: string | null,
): Promise<DecisionOutcome> {
  try {
    const decided = await apiRequest(
      `/api/agreements/${encodeURIComponent(agreement.id)}/decision`,
      {
        method: 'POST',
        body: { decision, version: agreement.version, ...(reason ? { reason } : {}) },
        schema: agreementSchema,
        // The row shows its own "Saving…": the page stays usable for the next decision.
        background: true,
      },
    );
    return { outcome: 'decided', agreement: decided };
  } catch (error) {
    return conflictOrFailure(error);
  }
}

/**
 * A 409 carries the agreement as it now is: a conflict, or an approval held back by flags (with
 * them); anything else failed.
 */
function conflictOrFailure(error: unknown): DecisionOutcome {
  if (isApiError(error, 'flag_unresolved')) {
    const held = safeParse(flagUnresolvedSchema, error.body);
    if (held.success) return { outcome: 'flag_unresolved', ...held.data };
  }
  if (isApiError(error, 'conflict')) {
    const conflict = safeParse(decisionConflictSchema, error.body);
    if (conflict.success) return { outcome: 'conflict', agreement: conflict.data.agreement };
  }
  return { outcome: 'failed', error };
}

/**
 * `POST /api/agreements/decisions`: one decision for the agreements at the versions shown; each
 * item answers its own status (200, 403, 404, 409). Throws only when the call itself fails.
 */
export async function sendBulkDecision(
  agreements: readonly Agreement[],
  decision: Decision,
  reason: string | null,
): Promise<BulkItemResult[]> {
  const answer = await apiRequest('/api/agreements/decisions', {
    method: 'POST',
    body: {
      decision,
      ...(reason ? { reason } : {}),
      items: agreements.map(({ id, version }) => ({ id, version })),
    },
    schema: bulkDecisionAnswerSchema,
    background: true,
  });
  return answer.results;
}

/** `POST /api/agreements/{id}/reopen` at the version seen, folded into an outcome like a decision. */
export async function sendReopen(agreement: Agreement, reason: string): Promise<DecisionOutcome> {
  try {
    const reopened = await apiRequest(
      `/api/agreements/${encodeURIComponent(agreement.id)}/reopen`,
      {
        method: 'POST',
        body: { reason, version: agreement.version },
        schema: agreementSchema,
        background: true,
      },
    );
    return { outcome: 'decided', agreement: reopened };
  } catch (error) {
    return conflictOrFailure(error);
  }
}
