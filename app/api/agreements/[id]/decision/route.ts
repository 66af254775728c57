// POST /api/agreements/{id}/decision: approve, or reject with a reason, at the version seen;
// at or above the approval threshold an approval may be the first of two (contract §12).
import { agreementIdSchema, decisionBodySchema } from '@/lib/server/agreements/agreement-input';
import { decideAgreement } from '@/lib/server/agreements/decide';
import { decisionAnswer } from '@/lib/server/agreements/decision-answer';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { ApiProblem } from '@/lib/server/http/api-problem';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, permission: 'decide-below-threshold', body: decisionBodySchema },
    async ({ db, params, body, session }) => {
      const id = agreementIdSchema.safeParse(params.id);
      if (!id.success) throw new ApiProblem('not_found', 'There is no such agreement.');
      const answer = decisionAnswer(
        await decideAgreement(db, id.data, body, session.account),
        session.account.role,
      );
      if (!answer.ok) throw answer.problem;
      return Response.json(answer.agreement);
    },
  ),
});
