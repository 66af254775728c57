import 'server-only';
import { asc, count, sql } from 'drizzle-orm';
import type { Catalogue, SaleSummary } from '@/lib/sales/lot';
import type { Database } from '@/lib/server/db/database';
import { lots } from '@/lib/server/db/schema';
import { toLot } from './lot-row';

/**
 * Every sale of the catalogue, by title: how many lots it has and the currencies they are in
 * (sorted, each once). Every lot of a sale carries the same title, so any one of them names it.
 */
export async function listSales(db: Database): Promise<SaleSummary[]> {
  const saleTitle = sql<string>`min(${lots.saleTitle})`;
  return db
    .select({
      auctionId: lots.auctionId,
      saleTitle,
      lotCount: count(),
      currencies: sql<string[]>`array_agg(distinct ${lots.currency} order by ${lots.currency})`,
    })
    .from(lots)
    .groupBy(lots.auctionId)
    .orderBy(asc(saleTitle), asc(lots.auctionId));
}

/** Every sale as `listSales` has it, each with its lots in running order: two queries in all. */
export async function listSalesWithLots(db: Database): Promise<Catalogue['items']> {
  const [sales, rows] = await Promise.all([
    listSales(db),
    db.select().from(lots).orderBy(asc(lots.auctionId), asc(lots.lotNumber)),
  ]);
  const lotsOf = Map.groupBy(rows.map(toLot), (lot) => lot.auctionId);
  return sales.map((sale) => ({ ...sale, lots: lotsOf.get(sale.auctionId) ?? [] }));
}
