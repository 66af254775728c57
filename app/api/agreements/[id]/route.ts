// GET /api/agreements/{id}: one agreement with its decision log.
import { agreementIdSchema } from '@/lib/server/agreements/agreement-input';
import { agreementHistory } from '@/lib/server/agreements/history';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { ApiProblem } from '@/lib/server/http/api-problem';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db, params }) => {
    const id = agreementIdSchema.safeParse(params.id);
    const history = id.success ? await agreementHistory(db, id.data) : null;
    if (!history) throw new ApiProblem('not_found', 'There is no such agreement.');
    return Response.json(history);
  }),
});
