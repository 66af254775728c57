import 'server-only';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './database';

/** Rows written before the embedded database's statistics are refreshed again. */
const analyzeEvery = 500;
let rowsSinceAnalyze = 0;

/**
 * PGlite runs no autovacuum, so its tables are never analysed and the planner, guessing a few
 * dozen rows, reads every pending agreement after a cursor and sorts them instead of stopping
 * after one page (docs/benchmarks.md). The embedded database refreshes its statistics at start
 * and after every 500 ingested rows; PostgreSQL does this on its own.
 */
export async function refreshPlannerStatistics(
  handle: DatabaseHandle,
  rowsWritten: number | 'start',
): Promise<void> {
  if (handle.kind !== 'pglite') return;
  if (rowsWritten !== 'start') {
    rowsSinceAnalyze += rowsWritten;
    if (rowsSinceAnalyze < analyzeEvery) return;
  }
  rowsSinceAnalyze = 0;
  await handle.db.execute(sql`analyze`);
}
