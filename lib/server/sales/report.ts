import 'server-only';
import { and, eq, exists, ne, sql, type SQL } from 'drizzle-orm';
import type { SaleReport } from '@/lib/sales/sale-report';
import type { Database } from '@/lib/server/db/database';
import { agreements, lots } from '@/lib/server/db/schema';
import { shapeSaleReport } from './report-shape';

/**
 * A sum of minor units. PostgreSQL sums `bigint` as `numeric`, which the drivers hand over as
 * text; past 2^53 minor units (some 90 trillion euros in one sale) the number is the nearest
 * double, like every other amount the API answers.
 */
const minorUnits = (sum: SQL) => sql<number>`coalesce(${sum}, 0)`.mapWith(Number);

/**
 * The report of a sale (contract §12), null when no lot of it is catalogued (the sale read's 404).
 * The database does the counting, grouped by currency: a few rows come back however many lots
 * and agreements the sale has. Where the contract is silent:
 * - "Lots offered" are the sale's catalogued lots. A lot is "with agreement" when at least one of
 *   its agreements (matched on auctionId + lotId) is not rejected: a rejected sale followed by a
 *   pending re-sale counts once, as with agreement.
 * - `approved`, `pending`, `rejected` sum every agreement of the sale in its own currency, so they
 *   match the agreements list and export filtered to the sale, including agreements whose lot the
 *   catalogue does not know (the platform closed it; the back office must still decide it). Such
 *   an agreement counts in no lot figure: it was not offered in the catalogue, has no estimate,
 *   and counting it would let `withAgreement` exceed `offered`.
 * - The estimate sums are in the lot's currency, even if a (rare) agreement is in another.
 * One read-only snapshot: a decision committed between the two reads on PostgreSQL would
 * otherwise move a lot between the counts without moving its money, or the reverse.
 */
export async function findSaleReport(db: Database, auctionId: string): Promise<SaleReport | null> {
  return db.transaction(
    async (tx) => {
      const sold = exists(
        tx
          .select({ one: sql`1` })
          .from(agreements)
          .where(
            and(
              eq(agreements.auctionId, lots.auctionId),
              eq(agreements.lotId, lots.lotId),
              ne(agreements.status, 'rejected'),
            ),
          ),
      );
      const lotTallies = await tx
        .select({
          currency: lots.currency,
          // Every lot of a sale carries its title (the ingest renames them together).
          saleTitle: sql<string>`min(${lots.saleTitle})`,
          offered: sql<number>`count(*)`.mapWith(Number),
          withAgreement: sql<number>`count(*) filter (where ${sold})`.mapWith(Number),
          lowEstimate: minorUnits(sql`sum(${lots.lowEstimate}) filter (where ${sold})`),
          highEstimate: minorUnits(sql`sum(${lots.highEstimate}) filter (where ${sold})`),
        })
        .from(lots)
        .where(eq(lots.auctionId, auctionId))
        .groupBy(lots.currency);
      if (lotTallies.length === 0) return null;

      const agreementTallies = await tx
        .select({
          currency: agreements.currency,
          status: agreements.status,
          amount: minorUnits(sql`sum(${agreements.amount})`),
        })
        .from(agreements)
        .where(eq(agreements.auctionId, auctionId))
        .groupBy(agreements.currency, agreements.status);
      return shapeSaleReport(
        { auctionId, saleTitle: lotTallies[0]!.saleTitle },
        lotTallies,
        agreementTallies,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
