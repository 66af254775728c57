// POST /api/agreements/{id}/reopen: a supervisor or admin sends a decided agreement back to
// pending, with a reason, at the version seen (contract §12).
import { agreementIdSchema, reopenBodySchema } from '@/lib/server/agreements/agreement-input';
import { reopenAgreement } from '@/lib/server/agreements/reopen';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { ApiProblem } from '@/lib/server/http/api-problem';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, permission: 'reopen', body: reopenBodySchema },
    async ({ db, params, body, session }) => {
      const id = agreementIdSchema.safeParse(params.id);
      if (!id.success) throw new ApiProblem('not_found', 'There is no such agreement.');
      const result = await reopenAgreement(db, id.data, body, session.account);
      if (result.outcome === 'not_found')
        throw new ApiProblem('not_found', 'There is no such agreement.');
      if (result.outcome === 'conflict') {
        throw new ApiProblem(
          'conflict',
          result.agreement.status === 'pending'
            ? 'This agreement is pending: there is no decision to reopen.'
            : 'This agreement was changed since you loaded it.',
          {},
          { agreement: result.agreement },
        );
      }
      return Response.json(result.agreement);
    },
  ),
});
