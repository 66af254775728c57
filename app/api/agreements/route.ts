// GET /api/agreements?status=pending&sale=&q=&sort=&cursor=&limit=: a page of agreements for staff.
import { listQuerySchema } from '@/lib/server/agreements/agreement-input';
import { listAgreements } from '@/lib/server/agreements/list';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true, query: listQuerySchema }, async ({ query, db }) =>
    Response.json(await listAgreements(db, query)),
  ),
});
