// POST /api/agreements/decisions: one decision for 1 to 100 agreements, each in its own
// transaction; 200 with every item's own status (contract §12).
import { bulkDecisionBodySchema } from '@/lib/server/agreements/agreement-input';
import { decideAgreements } from '@/lib/server/agreements/bulk-decide';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, permission: 'decide-below-threshold', body: bulkDecisionBodySchema },
    async ({ db, body, session }) =>
      Response.json({ results: await decideAgreements(db, body, session.account) }),
  ),
});
