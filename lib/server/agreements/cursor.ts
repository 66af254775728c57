import 'server-only';
import { agreementSorts, type AgreementSort } from '@/lib/agreements/agreement';

// Opaque page cursors: the sort and the position of the last item of a page (its sort key and its
// `seq`, the tie-breaker), so the next page starts strictly after it whatever was inserted or
// decided meanwhile. A cursor names its sort: it means nothing in another order.
const prefix = 'a2.';

/**
 * Where a page ends in its order: `key` is the last item's sort value as a whole number (the close
 * time in microseconds since 1970, or the amount in minor units), kept as text so that no digit
 * is rounded on its way through JavaScript.
 */
export interface ListPosition {
  key: string;
  seq: number;
}

export interface DecodedCursor {
  sort: AgreementSort;
  position: ListPosition;
}

/** `sort:key:seq`, whole numbers written as the server writes them (no sign on 0, no leading 0). */
const payload = /^(-?[a-zA-Z]+):(0|-?[1-9]\d{0,15}):(0|[1-9]\d{0,14})$/;

export function encodeCursor(sort: AgreementSort, position: ListPosition): string {
  const text = `${sort}:${position.key}:${position.seq}`;
  return prefix + Buffer.from(text).toString('base64url');
}

/** The sort and position a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): DecodedCursor | null {
  if (!cursor.startsWith(prefix)) return null;
  const text = Buffer.from(cursor.slice(prefix.length), 'base64url').toString();
  const match = payload.exec(text);
  if (!match) return null;
  const [, sort = '', key = '', seq = ''] = match;
  if (!(agreementSorts as readonly string[]).includes(sort)) return null;
  if (!Number.isSafeInteger(Number(key))) return null;
  return { sort: sort as AgreementSort, position: { key, seq: Number(seq) } };
}
