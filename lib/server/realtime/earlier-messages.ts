import 'server-only';
// The first load's history, read by the server for the browser (docs/adr/0031): the slices of
// `history-slices.ts`, read here beside PubNub or the relay and answered as one document.
import type { ServerEnv } from '@/lib/env';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { historyPageThrough } from '@/lib/realtime/history-fetch';
import { loadEarlier } from '@/lib/realtime/history-slices';
import { bidsChannel } from '@/lib/realtime/realtime-config';
import { serverPubnubClient } from './server-client';

/**
 * Pages asked at once: no browser's six connections per host here, and each page is an index
 * lookup for PubNub or the relay.
 */
const serverParallelism = 10;

/**
 * The whole read's budget. Past it the browser is better off reading through its own SDK, which
 * it does on a failure, within its first load's 15 s.
 */
export const earlierReadBudgetMs = 5_000;

/**
 * A read answers every request that comes while it runs and for this long after: a page reloaded
 * in a loop, or a room of clerks opening the desk at once, costs PubNub one read a second per
 * instance, not one per request.
 */
export const earlierReuseMs = 1_000;

/** History could not be read (PubNub or the relay failing, or slower than the budget). */
export class HistoryUnavailable extends Error {
  constructor(reason: string) {
    super(`the history of bids could not be read: ${reason}`);
    this.name = 'HistoryUnavailable';
  }
}

/** What PubNub's SDK throws for a request that failed (refused, unreachable, timed out). */
const isSdkFailure = (error: unknown) => error instanceof Error && error.name === 'PubNubError';

async function readOnce(env: ServerEnv): Promise<IncomingMessage[]> {
  const client = serverPubnubClient(env, {
    userId: 'gavel-console-server',
    requestTimeoutSeconds: earlierReadBudgetMs / 1000,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let overBudget = false;
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      overBudget = true;
      reject(new HistoryUnavailable(`no answer within ${earlierReadBudgetMs} ms`));
    }, earlierReadBudgetMs);
  });
  try {
    const read = loadEarlier(historyPageThrough(client, bidsChannel), {
      parallelism: serverParallelism,
      isCancelled: () => overBudget,
    });
    return await Promise.race([read, budget]);
  } catch (error) {
    if (isSdkFailure(error)) throw new HistoryUnavailable((error as Error).message);
    throw error;
  } finally {
    clearTimeout(timer);
    client.destroy();
  }
}

let shared: { read: Promise<IncomingMessage[]>; settledAt: number | null } | null = null;

/**
 * The newest messages of `bids` (at most 2,000, oldest first), decrypted as the browser's SDK
 * would: what a dashboard replays on its first load. Fails with `HistoryUnavailable` when they
 * cannot be read within the budget.
 */
export function readEarlierMessages(env: ServerEnv, now = Date.now): Promise<IncomingMessage[]> {
  if (shared && (shared.settledAt === null || now() - shared.settledAt < earlierReuseMs))
    return shared.read;
  const current: NonNullable<typeof shared> = { read: readOnce(env), settledAt: null };
  shared = current;
  const settle = () => {
    current.settledAt = now();
  };
  current.read.then(settle, () => {
    // A failure is not kept: the next request reads again.
    if (shared === current) shared = null;
  });
  return current.read;
}
