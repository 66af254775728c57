import 'server-only';
// Where no process records live (RECORDER=on-read: Vercel), a sale read first brings the record
// up to date, within a 2-s budget (docs/product-contract.md §13): what it could not read in time
// the next read or the Cron call records, and the browser's subscription delivers meanwhile.
import type { ServerEnv } from '@/lib/env';
import type { Database } from '@/lib/server/db/database';
import { recordNow } from './record-now';

export const saleReadBudgetMs = 2_000;

export async function recordBeforeRead(env: ServerEnv, db: Database): Promise<void> {
  if (env.recorder !== 'on-read') return;
  try {
    await recordNow(env, db, saleReadBudgetMs);
  } catch (error) {
    // The sale is answered as recorded so far: history being down must not take the desk down.
    console.warn('gavel: the record could not be brought up to date before a sale read:', error);
  }
}
