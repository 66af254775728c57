import 'server-only';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Role } from '@/lib/auth/roles';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { permissionProblem } from '@/lib/server/api/require-permission';
import type { GatingFlag } from '@/lib/server/flags/gating-flags';
import type { DecisionResult } from './decide';

export type DecisionAnswer =
  | { ok: true; agreement: Agreement }
  /** The problem carries the agreement as it now is (when there is one) beside its envelope. */
  | { ok: false; problem: ApiProblem; agreement: Agreement | null; flags?: GatingFlag[] };

/** A decision's result as the API answers it: one decision's 4xx, or one item of a bulk decision. */
export function decisionAnswer(result: DecisionResult, role: Role): DecisionAnswer {
  if (result.outcome === 'decided') return { ok: true, agreement: result.agreement };
  if (result.outcome === 'not_found') {
    const problem = new ApiProblem('not_found', 'There is no such agreement.');
    return { ok: false, problem, agreement: null };
  }
  const { agreement } = result;
  if (result.outcome === 'flag_unresolved') {
    const { flags } = result;
    const problem = new ApiProblem(
      'flag_unresolved',
      flags.length === 1
        ? 'A flag on this lot must be reviewed before the agreement can be approved.'
        : `${flags.length} flags on this lot must be reviewed before the agreement can be approved.`,
      {},
      { agreement, flags },
    );
    return { ok: false, problem, agreement, flags };
  }
  const problem =
    result.outcome === 'forbidden'
      ? permissionProblem(role, 'second-approval', { agreement })
      : new ApiProblem(
          'conflict',
          result.outcome === 'already_approved'
            ? 'You gave the first approval: the second must come from another account.'
            : 'This agreement was decided or changed since you loaded it.',
          {},
          { agreement },
        );
  return { ok: false, problem, agreement };
}
