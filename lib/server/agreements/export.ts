import 'server-only';
import { captureException } from '@sentry/nextjs';
import { withoutQueryDetails } from '@/lib/server/api/error-summary';
import type { ListPosition } from './cursor';
import { agreementCsvFields, agreementCsvHeader, csvRecord } from './csv';
import type { AgreementBatch } from './list';

/** Rows read per query: memory holds one batch, whatever the export's size. */
export const exportBatchSize = 500;

export type ReadBatch = (after: ListPosition | undefined) => Promise<AgreementBatch>;

const encoder = new TextEncoder();
const csvOf = (batch: AgreementBatch) =>
  encoder.encode(batch.items.map((agreement) => csvRecord(agreementCsvFields(agreement))).join(''));

/**
 * Every agreement `readBatch` gives, as CSV bytes: the header, then one chunk per batch. The first
 * batch is read before the stream is handed out, so a database that fails at once is still an
 * error answer; after that a batch is read only when the reader asks for more (high-water mark 0):
 * a slow download holds one batch in memory and no query open. The batches are separate queries,
 * each after the last row of the one before (keyset), so other requests run between them.
 */
export async function agreementsCsv(
  readBatch: ReadBatch,
  batchSize = exportBatchSize,
): Promise<ReadableStream<Uint8Array>> {
  let firstBatch: AgreementBatch | null = await readBatch(undefined);
  let after: ListPosition | undefined;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvRecord(agreementCsvHeader)));
          return;
        }
        let batch: AgreementBatch;
        try {
          batch = firstBatch ?? (await readBatch(after));
        } catch (error) {
          // The answer has begun: the download breaks off. Report it as the API does any failure,
          // without the query's SQL and parameters (the searched words).
          const reported = withoutQueryDetails(error);
          console.error('The agreements export failed', reported);
          captureException(reported);
          throw reported;
        }
        firstBatch = null;
        if (batch.items.length > 0) controller.enqueue(csvOf(batch));
        // A short batch is the last; a full one may be, and the next read finds nothing.
        if (batch.items.length < batchSize || batch.last === null) controller.close();
        else after = batch.last;
      },
    },
    { highWaterMark: 0 },
  );
}

/** `agreements-pending-2026-11-21.csv`, with the sale when one is asked, safe in any header. */
export function exportFileName(status: string, sale: string | undefined, now: Date): string {
  const saleName = sale
    ?.replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  const parts = ['agreements', status, saleName, now.toISOString().slice(0, 10)];
  return `${parts.filter(Boolean).join('-')}.csv`;
}
