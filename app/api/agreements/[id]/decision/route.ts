// POST /api/agreements/{id}/decision: approve, or reject with a reason, at the version seen.
import { agreementIdSchema, decisionBodySchema } from '@/lib/server/agreements/agreement-input';
import { decideAgreement } from '@/lib/server/agreements/decide';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { ApiProblem } from '@/lib/server/api/api-problem';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, body: decisionBodySchema },
    async ({ db, params, body, session }) => {
      const id = agreementIdSchema.safeParse(params.id);
      if (!id.success) throw new ApiProblem('not_found', 'There is no such agreement.');
      const result = await decideAgreement(db, id.data, body, session.account);
      if (result.outcome === 'not_found')
        throw new ApiProblem('not_found', 'There is no such agreement.');
      if (result.outcome === 'conflict') {
        throw new ApiProblem(
          'conflict',
          'This agreement was decided or changed since you loaded it.',
          {},
          { agreement: result.agreement },
        );
      }
      return Response.json(result.agreement);
    },
  ),
});
