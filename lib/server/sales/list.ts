import 'server-only';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Catalogue, SaleSummary } from '@/lib/sales/lot';
import { recordedLot } from '@/lib/sales/recorded-lot';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import { recentFlags } from '@/lib/server/record/sale-flags';
import { recordedThrough } from '@/lib/server/record/write-batch';
import type { Database } from '@/lib/server/db/database';
import { lotRecords, lots } from '@/lib/server/db/schema';
import { toLot } from './lot-row';

type Figures = Pick<SaleSummary, 'upcoming' | 'open' | 'sold' | 'passed' | 'hammerTotals'>;

/**
 * Each sale's figures from the record, over its catalogued lots: by status (a lot the record has
 * not met is upcoming) and the sold lots' hammer prices per currency. Two grouped queries.
 */
async function saleFigures(db: Database): Promise<Map<string, Figures>> {
  const catalogued = and(
    eq(lots.auctionId, lotRecords.auctionId),
    eq(lots.lotId, lotRecords.lotId),
  );
  // One after the other: inside a transaction the two would share its one connection anyway.
  const byStatus = await db
    .select({ auctionId: lots.auctionId, status: lotRecords.status, lots: count() })
    .from(lots)
    .leftJoin(lotRecords, catalogued)
    .groupBy(lots.auctionId, lotRecords.status);
  const hammers = await db
    .select({
      auctionId: lotRecords.auctionId,
      currency: lotRecords.currency,
      amount: sql<string>`sum(${lotRecords.hammer})`,
    })
    .from(lotRecords)
    .innerJoin(lots, catalogued)
    .where(and(eq(lotRecords.status, 'sold'), isNotNull(lotRecords.hammer)))
    .groupBy(lotRecords.auctionId, lotRecords.currency)
    .orderBy(asc(lotRecords.currency));
  const figures = new Map<string, Figures>();
  const of = (auctionId: string) => {
    let found = figures.get(auctionId);
    if (!found)
      figures.set(
        auctionId,
        (found = { upcoming: 0, open: 0, sold: 0, passed: 0, hammerTotals: [] }),
      );
    return found;
  };
  for (const row of byStatus) of(row.auctionId)[row.status ?? 'upcoming'] += row.lots;
  for (const row of hammers)
    if (row.currency !== null)
      of(row.auctionId).hammerTotals.push({ currency: row.currency, amount: Number(row.amount) });
  return figures;
}

/**
 * Every sale of the catalogue, by title: how many lots it has, the currencies they are in
 * (sorted, each once) and its figures from the record. Every lot of a sale carries the same
 * title, so any one of them names it.
 */
export async function listSales(db: Database): Promise<SaleSummary[]> {
  const saleTitle = sql<string>`min(${lots.saleTitle})`;
  const sales = await db
    .select({
      auctionId: lots.auctionId,
      saleTitle,
      lotCount: count(),
      currencies: sql<string[]>`array_agg(distinct ${lots.currency} order by ${lots.currency})`,
    })
    .from(lots)
    .groupBy(lots.auctionId)
    .orderBy(asc(saleTitle), asc(lots.auctionId));
  const figures = await saleFigures(db);
  const none: Figures = { upcoming: 0, open: 0, sold: 0, passed: 0, hammerTotals: [] };
  return sales.map((sale) => ({ ...sale, ...(figures.get(sale.auctionId) ?? none) }));
}

/**
 * Every sale as `listSales` has it, each with its lots in running order as `GET /api/sales/{id}`
 * answers them (their state from the record), how far the record reaches, and the newest flags
 * the recorder raised across the sales. With `only`, that sale alone (the first render of its
 * desk).
 */
export async function listSalesWithLots(
  db: Database,
  { only }: { only?: string } = {},
): Promise<Catalogue> {
  return db.transaction(
    async (tx) => {
      const sales = await listSales(tx as unknown as Database);
      const rows = await tx
        .select({ lot: lots, record: lotRecords.record })
        .from(lots)
        .leftJoin(
          lotRecords,
          and(eq(lots.auctionId, lotRecords.auctionId), eq(lots.lotId, lotRecords.lotId)),
        )
        .where(only === undefined ? undefined : eq(lots.auctionId, only))
        .orderBy(asc(lots.auctionId), asc(lots.lotNumber));
      const through = await recordedThrough(tx);
      const flags = await recentFlags(tx as unknown as Database);
      const lotsOf = Map.groupBy(
        rows.map((row) =>
          recordedLot(toLot(row.lot), (row.record ?? undefined) as LotRecord | undefined),
        ),
        (lot) => lot.auctionId,
      );
      return {
        recordedThrough: through,
        flags,
        items: sales
          .filter((sale) => only === undefined || sale.auctionId === only)
          .map((sale) => ({ ...sale, lots: lotsOf.get(sale.auctionId) ?? [] })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * How far the record reaches and the newest flags the recorder raised, those after `after` only
 * when given: the desk's light read of the flags raised since its last (`?include=flags&after=`),
 * every two seconds while bids arrive, so it leaves the sales' figures out.
 */
export async function recordedFlagsSince(
  db: Database,
  after?: string,
): Promise<Omit<Catalogue, 'items'>> {
  return db.transaction(
    async (tx) => ({
      recordedThrough: await recordedThrough(tx),
      flags: await recentFlags(tx as unknown as Database, { after }),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
