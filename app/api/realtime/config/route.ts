// GET /api/realtime/config[?clientId=]: what the browser needs to subscribe to `bids`. The
// console gives its client id (its PubNub userId), to which a read token is then bound.
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { browserRealtimeConfig } from '@/lib/server/realtime/browser-config';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { requestHostname } from '@/lib/server/api/request-host';

const clientIdSchema = z.uuid();

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ request }) => {
    const given = request.nextUrl.searchParams.get('clientId');
    const clientId = clientIdSchema.nullable().safeParse(given);
    if (!clientId.success)
      throw new ApiProblem('bad_request', 'clientId, when given, must be the client id (a UUID).');
    return Response.json(
      await browserRealtimeConfig(
        serverEnv(),
        requestHostname(request, serverEnv().trustProxy),
        clientId.data,
      ),
    );
  }),
});
