import 'server-only';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Actor } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import { agreementIdSchema, type BulkDecisionBody } from './agreement-input';
import type { GatingFlag } from '@/lib/server/flags/gating-flags';
import { decideAgreement, type DecideOptions } from './decide';
import { decisionAnswer } from './decision-answer';

/** One item's outcome, with the status code a single decision would have answered. */
export interface BulkItemResult {
  id: string;
  status: number;
  agreement?: Agreement;
  error?: { code: string; message: string };
  /** With `flag_unresolved`: the flags that hold this one back. */
  flags?: GatingFlag[];
}

/**
 * One decision for many agreements (contract §12), each in its own transaction, one after the
 * other: an item's conflict or refusal leaves the others decided, and each says what became of it.
 */
export async function decideAgreements(
  db: Database,
  body: BulkDecisionBody,
  account: Actor,
  options: DecideOptions = {},
): Promise<BulkItemResult[]> {
  const results: BulkItemResult[] = [];
  for (const item of body.items) {
    const id = agreementIdSchema.safeParse(item.id);
    const result = id.success
      ? await decideAgreement(
          db,
          id.data,
          { decision: body.decision, reason: body.reason, version: item.version },
          account,
          options,
        )
      : ({ outcome: 'not_found' } as const);
    const answer = decisionAnswer(result, account.role);
    if (answer.ok) {
      results.push({ id: item.id, status: 200, agreement: answer.agreement });
      continue;
    }
    const { problem, agreement, flags } = answer;
    results.push({
      id: item.id,
      status: problem.status,
      ...(agreement ? { agreement } : {}),
      error: { code: problem.code, message: problem.message },
      ...(flags ? { flags } : {}),
    });
  }
  return results;
}
