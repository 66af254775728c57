import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiProblem } from '@/lib/server/api/api-problem';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The platform's `Authorization: Bearer <token>`, compared in constant time (digests of equal
 * length, so neither the content nor the length of the expected token leaks through timing).
 */
export function assertPlatformToken(authorization: string | null, expected: string): void {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  const given = match?.[1] ?? '';
  const same = timingSafeEqual(digest(given), digest(expected));
  if (!match || !same) {
    throw new ApiProblem('unauthorized', 'A valid platform token is required.', {
      'www-authenticate': 'Bearer realm="gavel-platform"',
    });
  }
}
