// GET /api/realtime/config?clientId=: what the browser needs to subscribe to `bids`.
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { browserRealtimeConfig } from '@/lib/server/realtime/browser-config';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { ApiProblem } from '@/lib/server/api/api-problem';
import { requestHostname } from '@/lib/server/api/request-host';

const clientIdSchema = z.uuid();

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ request }) => {
    const clientId = clientIdSchema.safeParse(request.nextUrl.searchParams.get('clientId'));
    if (!clientId.success)
      throw new ApiProblem('bad_request', 'clientId must be the client id (a UUID).');
    return Response.json(
      await browserRealtimeConfig(
        serverEnv(),
        requestHostname(request, serverEnv().trustProxy),
        clientId.data,
      ),
    );
  }),
});
