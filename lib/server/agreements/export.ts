import 'server-only';
import { captureException } from '@sentry/nextjs';
import { withoutQueryDetails } from '@/lib/server/http/error-summary';
import type { ListPosition } from './cursor';
import type { ExportPage } from './export-page';
import type { ExportFormat } from './export-query';
import type { ExportRow } from './export-row';

/** Rows read per query: memory holds one page, whatever the export's size. */
export const exportBatchSize = 500;

export type ReadPage = (after: ListPosition | undefined) => Promise<ExportPage>;

/** The export's rows a page at a time, for one writer (CSV or workbook) to format. */
export type ExportPages = AsyncGenerator<readonly ExportRow[], void, undefined>;

async function* pagesFrom(first: ExportPage, readPage: ReadPage, pageSize: number): ExportPages {
  let page = first;
  for (;;) {
    if (page.items.length > 0) yield page.items;
    // A short page is the last; a full one may be, and the next read finds nothing.
    if (page.items.length < pageSize || page.last === null) return;
    page = await readPage(page.last);
  }
}

/**
 * Every row `readPage` gives, a page at a time, each page a separate query after the last row of
 * the one before (keyset), so other requests run between them. The first page is read before this
 * resolves, so a database that fails at once is still an error answer; after that a page is read
 * only when the writer asks for it, which it does only as fast as the download goes: a slow
 * download holds one page in memory and no query open.
 */
export async function exportRowPages(
  readPage: ReadPage,
  pageSize = exportBatchSize,
): Promise<ExportPages> {
  return pagesFrom(await readPage(undefined), readPage, pageSize);
}

/**
 * A failure once the answer has begun: the download breaks off. Reported as the API reports any
 * failure, without a query's SQL and parameters (the searched words).
 */
export function reportExportFailure(error: unknown): unknown {
  const reported = withoutQueryDetails(error);
  console.error('The agreements export failed', reported);
  captureException(reported);
  return reported;
}

/** `agreements-pending-2026-11-21.csv`, with the sale when one is asked, safe in any header. */
export function exportFileName(
  status: string,
  sale: string | undefined,
  now: Date,
  extension: ExportFormat = 'csv',
): string {
  const saleName = sale
    ?.replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  const parts = ['agreements', status, saleName, now.toISOString().slice(0, 10)];
  return `${parts.filter(Boolean).join('-')}.${extension}`;
}
