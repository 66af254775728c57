import 'server-only';
// What `/dash?sale=ID` is rendered with (docs/product-contract.md §13): the sale's lots with their
// state in the record, the newest flags, and the newest messages for the feed and the rates, read
// by the page's server render so the desk paints from the record once the access check allows,
// and the browser goes live from `recordedThrough` (history from it, then its subscription)
// instead of asking for all of it first.
import { serverEnv } from '@/lib/env';
import type { FirstRead } from '@/lib/sales/first-read';
import { database } from '@/lib/server/db/connection';
import { recentFromRecord } from '@/lib/server/record/recent-messages';
import { listSalesWithLots } from './list';

/**
 * Null when there is nothing to render from: no recorder, an empty record, a sale the catalogue
 * lacks, or a read that failed (the page then loads as before, asking the API). Not brought up to
 * date first (RECORDER=on-read): the page does not wait on history; the browser reads from
 * `recordedThrough` on.
 */
export async function deskFirstRead(auctionId: string): Promise<FirstRead | null> {
  if (serverEnv().recorder === 'off') return null;
  try {
    const db = await database();
    const catalogue = await listSalesWithLots(db, { only: auctionId });
    if (catalogue.items.length === 0) return null;
    const recent = await recentFromRecord(db);
    if (!recent) return null;
    return {
      catalogue: {
        sales: catalogue.items,
        recordedThrough: catalogue.recordedThrough,
        flags: catalogue.flags,
      },
      ...recent,
    };
  } catch (error) {
    console.warn('gavel: the sale desk could not be read for its first render:', error);
    return null;
  }
}
