import 'server-only';
// The flags the recorder raised for one sale (docs/product-contract.md §13), newest first. Each is
// `open` until reviews come (§14), which keep their history beside it.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { lots, saleFlags } from '@/lib/server/db/schema';

export interface RecordedFlag {
  id: string;
  rule: string;
  auctionId: string;
  lotId: string;
  paddles: string[];
  bidIds: string[];
  raisedAt: string;
  timetoken: string;
  state: 'open';
  reviews: never[];
}

/** Null when the sale is unknown to the catalogue and has no flag. */
export async function saleFlagList(
  db: Database,
  auctionId: string,
): Promise<{ items: RecordedFlag[] } | null> {
  const rows = await db
    .select()
    .from(saleFlags)
    .where(eq(saleFlags.auctionId, auctionId))
    .orderBy(desc(saleFlags.timetoken), desc(saleFlags.id));
  if (rows.length === 0) {
    const [known] = await db
      .select({ lotId: lots.lotId })
      .from(lots)
      .where(eq(lots.auctionId, auctionId))
      .limit(1);
    if (!known) return null;
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      rule: row.rule,
      auctionId: row.auctionId,
      lotId: row.lotId,
      paddles: row.paddles,
      bidIds: row.bidIds,
      raisedAt: row.raisedAt.toISOString(),
      timetoken: row.timetoken,
      state: 'open' as const,
      reviews: [],
    })),
  };
}
