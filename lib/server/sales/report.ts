import 'server-only';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SaleReport } from '@/lib/agreements/sale-report';
import { recordedLot } from '@/lib/sales/recorded-lot';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import type { Database } from '@/lib/server/db/database';
import { agreements, lotRecords, lots } from '@/lib/server/db/schema';
import { noFlags, saleFlagCounts } from '@/lib/server/flags/lot-flag-counts';
import { toLot } from './lot-row';
import { reportLot, shapeSaleReport } from './report-shape';

/**
 * A sum of minor units. PostgreSQL sums `bigint` as `numeric`, which the drivers hand over as
 * text; past 2^53 minor units (some 90 trillion euros in one sale) the number is the nearest
 * double, like every other amount the API answers.
 */
const minorUnits = (sum: SQL) => sql<number>`coalesce(${sum}, 0)`.mapWith(Number);

/**
 * The report of a sale (contract §12, §14), null when no lot of it is catalogued (the sale read's
 * 404). Every catalogued lot is read with its record, as `GET /api/sales/{auctionId}` reads them,
 * so the lot table shows the states the desk shows; the lot counts are taken from that table.
 * Where the contract is silent:
 * - "Lots offered" are the sale's catalogued lots. A lot is "with agreement" when at least one of
 *   its agreements (matched on auctionId + lotId) is not rejected: a rejected sale followed by a
 *   pending re-sale counts once, as with agreement.
 * - `approved`, `pending`, `rejected` sum every agreement of the sale in its own currency, so they
 *   match the agreements list and export filtered to the sale, including agreements whose lot the
 *   catalogue does not know (the platform closed it; the back office must still decide it). Such
 *   an agreement counts in no lot figure: it was not offered in the catalogue, has no estimate,
 *   and counting it would let `withAgreement` exceed `offered`.
 * - The estimate sums are in the lot's currency, even if a (rare) agreement is in another.
 * One read-only snapshot: a decision or a recorded close committed between the reads on
 * PostgreSQL would otherwise show a lot's agreement, state or flags from two moments.
 */
export async function findSaleReport(db: Database, auctionId: string): Promise<SaleReport | null> {
  return db.transaction(
    async (tx) => {
      const rows = await tx
        .select({ lot: lots, record: lotRecords.record })
        .from(lots)
        .leftJoin(
          lotRecords,
          and(eq(lotRecords.auctionId, lots.auctionId), eq(lotRecords.lotId, lots.lotId)),
        )
        .where(eq(lots.auctionId, auctionId))
        .orderBy(asc(lots.lotNumber));
      if (rows.length === 0) return null;

      // One agreement per lot: the newest not rejected (false sorts first), else the newest.
      const lotAgreements = await tx
        .selectDistinctOn([agreements.lotId], {
          lotId: agreements.lotId,
          id: agreements.id,
          status: agreements.status,
        })
        .from(agreements)
        .where(eq(agreements.auctionId, auctionId))
        .orderBy(
          asc(agreements.lotId),
          sql`${agreements.status} = 'rejected'`,
          desc(agreements.closedAt),
          desc(agreements.seq),
        );
      const agreementOf = new Map(
        lotAgreements.map(({ lotId, id, status }) => [lotId, { id, status }]),
      );
      const flags = await saleFlagCounts(tx, auctionId);

      const agreementTallies = await tx
        .select({
          currency: agreements.currency,
          status: agreements.status,
          amount: minorUnits(sql`sum(${agreements.amount})`),
        })
        .from(agreements)
        .where(eq(agreements.auctionId, auctionId))
        .groupBy(agreements.currency, agreements.status);

      const table = rows.map(({ lot, record }) =>
        reportLot(
          recordedLot(toLot(lot), (record ?? undefined) as LotRecord | undefined),
          agreementOf.get(lot.lotId) ?? null,
          flags.get(lot.lotId) ?? noFlags,
        ),
      );
      // Every lot of a sale carries its title (the ingest renames them together).
      return shapeSaleReport(
        { auctionId, saleTitle: rows[0]!.lot.saleTitle },
        table,
        agreementTallies,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
