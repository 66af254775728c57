// POST /api/flags/{id}/review: clear or escalate a flag with a note (contract §14). Anyone may
// review an open flag; only a supervisor or admin clears an escalated one. The flag as it now is,
// announced on `staff` so every console shows the review.
import { serverEnv } from '@/lib/env';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { permissionProblem } from '@/lib/server/api/require-permission';
import { reviewBodySchema, flagIdSchema } from '@/lib/server/flags/review-input';
import { reviewFlag } from '@/lib/server/flags/review-flag';
import { announce } from '@/lib/server/record/staff-news';
import { flagReviewed } from '@/lib/realtime/staff-news';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, permission: 'review-flag', body: reviewBodySchema },
    async ({ db, params, body, session }) => {
      const id = flagIdSchema.safeParse(params.id);
      if (!id.success) throw new ApiProblem('not_found', 'There is no such flag.');
      const result = await reviewFlag(db, id.data, body, session.account);
      switch (result.outcome) {
        case 'not_found':
          throw new ApiProblem('not_found', 'There is no such flag.');
        case 'forbidden':
          throw permissionProblem(session.account.role, 'clear-escalated-flag', {
            flag: result.flag,
          });
        case 'conflict':
          throw new ApiProblem(
            'conflict',
            `This flag was ${result.flag.state} by someone else first.`,
            {},
            { flag: result.flag },
          );
        case 'reviewed':
          await announce(serverEnv(), flagReviewed(result.flag));
          return Response.json(result.flag);
      }
    },
  ),
});
