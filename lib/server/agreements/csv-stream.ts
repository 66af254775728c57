import 'server-only';
import { csvRecord } from '@/lib/server/http/csv-record';
import { exportCsvFields, exportCsvHeader } from './csv';
import { reportExportFailure, type ExportPages } from './export';
import type { ExportRow } from './export-row';

const encoder = new TextEncoder();
const csvLine = (row: ExportRow): string => csvRecord(exportCsvFields(row));

/**
 * The export's rows as CSV bytes: the header, then one chunk per page. A page is asked for only
 * when the reader asks for more (high-water mark 0), so a slow download holds one page; a reader
 * that goes away ends the pages.
 */
export function exportCsv(pages: ExportPages): ReadableStream<Uint8Array> {
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(exportCsvHeader));
          return;
        }
        let next: IteratorResult<readonly ExportRow[]>;
        try {
          next = await pages.next();
        } catch (error) {
          throw reportExportFailure(error);
        }
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(csvLine).join('')));
      },
      async cancel() {
        await pages.return();
      },
    },
    { highWaterMark: 0 },
  );
}
