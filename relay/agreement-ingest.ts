// Sold lots into the console (POST /api/platform/agreements, docs/product-contract.md §5.3),
// through the one platform sender (platform-ingest.ts): at most 100 agreements a request, each
// named by its platformId, on which the console is idempotent.
import type { IngestItem } from '../lib/server/agreements/agreement-input.ts';
import { createPlatformIngest, type IngestOptions } from './platform-ingest.ts';

/** One item of the ingest body: the console's own type (a type import, erased at run time). */
export type PlatformAgreement = IngestItem;

export type AgreementIngestOptions = IngestOptions<PlatformAgreement>;

export function createAgreementIngest(options: AgreementIngestOptions) {
  return createPlatformIngest<PlatformAgreement>(
    {
      path: '/api/platform/agreements',
      name: 'agreement ingest',
      singular: 'agreement',
      plural: 'agreements',
      describe: (agreement) => agreement.platformId,
      batchSize: 100,
    },
    options,
  );
}
