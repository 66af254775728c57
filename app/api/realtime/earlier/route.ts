// GET /api/realtime/earlier: the newest messages of `bids` (at most 2,000, oldest first), read by
// the server in one answer: the dashboard's first load replays them (docs/adr/0031).
import { serverEnv } from '@/lib/env';
import { ApiProblem } from '@/lib/server/api/api-problem';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { readEarlierMessages } from '@/lib/server/realtime/earlier-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async () => {
    let messages;
    try {
      messages = await readEarlierMessages(serverEnv());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`gavel: the history of bids could not be read (${reason})`);
      throw new ApiProblem('unavailable', 'The history of bids could not be read; try again.');
    }
    return Response.json({ messages });
  }),
});
