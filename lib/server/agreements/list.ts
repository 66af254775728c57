import 'server-only';
import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { AgreementPage } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { agreements } from '@/lib/server/db/schema';
import type { ListQuery } from './agreement-input';
import { toAgreement } from './agreement-row';
import { encodeCursor } from './cursor';

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of agreements in arrival order (oldest first: the longest-waiting decision on top).
 * Keyset pagination on `seq`: the next page starts after the last item shown, so nothing is
 * skipped or repeated while agreements arrive or leave the filter.
 */
export async function listAgreements(db: Database, query: ListQuery): Promise<AgreementPage> {
  const conditions: SQL[] = [eq(agreements.status, query.status)];
  if (query.cursor !== undefined) conditions.push(gt(agreements.seq, query.cursor));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(agreements.lotTitle, pattern),
        ilike(agreements.lotId, pattern),
        ilike(agreements.buyer, pattern),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(agreements)
    .where(and(...conditions))
    .orderBy(asc(agreements.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toAgreement),
    nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!.seq) : null,
  };
}
