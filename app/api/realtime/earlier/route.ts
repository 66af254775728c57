// GET /api/realtime/earlier: the dashboard's first load in one answer. From the console's record
// when it holds one (the newest 500 messages, the bids before them counted for the rates, and
// `recordedThrough`, docs/product-contract.md §13); else the newest 2,000 messages of `bids`
// history, read by the server (docs/adr/0031). Oldest first either way.
import { serverEnv } from '@/lib/env';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { HistoryUnavailable, readEarlierMessages } from '@/lib/server/realtime/earlier-messages';
import { recentFromRecord } from '@/lib/server/record/recent-messages';
import { recordBeforeRead } from '@/lib/server/record/record-before-read';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db }) => {
    const env = serverEnv();
    if (env.recorder !== 'off') {
      await recordBeforeRead(env, db);
      const recent = await recentFromRecord(db);
      if (recent) return Response.json(recent);
    }
    try {
      return Response.json({ messages: await readEarlierMessages(env) });
    } catch (error) {
      // Anything else is a defect: the wrapper reports it as one.
      if (!(error instanceof HistoryUnavailable)) throw error;
      console.warn(`gavel: ${error.message}`);
      throw new ApiProblem('unavailable', 'The history of bids could not be read; try again.');
    }
  }),
});
