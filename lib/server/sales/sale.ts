import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Sale } from '@/lib/sales/lot';
import type { Database } from '@/lib/server/db/database';
import { lots } from '@/lib/server/db/schema';
import { toLot } from './lot-row';

/** One sale and its lots in running order (lot number); null when no lot of it is known. */
export async function findSale(db: Database, auctionId: string): Promise<Sale | null> {
  const rows = await db
    .select()
    .from(lots)
    .where(eq(lots.auctionId, auctionId))
    .orderBy(asc(lots.lotNumber));
  if (rows.length === 0) return null;
  return { auctionId, saleTitle: rows[0]!.saleTitle, lots: rows.map(toLot) };
}
