import 'server-only';
// Opaque page cursors: the position (`seq`) of the last item of a page, so the next page starts
// strictly after it whatever was inserted or decided meanwhile.
const prefix = 'a1.';

export function encodeCursor(seq: number): string {
  return prefix + Buffer.from(String(seq)).toString('base64url');
}

/** The position a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): number | null {
  if (!cursor.startsWith(prefix)) return null;
  const text = Buffer.from(cursor.slice(prefix.length), 'base64url').toString();
  if (!/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}
