import 'server-only';
// The console's server announces flags raised and reviewed on `staff` (contract §14), so every
// signed-in console shows them within 2 s. Best effort: the record is the truth, and a desk that
// missed an announcement reads the flags again (lib/sales/desk-flags.ts); a failed publish is
// logged, never the failure of the review or the batch that caused it.
import { inArray } from 'drizzle-orm';
import PubNub from 'pubnub';
import type { ServerEnv } from '@/lib/env';
import type { Database } from '@/lib/server/db/database';
import { saleFlags } from '@/lib/server/db/schema';
import { withBids } from '@/lib/server/record/sale-flags';
import { serverPubnubClient } from '@/lib/server/realtime/server-client';
import { staffChannel } from '@/lib/realtime/realtime-config';
import { flagRaised, type StaffNews } from '@/lib/realtime/staff-news';
import { embeddedKeys } from '@/lib/server/realtime/embedded-keys';

/** The user id the console's server publishes with: not staff, never counted as watching. */
const publisherUserId = 'gavel-console-news';

let client: PubNub | null = null;
let warned = false;

/** A publishing client: PubNub's publish key, or the embedded relay's; null without one. */
function publisher(env: ServerEnv): PubNub | null {
  const publishKey = env.pubnub ? env.pubnub.publishKey : embeddedKeys.publishKey;
  if (!publishKey) {
    if (!warned) console.warn('gavel: no PUBNUB_PUBLISH_KEY: flag news is not announced on staff');
    warned = true;
    return null;
  }
  client ??= serverPubnubClient(env, {
    userId: publisherUserId,
    requestTimeoutSeconds: 2,
    keepAlive: true,
    publishKey,
  });
  return client;
}

export async function announce(env: ServerEnv, news: StaffNews): Promise<void> {
  const pubnub = publisher(env);
  if (!pubnub) return;
  try {
    // Not stored in history: the record holds the flags; news is only for who is listening now.
    await pubnub.publish({ channel: staffChannel, message: news as never, storeInHistory: false });
  } catch (error) {
    console.warn('gavel: a flag could not be announced on staff:', (error as Error).message);
  }
}

/**
 * Announces the flags a batch of the recorder raised, with their bids as recorded. Never throws:
 * the batch is recorded whatever becomes of its news.
 */
export async function announceRaised(
  env: ServerEnv,
  db: Database,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  try {
    const rows = await db
      .select()
      .from(saleFlags)
      .where(inArray(saleFlags.id, [...ids]));
    const flags = await withBids(db, rows);
    // At once: a relay or PubNub that does not answer costs one timeout, not one per flag.
    await Promise.all(flags.map((flag) => announce(env, flagRaised(flag))));
  } catch (error) {
    console.warn('gavel: raised flags could not be announced:', (error as Error).message);
  }
}
