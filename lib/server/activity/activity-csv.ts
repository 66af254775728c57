import 'server-only';
import { captureException } from '@sentry/nextjs';
import type { ActivityItem } from '@/lib/activity/activity-kinds';
import { csvRecord } from '@/lib/server/http/csv-record';
import { withoutQueryDetails } from '@/lib/server/http/error-summary';
import type { Database } from '@/lib/server/db/database';
import type { ActivityFilter } from './activity-query';
import type { ActivityPosition } from './activity-cursor';
import { readActivityPage, type ActivityPage } from './read-activity';

/** Events read per query: memory holds one page, whatever the log's size. */
export const activityCsvBatchSize = 500;

const columns = ['at', 'kind', 'actorLoginId', 'actorName', 'subject', 'detail'] as const;
const csvLine = (item: ActivityItem): string =>
  csvRecord([
    item.at,
    item.kind,
    item.actor.loginId,
    item.actor.displayName ?? '',
    item.subject ?? '',
    JSON.stringify(item.detail),
  ]);

const encoder = new TextEncoder();

/** `activity-2026-11-21.csv`: the day it was taken, in UTC. */
export const activityCsvFileName = (now: Date) => `activity-${now.toISOString().slice(0, 10)}.csv`;

function reportFailure(error: unknown): unknown {
  const reported = withoutQueryDetails(error);
  console.error('The activity export failed', reported);
  captureException(reported);
  return reported;
}

/**
 * The whole filtered log as CSV (RFC 4180, formula-safe cells, the agreements export's writer): the
 * header, then a page of events per chunk, each page a keyset query read only when the download
 * asks for more. The first page is read before this resolves, so a database that fails at once is
 * still an error answer rather than a broken download.
 */
export async function activityCsv(
  db: Database,
  filter: ActivityFilter,
  batchSize = activityCsvBatchSize,
  /** Once the last event is read: how many (the export is logged, §15), before the file ends. */
  onEnd: (rows: number) => Promise<void> | void = () => undefined,
): Promise<ReadableStream<Uint8Array>> {
  // The page to send next; null: the next one is read after `last` when the download asks.
  let page: ActivityPage | null = await readActivityPage(db, filter, undefined, batchSize);
  let last: ActivityPosition | null = null;
  let headerSent = false;
  let rows = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvRecord(columns)));
          return;
        }
        let current: ActivityPage;
        try {
          current = page ?? (await readActivityPage(db, filter, last ?? undefined, batchSize));
        } catch (error) {
          throw reportFailure(error);
        }
        page = null;
        if (current.items.length > 0) {
          controller.enqueue(encoder.encode(current.items.map(csvLine).join('')));
          rows += current.items.length;
        }
        if (current.more && current.last) last = current.last;
        else {
          await onEnd(rows);
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
}
