// The simulator's catalogue into the console (POST /api/platform/lots, docs/product-contract.md
// §11), through the one platform sender (platform-ingest.ts): at most 200 lots a request, an upsert
// on (auctionId, lotId), so the same lot sent twice changes nothing.
import { createPlatformIngest, type IngestOptions } from './platform-ingest.ts';

/**
 * One item of the catalogue ingest body, as the contract gives it. Amounts are integers in minor
 * units of `currency`; `reserve` null is "no reserve"; `scheduledCloseAt` ISO 8601 or null.
 */
export interface PlatformLot {
  auctionId: string;
  saleTitle: string;
  lotId: string;
  /** The running order, positive and unique within the sale. */
  lotNumber: number;
  lotTitle: string;
  currency: string;
  lowEstimate: number;
  highEstimate: number;
  reserve: number | null;
  startingBid: number;
  scheduledCloseAt: string | null;
}

export type LotIngestOptions = IngestOptions<PlatformLot>;

export function createLotIngest(options: LotIngestOptions) {
  return createPlatformIngest<PlatformLot>(
    {
      path: '/api/platform/lots',
      name: 'catalogue ingest',
      singular: 'lot',
      plural: 'lots',
      describe: (lot) => `${lot.auctionId}/${lot.lotId}`,
      batchSize: 200,
    },
    options,
  );
}
