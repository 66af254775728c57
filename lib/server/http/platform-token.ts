import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when `Authorization: Bearer <token>` names the platform's token, compared in constant time
 * (digests of equal length, so neither the content nor the length of the expected token leaks
 * through timing).
 */
export function isPlatformToken(authorization: string | null, expected: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  const same = timingSafeEqual(digest(match?.[1] ?? ''), digest(expected));
  return match !== null && same;
}
