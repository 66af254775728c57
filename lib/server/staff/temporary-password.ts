import 'server-only';
import { randomInt } from 'node:crypto';

/** Letters and digits nobody mistakes for another when reading aloud: no 0/O/o, 1/I/l/i. */
export const temporaryPasswordAlphabet = '23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const groups = 4;
const groupLength = 4;

/**
 * A password an admin reads out once to a new or locked-out staff member, who changes it at the
 * next sign-in: 16 characters of 55 (about 92 bits), in groups of four (`k7Qp-x2Mz-…`).
 * `pick(n)` answers an integer below n, uniformly; crypto's by default.
 */
export function temporaryPassword(pick: (n: number) => number = randomInt): string {
  const group = () =>
    Array.from(
      { length: groupLength },
      () => temporaryPasswordAlphabet[pick(temporaryPasswordAlphabet.length)],
    ).join('');
  return Array.from({ length: groups }, group).join('-');
}
