import 'server-only';
import type { Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/server/db/database';
import { findAccount } from './accounts';
import { spendVerifyTime, verifyPassword } from './password';
import { clearLoginFailures, reserveSignInAttempt, withdrawAttempt } from './rate-limit';
import { createSession } from './sessions';

export type SignInResult =
  | {
      outcome: 'signed-in';
      user: { loginId: string; displayName: string; role: Role };
      accessTokenId: string;
      cookieValue: string;
      expiresAt: Date;
    }
  | { outcome: 'rate-limited'; retryAfterSeconds: number }
  | { outcome: 'invalid-credentials' };

/**
 * Checks credentials and opens a new session. Every failure (unknown id, wrong password,
 * disabled account) is the same outcome after the same argon2 work; limits come first.
 */
export async function signIn(
  db: Database,
  input: { loginId: string; password: string; clientAddress: string | null },
  signingSecret: string,
  now = new Date(),
): Promise<SignInResult> {
  const attempt = await reserveSignInAttempt(db, input.loginId, input.clientAddress, now);
  if ('retryAfter' in attempt)
    return { outcome: 'rate-limited', retryAfterSeconds: attempt.retryAfter };

  const account = await findAccount(db, input.loginId);
  const passwordMatches = account
    ? await verifyPassword(account.passwordHash, input.password)
    : (await spendVerifyTime(input.password), false);

  // A failure was counted when the attempt was reserved: nothing more to record.
  if (!account || !passwordMatches || account.disabledAt) return { outcome: 'invalid-credentials' };

  await withdrawAttempt(db, attempt.attemptId);
  await clearLoginFailures(db, account.loginId, now);
  const session = await createSession(db, account.id, signingSecret, now);
  return {
    outcome: 'signed-in',
    user: { loginId: account.loginId, displayName: account.displayName, role: account.role },
    accessTokenId: session.sessionId,
    cookieValue: session.cookieValue,
    expiresAt: session.expiresAt,
  };
}
