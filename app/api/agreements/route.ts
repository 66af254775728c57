// GET /api/agreements?status=pending&cursor=&limit=&q=: one page of agreements for staff.
import { listQuerySchema } from '@/lib/server/agreements/agreement-input';
import { listAgreements } from '@/lib/server/agreements/list';
import { apiHandler, describeZodError } from '@/lib/server/http/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';

export const GET = apiHandler({ session: true }, async ({ request, db }) => {
  // An empty parameter (`cursor=`) means "not given".
  const params = Object.fromEntries(
    [...request.nextUrl.searchParams].filter(([, value]) => value !== ''),
  );
  const query = listQuerySchema.safeParse(params);
  if (!query.success) throw new ApiProblem('bad_request', describeZodError(query.error));
  return Response.json(await listAgreements(db, query.data));
});
