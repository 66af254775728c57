import { safeParse } from 'zod/mini';
import { apiRequest } from '@/lib/api/api-client';
import { isApiError } from '@/lib/api/api-error';
import {
  agreementHistorySchema,
  agreementPageSchema,
  agreementSchema,
  decisionConflictSchema,
  pageLimit,
  type Agreement,
  type Decision,
} from './agreement';
import { listApiPath, type ListParams } from './list-params';

export const fetchAgreementPage = (
  params: ListParams,
  signal?: AbortSignal,
  { background = false }: { background?: boolean } = {},
) =>
  apiRequest(listApiPath(params, pageLimit.default), {
    schema: agreementPageSchema,
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
    if (isApiError(error, 'conflict')) {
      const conflict = safeParse(decisionConflictSchema, error.body);
      if (conflict.success) return { outcome: 'conflict', agreement: conflict.data.agreement };
    }
    return { outcome: 'failed', error };
  }
}
