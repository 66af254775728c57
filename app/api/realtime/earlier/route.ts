// GET /api/realtime/earlier: the newest 2,000 messages of `bids`, oldest first, read by the server
// in one answer for the dashboard's first load (docs/adr/0031).
import { serverEnv } from '@/lib/env';
import { ApiProblem } from '@/lib/server/api/api-problem';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { HistoryUnavailable, readEarlierMessages } from '@/lib/server/realtime/earlier-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async () => {
    try {
      return Response.json({ messages: await readEarlierMessages(serverEnv()) });
    } catch (error) {
      // Anything else is a defect: the wrapper reports it as one.
      if (!(error instanceof HistoryUnavailable)) throw error;
      console.warn(`gavel: ${error.message}`);
      throw new ApiProblem('unavailable', 'The history of bids could not be read; try again.');
    }
  }),
});
