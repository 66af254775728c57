import 'server-only';

// Opaque page cursors of the activity log: where the last event of a page stands in the order
// (its time in whole microseconds since 1970, as stored, and its id, the tie-breaker), so the next
// page starts strictly after it whatever was written meanwhile.
const prefix = 'e1.';
const payload = /^(0|-?[1-9]\d{0,16}):([1-9]\d{0,15})$/;

export interface ActivityPosition {
  /** The event's time in microseconds since 1970, as text: no digit rounded in JavaScript. */
  atMicros: string;
  id: number;
}

export const encodeActivityCursor = (position: ActivityPosition): string =>
  prefix + Buffer.from(`${position.atMicros}:${position.id}`).toString('base64url');

/** The position a cursor names, or null when it is not one of ours. */
export function decodeActivityCursor(cursor: string): ActivityPosition | null {
  if (!cursor.startsWith(prefix)) return null;
  const match = payload.exec(Buffer.from(cursor.slice(prefix.length), 'base64url').toString());
  if (!match) return null;
  const [, atMicros = '', id = ''] = match;
  if (!Number.isSafeInteger(Number(id))) return null;
  return { atMicros, id: Number(id) };
}
