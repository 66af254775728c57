import 'server-only';
// The first load's history, read by the server for the browser (docs/adr/0031-the-first-load-reads-history-through-the-console.md):
// the same slices (`history-slices.ts`) the browser would ask page by page through the SDK, read
// here beside PubNub or the relay and answered as one document.
import PubNub from 'pubnub';
import type { ServerEnv } from '@/lib/env';
import type { IncomingMessage } from '@/lib/realtime/bid-store';
import { historyPageSize, type HistoryPage } from '@/lib/realtime/history-pages';
import { loadEarlier } from '@/lib/realtime/history-slices';
import { bidsChannel } from '@/lib/realtime/realtime-config';
import { embeddedKeys } from '@/relay/keys';

/**
 * Pages asked at once: no browser's six connections per host here, and each page is an index
 * lookup for PubNub or the relay.
 */
const serverParallelism = 10;

type FetchedMessage = { message: unknown; timetoken: string | number; error?: string };

/** A client of PubNub (signed with the secret key when there is one) or of the embedded relay. */
function historyClient(env: ServerEnv): PubNub {
  const cryptoModule = env.cipherKey
    ? { cryptoModule: PubNub.CryptoModule.aesCbcCryptoModule({ cipherKey: env.cipherKey }) }
    : {};
  if (env.pubnub) {
    const { subscribeKey, secretKey } = env.pubnub;
    return new PubNub({
      subscribeKey,
      ...(secretKey ? { secretKey } : {}),
      userId: 'gavel-console-server',
      ssl: true,
      ...cryptoModule,
    });
  }
  return new PubNub({
    subscribeKey: embeddedKeys.subscribeKey,
    userId: 'gavel-console-server',
    origin: `127.0.0.1:${env.relayPort}`,
    ssl: false,
    ...cryptoModule,
  });
}

/** One page of `bids` history through `client`, as `HistoryPage` reads it. */
export function historyPageOf(client: PubNub, channel = bidsChannel): HistoryPage {
  return async (before, notBefore) => {
    const answer = await client.fetchMessages({
      channels: [channel],
      count: historyPageSize,
      ...(before ? { start: before } : {}),
      ...(notBefore ? { end: notBefore } : {}),
    });
    return ((answer.channels as Record<string, FetchedMessage[]>)[channel] ?? []).map((item) => ({
      timetoken: String(item.timetoken),
      payload: item.message,
      ...(item.error ? { error: item.error } : {}),
    }));
  };
}

/**
 * The newest messages of `bids` (at most 2,000, oldest first), decrypted as the browser's SDK
 * would: what a dashboard replays on its first load.
 */
export function readEarlierMessages(env: ServerEnv): Promise<IncomingMessage[]> {
  const client = historyClient(env);
  return loadEarlier(historyPageOf(client), { parallelism: serverParallelism }).finally(() =>
    client.destroy(),
  );
}
