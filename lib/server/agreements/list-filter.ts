import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { agreements } from '@/lib/server/db/schema';
import type { ListFilter } from './agreement-input';

/** The distinct words of a search: each must occur somewhere for an agreement to match. */
export function searchWords(q: string | undefined): string[] {
  return [...new Set(q?.split(/\s+/).filter((word) => word !== ''))];
}

/**
 * `search_text LIKE '%word%'` with the word folded as the rows are (`search_fold`: lower case, no
 * accents; docs/adr/0012-agreement-search.md) and its `%`, `_` and `\` escaped after folding,
 * since folding may make them (a full-width `％` becomes `%`). The trigram index serves it.
 */
function containsWord(word: string): SQL {
  const folded = sql`search_fold(${word})`;
  const escaped = sql`replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return sql`${agreements.searchText} like '%' || ${escaped} || '%'`;
}

/** The agreements of a status, of one sale if asked, that every word of `q` finds. */
export function filterConditions(filter: Pick<ListFilter, 'status' | 'sale' | 'q'>): SQL[] {
  return [
    eq(agreements.status, filter.status),
    ...(filter.sale ? [eq(agreements.auctionId, filter.sale)] : []),
    ...searchWords(filter.q).map(containsWord),
  ];
}
