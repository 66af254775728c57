import 'server-only';
import { recordActivity } from '@/lib/server/activity/record-activity';
import { withoutQueryDetails } from '@/lib/server/http/error-summary';
import type { Actor } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import type { ExportPages } from './export';

/**
 * The export's pages, passed on as they are, with one event in the activity log (§15) once the
 * last page went out: who, which filter, which file, how many rows. A download broken off midway
 * is logged with the rows sent and `complete: false`.
 */
export async function* loggedExport(
  db: Database,
  actor: Actor,
  filter: { status: string; sale?: string; q?: string; sort?: string; format: string },
  pages: ExportPages,
): ExportPages {
  let rows = 0;
  let complete = false;
  try {
    for await (const page of pages) {
      rows += page.length;
      yield page;
    }
    complete = true;
  } finally {
    const { format, ...rest } = filter;
    const shown = Object.fromEntries(Object.entries(rest).filter(([, value]) => value));
    await recordActivity(db, {
      kind: 'agreements_exported',
      actor,
      detail: { filter: shown, format, rows, complete },
    }).catch((error: unknown) => {
      // The file went out: a log that could not be written must not turn it into a failure.
      console.error('gavel: the export could not be logged', withoutQueryDetails(error));
    });
  }
}
