// `POST /api/flags/{id}/review` (docs/product-contract.md §14), folded into an outcome as the
// agreements' decisions are: reviewed, reviewed by someone else first (the flag as it now is),
// refused for the role, or failed (with the error, to say why and offer a retry).
import { safeParse } from 'zod/mini';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api/api-client';
import { isApiError } from '@/lib/api/api-error';
import type { ReviewOutcome } from '@/lib/sale-desk/flags/flag-review';
import { recordedFlagSchema, type RecordedFlag } from './recorded-flag';

export type FlagReviewOutcome =
  | { outcome: 'reviewed'; flag: RecordedFlag }
  | { outcome: 'conflict'; flag: RecordedFlag }
  | { outcome: 'forbidden' }
  | { outcome: 'failed'; error: unknown };

const withFlagSchema = z.object({ flag: recordedFlagSchema });

export async function sendFlagReview(
  id: string,
  outcome: ReviewOutcome,
  note: string,
): Promise<FlagReviewOutcome> {
  try {
    const flag = await apiRequest(`/api/flags/${encodeURIComponent(id)}/review`, {
      method: 'POST',
      body: { outcome, note },
      schema: recordedFlagSchema,
      // The item shows its own "Saving…": the desk stays usable meanwhile.
      background: true,
    });
    return { outcome: 'reviewed', flag };
  } catch (error) {
    if (isApiError(error, 'conflict')) {
      const answer = safeParse(withFlagSchema, error.body);
      if (answer.success) return { outcome: 'conflict', flag: answer.data.flag };
    }
    if (isApiError(error, 'forbidden')) return { outcome: 'forbidden' };
    return { outcome: 'failed', error };
  }
}
